// The shared outbox (src/lib/outbox.ts) with its lanes on fake-indexeddb: a Boost answer and
// picks flushed in one pass through the one REST sender, the newest answer winning, a locked game
// refusing without losing the answer, Pro picks settled by slot, an answer refused for good not
// holding back the other lanes, and sign-out keeping what was not sent. The requests go to a stand-in PostgREST (tests/support/fake-rest.ts).
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answersLane, recordAnswer } from '../../src/lib/game/answer-drafts';
import { recordPick } from '../../src/lib/game/pick-drafts';
import { QuinielazoDb } from '../../src/lib/db';
import { anyLane, flushLanes, forgetSignedOutUser } from '../../src/lib/outbox';
import { OUTBOX_LANES } from '../../src/lib/outbox-lanes';
import { proDraftsOfRound, proPicksLane, recordProPick } from '../../src/lib/game/pro-pick-drafts';
import { fakeRest, offline, refusedByPolicy, savedRows } from '../support/fake-rest';

const USER = '22222222-2222-4222-8222-222222222222';
let factory: IDBFactory;
let db: QuinielazoDb;

beforeEach(() => {
  factory = new IDBFactory();
  db = new QuinielazoDb('outbox-lanes-test', { indexedDB: factory, IDBKeyRange });
});
afterEach(() => db.close());

/** PostgREST saving every upsert of every lane, each row stamped with its own time. */
const server = (opts: { closedTable?: string } = {}) =>
  fakeRest(({ table, rows }) => {
    if (table === opts.closedTable) return refusedByPolicy(table);
    return savedRows(rows.map((row) => ({ ...row, updated_at: table === 'picks' ? '2026-11-23T18:00:01.000Z' : '2026-11-23T18:00:00.000Z' })));
  });

describe('the outbox with picks and Boost answers', () => {
  it('sends both lanes in one flush as their upserts; only the newest answer of a game goes out', async () => {
    await recordAnswer(db, { userId: USER, gameId: 7, answer: 'Sí', deadline: null });
    await recordAnswer(db, { userId: USER, gameId: 7, answer: 'No', deadline: null });
    await recordPick(db, { userId: USER, matchId: 101, quinielaId: 14, result: 'Local', deadline: null });
    const rest = server();
    const report = await flushLanes(db, USER, OUTBOX_LANES, rest);
    expect(report).toMatchObject({ saved: 2, rejected: 0, waiting: 0 });
    expect(rest.calls.map(({ table, onConflict, select, rows }) => ({ table, onConflict, select, rows }))).toEqual([
      { table: 'picks', onConflict: 'user_id,match_id', select: 'match_id,result,updated_at', rows: [{ user_id: USER, match_id: 101, quiniela_id: 14, result: 'Local' }] },
      { table: 'daily_game_picks', onConflict: 'user_id,daily_game_id', select: 'daily_game_id,answer,updated_at', rows: [{ user_id: USER, daily_game_id: 7, answer: 'No' }] },
    ]);
    expect(await db.answerDrafts.get([USER, 7])).toMatchObject({ answer: 'No', status: 'saved', savedAt: '2026-11-23T18:00:00.000Z' });
    expect(await db.drafts.get([USER, 101])).toMatchObject({ status: 'saved', savedAt: '2026-11-23T18:00:01.000Z' });
  });

  it('a locked game refuses: the answer is kept, marked rejected, and leaves the outbox', async () => {
    await recordAnswer(db, { userId: USER, gameId: 8, answer: 'Más', deadline: null });
    const report = await flushLanes(db, USER, [anyLane(answersLane)], server({ closedTable: 'daily_game_picks' }));
    expect(report).toMatchObject({ saved: 0, rejected: 1, waiting: 0 });
    expect(await db.answerDrafts.get([USER, 8])).toMatchObject({ answer: 'Más', status: 'rejected' });
  });

  it('no signal keeps the answer waiting; sign-out forgets only what the server has', async () => {
    await recordAnswer(db, { userId: USER, gameId: 10, answer: 'Local', deadline: null });
    await flushLanes(db, USER, OUTBOX_LANES, server());
    await recordAnswer(db, { userId: USER, gameId: 9, answer: '2-1', deadline: null });
    const report = await flushLanes(db, USER, OUTBOX_LANES, fakeRest(offline));
    expect(report).toMatchObject({ waiting: 1, retryReason: 'Failed to fetch' });
    await forgetSignedOutUser(db);
    expect(await db.answerDrafts.get([USER, 9])).toMatchObject({ status: 'pending' });
    expect(await db.answerDrafts.get([USER, 10])).toBeUndefined();
    expect(await db.answerOutbox.count()).toBe(1);
  });
});

describe('the Pro picks lane', () => {
  /** PostgREST refusing one entry (not the player's, voided or its round closed), saving the others. */
  const proServer = (opts: { closedEntry?: number } = {}) =>
    fakeRest(({ rows }) => {
      if (rows.some((r) => r.paid_entry_id === opts.closedEntry)) return refusedByPolicy('paid_picks');
      return savedRows(rows.map((r) => ({ paid_entry_id: r.paid_entry_id, match_id: r.match_id, result: r.result, updated_at: `2026-11-23T18:00:0${r.paid_entry_id % 10}.000Z` })));
    });

  it('keeps the same match of two entries apart, sends one request per entry and settles each by its slot', async () => {
    await recordProPick(db, { userId: USER, entryId: 1, matchId: 101, quinielaId: 14, result: 'Local', deadline: null });
    await recordProPick(db, { userId: USER, entryId: 2, matchId: 101, quinielaId: 14, result: 'Visita', deadline: null });
    await recordProPick(db, { userId: USER, entryId: 1, matchId: 101, quinielaId: 14, result: 'Empate', deadline: null });
    await recordProPick(db, { userId: USER, entryId: 1, matchId: 102, quinielaId: 14, result: 'Local', deadline: null });
    const rest = proServer();
    const report = await flushLanes(db, USER, [anyLane(proPicksLane)], rest);
    expect(report).toMatchObject({ saved: 3, rejected: 0, waiting: 0 });
    expect(rest.calls.map((call) => [call.table, call.onConflict])).toEqual([
      ['paid_picks', 'paid_entry_id,match_id'],
      ['paid_picks', 'paid_entry_id,match_id'],
    ]);
    expect(rest.calls.map((call) => call.rows.map((r) => [r.paid_entry_id, r.match_id, r.quiniela_id, r.result]))).toEqual([
      [
        [1, 101, 14, 'Empate'],
        [1, 102, 14, 'Local'],
      ],
      [[2, 101, 14, 'Visita']],
    ]);
    expect(await db.proDrafts.get([USER, '1:101'])).toMatchObject({ result: 'Empate', status: 'saved', savedAt: '2026-11-23T18:00:01.000Z' });
    expect(await db.proDrafts.get([USER, '2:101'])).toMatchObject({ result: 'Visita', status: 'saved', savedAt: '2026-11-23T18:00:02.000Z' });
    expect((await proDraftsOfRound(db, USER, 14)).length).toBe(3);
  });

  it('an entry refused (closed round) keeps its picks as not sent; sign-out forgets only the saved ones', async () => {
    await recordProPick(db, { userId: USER, entryId: 3, matchId: 101, quinielaId: 14, result: 'Local', deadline: null });
    await recordProPick(db, { userId: USER, entryId: 4, matchId: 101, quinielaId: 14, result: 'Local', deadline: null });
    const report = await flushLanes(db, USER, [anyLane(proPicksLane)], proServer({ closedEntry: 4 }));
    expect(report).toMatchObject({ saved: 1, rejected: 1, waiting: 0 });
    await forgetSignedOutUser(db);
    expect(await db.proDrafts.get([USER, '3:101'])).toBeUndefined();
    expect(await db.proDrafts.get([USER, '4:101'])).toMatchObject({ status: 'rejected' });
  });
});

describe('an item refused for good', () => {
  /** PostgREST as check_daily_game_pick (100_boost.sql) refuses an answer its game does not take. */
  const invalidAnswer = () =>
    new Response(JSON.stringify({ code: '22023', details: null, hint: 'Local, Empate o Visita', message: 'Respuesta no válida para este Boost' }), { status: 400 });
  const server = () =>
    fakeRest(({ table, rows }) => (table === 'daily_game_picks' ? invalidAnswer() : savedRows(rows.map((row) => ({ ...row, updated_at: '2026-11-23T18:00:00.000Z' })))));

  it('settles with its Spanish reason and is not sent again; the picks and Pro picks queued with it are sent', async () => {
    await recordPick(db, { userId: USER, matchId: 101, quinielaId: 14, result: 'Local', deadline: null });
    await recordAnswer(db, { userId: USER, gameId: 12, answer: 'Sí', deadline: null });
    await recordProPick(db, { userId: USER, entryId: 5, matchId: 101, quinielaId: 14, result: 'Visita', deadline: null });
    const rest = server();
    const report = await flushLanes(db, USER, OUTBOX_LANES, rest);
    expect(report).toMatchObject({ saved: 2, rejected: 0, refused: 1, waiting: 0, retryReason: null });
    expect(await db.answerDrafts.get([USER, 12])).toMatchObject({ answer: 'Sí', status: 'rejected', refusal: 'respuesta no válida para este Boost (Local, Empate o Visita)' });
    expect(await db.proDrafts.get([USER, '5:101'])).toMatchObject({ status: 'saved' });
    expect(await db.drafts.get([USER, 101])).toMatchObject({ status: 'saved' });

    await recordProPick(db, { userId: USER, entryId: 5, matchId: 102, quinielaId: 14, result: 'Local', deadline: null });
    expect(await flushLanes(db, USER, OUTBOX_LANES, rest)).toMatchObject({ saved: 1, refused: 0, waiting: 0 });
    expect(rest.calls.map((call) => call.table)).toEqual(['picks', 'daily_game_picks', 'paid_picks', 'paid_picks']);
  });

  it('a new answer to the same game clears the refusal and is sent', async () => {
    await recordAnswer(db, { userId: USER, gameId: 13, answer: 'Sí', deadline: null });
    await flushLanes(db, USER, OUTBOX_LANES, server());
    expect(await db.answerDrafts.get([USER, 13])).toMatchObject({ status: 'rejected' });
    await recordAnswer(db, { userId: USER, gameId: 13, answer: 'Local', deadline: null });
    expect(await db.answerDrafts.get([USER, 13])).not.toHaveProperty('refusal');
    expect(await flushLanes(db, USER, OUTBOX_LANES, fakeRest(({ rows }) => savedRows(rows.map((row) => ({ ...row, updated_at: '2026-11-23T18:00:00.000Z' })))))).toMatchObject({ saved: 1 });
  });
});
