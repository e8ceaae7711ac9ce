// The shared outbox (src/lib/outbox.ts) with its lanes on fake-indexeddb: a Boost answer and
// picks flushed in one pass, the newest answer winning, a locked game refusing without losing
// the answer, and sign-out keeping what was not sent.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerLane, recordAnswer, type AnswerRow, type AnswerSender } from '../../src/lib/answer-drafts';
import { pickLane, recordPick, type Sender } from '../../src/lib/pick-drafts';
import { QuinielazoDb } from '../../src/lib/db';
import { anyLane, flushLanes, forgetSignedOutUser } from '../../src/lib/outbox';
import { proDraftsOfRound, proPickLane, recordProPick, type ProPickSender } from '../../src/lib/pro-pick-drafts';

const USER = '22222222-2222-4222-8222-222222222222';
let factory: IDBFactory;
let db: QuinielazoDb;

beforeEach(() => {
  factory = new IDBFactory();
  db = new QuinielazoDb('outbox-lanes-test', { indexedDB: factory, IDBKeyRange });
});
afterEach(() => db.close());

function answerServer(opts: { closed?: boolean } = {}) {
  const requests: AnswerRow[][] = [];
  const send: AnswerSender = async (rows) => {
    requests.push(rows);
    if (opts.closed) return { kind: 'closed' };
    return { kind: 'saved', rows: rows.map((r) => ({ daily_game_id: r.daily_game_id, answer: r.answer, updated_at: '2026-11-23T18:00:00.000Z' })) };
  };
  return { requests, send };
}

const picksSaved: Sender = async (rows) => ({ kind: 'saved', rows: rows.map((r) => ({ match_id: r.match_id, result: r.result, updated_at: '2026-11-23T18:00:01.000Z' })) });

describe('the outbox with picks and Boost answers', () => {
  it('sends both lanes in one flush; only the newest answer of a game goes out', async () => {
    await recordAnswer(db, { userId: USER, gameId: 7, answer: 'Sí', deadline: null });
    await recordAnswer(db, { userId: USER, gameId: 7, answer: 'No', deadline: null });
    await recordPick(db, { userId: USER, matchId: 101, quinielaId: 14, result: 'Local', deadline: null });
    const answers = answerServer();
    const report = await flushLanes(db, USER, [anyLane(pickLane(picksSaved)), anyLane(answerLane(answers.send))]);
    expect(report).toMatchObject({ saved: 2, rejected: 0, waiting: 0 });
    expect(answers.requests).toEqual([[{ user_id: USER, daily_game_id: 7, answer: 'No' }]]);
    expect(await db.answerDrafts.get([USER, 7])).toMatchObject({ answer: 'No', status: 'saved', savedAt: '2026-11-23T18:00:00.000Z' });
    expect(await db.drafts.get([USER, 101])).toMatchObject({ status: 'saved' });
  });

  it('a locked game refuses: the answer is kept, marked rejected, and leaves the outbox', async () => {
    await recordAnswer(db, { userId: USER, gameId: 8, answer: 'Más', deadline: null });
    const report = await flushLanes(db, USER, [anyLane(answerLane(answerServer({ closed: true }).send))]);
    expect(report).toMatchObject({ saved: 0, rejected: 1, waiting: 0 });
    expect(await db.answerDrafts.get([USER, 8])).toMatchObject({ answer: 'Más', status: 'rejected' });
  });

  it('no signal keeps the answer waiting; sign-out forgets only what the server has', async () => {
    await recordAnswer(db, { userId: USER, gameId: 10, answer: 'Local', deadline: null });
    await flushLanes(db, USER, [anyLane(answerLane(answerServer().send))]);
    await recordAnswer(db, { userId: USER, gameId: 9, answer: '2-1', deadline: null });
    const offline: AnswerSender = async () => ({ kind: 'retry', reason: 'sin conexión' });
    const report = await flushLanes(db, USER, [anyLane(answerLane(offline))]);
    expect(report).toMatchObject({ waiting: 1, retryReason: 'sin conexión' });
    await forgetSignedOutUser(db);
    expect(await db.answerDrafts.get([USER, 9])).toMatchObject({ status: 'pending' });
    expect(await db.answerDrafts.get([USER, 10])).toBeUndefined();
    expect(await db.answerOutbox.count()).toBe(1);
  });
});

describe('the Pro picks lane', () => {
  const proServer = (opts: { closedEntry?: number } = {}) => {
    const requests: Parameters<ProPickSender>[0][] = [];
    const send: ProPickSender = async (rows) => {
      requests.push(rows);
      if (rows.some((r) => r.paid_entry_id === opts.closedEntry)) return { kind: 'closed' };
      return { kind: 'saved', rows: rows.map((r) => ({ paid_entry_id: r.paid_entry_id, match_id: r.match_id, result: r.result, updated_at: `2026-11-23T18:00:0${r.paid_entry_id % 10}.000Z` })) };
    };
    return { requests, send };
  };

  it('keeps the same match of two entries apart, sends one request per entry and settles each by its slot', async () => {
    await recordProPick(db, { userId: USER, entryId: 1, matchId: 101, quinielaId: 14, result: 'Local', deadline: null });
    await recordProPick(db, { userId: USER, entryId: 2, matchId: 101, quinielaId: 14, result: 'Visita', deadline: null });
    await recordProPick(db, { userId: USER, entryId: 1, matchId: 101, quinielaId: 14, result: 'Empate', deadline: null });
    await recordProPick(db, { userId: USER, entryId: 1, matchId: 102, quinielaId: 14, result: 'Local', deadline: null });
    const server = proServer();
    const report = await flushLanes(db, USER, [anyLane(proPickLane(server.send))]);
    expect(report).toMatchObject({ saved: 3, rejected: 0, waiting: 0 });
    expect(server.requests.map((batch) => batch.map((r) => [r.paid_entry_id, r.match_id, r.result]))).toEqual([
      [
        [1, 101, 'Empate'],
        [1, 102, 'Local'],
      ],
      [[2, 101, 'Visita']],
    ]);
    expect(await db.proDrafts.get([USER, '1:101'])).toMatchObject({ result: 'Empate', status: 'saved', savedAt: '2026-11-23T18:00:01.000Z' });
    expect(await db.proDrafts.get([USER, '2:101'])).toMatchObject({ result: 'Visita', status: 'saved', savedAt: '2026-11-23T18:00:02.000Z' });
    expect((await proDraftsOfRound(db, USER, 14)).length).toBe(3);
  });

  it('an entry refused (closed round) keeps its picks as not sent; sign-out forgets only the saved ones', async () => {
    await recordProPick(db, { userId: USER, entryId: 3, matchId: 101, quinielaId: 14, result: 'Local', deadline: null });
    await recordProPick(db, { userId: USER, entryId: 4, matchId: 101, quinielaId: 14, result: 'Local', deadline: null });
    const report = await flushLanes(db, USER, [anyLane(proPickLane(proServer({ closedEntry: 4 }).send))]);
    expect(report).toMatchObject({ saved: 1, rejected: 1, waiting: 0 });
    await forgetSignedOutUser(db);
    expect(await db.proDrafts.get([USER, '3:101'])).toBeUndefined();
    expect(await db.proDrafts.get([USER, '4:101'])).toMatchObject({ status: 'rejected' });
  });
});
