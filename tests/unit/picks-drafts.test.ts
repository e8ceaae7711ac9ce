// The offline draft store (src/lib/game/pick-drafts.ts) and the outbox's REST sender on
// fake-indexeddb: two Dexie instances over the same database stand in for two open tabs, and the
// requests go to a stand-in PostgREST (tests/support/fake-rest.ts).
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { draftsOfRound, picksLane, recordPick, type PickRow } from '../../src/lib/game/pick-drafts';
import { QuinielazoDb, isQuotaError, writeWithRoom } from '../../src/lib/db';
import { anyLane, flushLanes, forgetSignedOutUser, type RestTarget } from '../../src/lib/outbox';
import { fakeRest, offline, refusedByPolicy, savedRows, type RestCall } from '../support/fake-rest';

const USER = '11111111-1111-4111-8111-111111111111';
const ROUND = 14;

let factory: IDBFactory;
let open: QuinielazoDb[] = [];
function tab(): QuinielazoDb {
  const db = new QuinielazoDb('quinielazo-test', { indexedDB: factory, IDBKeyRange });
  open.push(db);
  return db;
}

/** A stand-in server: remembers the last row per match and every request in order. */
function fakeServer(opts: { closed?: boolean } = {}) {
  const rows = new Map<number, PickRow>();
  const requests: PickRow[][] = [];
  let clock = Date.parse('2026-11-21T18:00:00Z');
  const answer = ({ rows: batch }: RestCall) => {
    requests.push(batch);
    if (opts.closed) return refusedByPolicy('picks');
    return savedRows(
      batch.map((row: PickRow) => {
        rows.set(row.match_id, row);
        clock += 1000;
        return { match_id: row.match_id, result: row.result, updated_at: new Date(clock).toISOString() };
      }),
    );
  };
  return { rows, requests, answer, rest: fakeRest(answer) };
}

/** Sends the player's waiting picks only. */
const flushPicks = (db: QuinielazoDb, target: RestTarget) => flushLanes(db, USER, [anyLane(picksLane)], target);

const tap = (matchId: number, result: 'Local' | 'Empate' | 'Visita') => ({ userId: USER, matchId, quinielaId: ROUND, result, deadline: null });

beforeEach(() => {
  factory = new IDBFactory();
});
afterEach(() => {
  for (const db of open) db.close();
  open = [];
});

describe('a tap', () => {
  it('is in IndexedDB as a pending draft with an outbox entry, and survives reopening (a reload)', async () => {
    const first = tab();
    await recordPick(first, tap(101, 'Local'));
    first.close();

    const reopened = tab();
    const [draft] = await draftsOfRound(reopened, USER, ROUND);
    expect(draft).toMatchObject({ matchId: 101, result: 'Local', status: 'pending', savedAt: null });
    const entry = await reopened.outbox.get([USER, 101]);
    expect(entry).toMatchObject({ result: 'Local', version: draft!.version });
    expect(entry!.idempotencyKey).toMatch(/\S{8,}/);
  });

  it('gets a higher version than the previous tap even when the clock does not move', async () => {
    const db = tab();
    const a = await recordPick(db, tap(101, 'Local'), 1000);
    const b = await recordPick(db, tap(101, 'Visita'), 1000);
    const c = await recordPick(db, tap(101, 'Empate'), 500);
    expect(b.version).toBeGreaterThan(a.version);
    expect(c.version).toBeGreaterThan(b.version);
  });
});

describe('the outbox', () => {
  it('sends only the newest version of a pick and stamps the server time on the draft', async () => {
    const db = tab();
    const server = fakeServer();
    await recordPick(db, tap(101, 'Local'));
    await recordPick(db, tap(101, 'Visita'));
    await recordPick(db, tap(102, 'Empate'));

    const report = await flushPicks(db, server.rest);

    expect(report).toMatchObject({ saved: 2, rejected: 0, waiting: 0, retryReason: null });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.map((r) => [r.match_id, r.result])).toEqual([
      [101, 'Visita'],
      [102, 'Empate'],
    ]);
    const drafts = await draftsOfRound(db, USER, ROUND);
    expect(drafts.every((d) => d.status === 'saved' && d.savedAt?.startsWith('2026-11-21T18:00:0'))).toBe(true);
    expect(await db.outbox.count()).toBe(0);
  });

  it('never lets an older pick overwrite a newer one tapped while the older was on its way', async () => {
    const db = tab();
    const server = fakeServer();
    await recordPick(db, tap(101, 'Local'));
    let tappedDuringSend = false;
    const slowServer = fakeRest(async (call) => {
      if (!tappedDuringSend) {
        tappedDuringSend = true;
        await recordPick(db, tap(101, 'Visita'));
      }
      return server.answer(call);
    });

    const report = await flushPicks(db, slowServer);

    expect(server.requests.map((b) => b[0]!.result)).toEqual(['Local', 'Visita']);
    expect(server.rows.get(101)?.result).toBe('Visita');
    const [draft] = await draftsOfRound(db, USER, ROUND);
    expect(draft).toMatchObject({ result: 'Visita', status: 'saved' });
    expect(report.waiting).toBe(0);
  });

  it('marks picks "no enviada" when the server refuses because the round closed, and keeps them', async () => {
    const db = tab();
    await recordPick(db, tap(101, 'Local'));
    await recordPick(db, tap(102, 'Visita'));

    const report = await flushPicks(db, fakeServer({ closed: true }).rest);

    expect(report).toMatchObject({ saved: 0, rejected: 2, waiting: 0 });
    const drafts = await draftsOfRound(db, USER, ROUND);
    expect(drafts.map((d) => [d.result, d.status])).toEqual([
      ['Local', 'rejected'],
      ['Visita', 'rejected'],
    ]);
  });

  it('keeps picks waiting when there is no signal, and sends them on the next flush', async () => {
    const db = tab();
    await recordPick(db, tap(101, 'Empate'));
    const first = await flushPicks(db, fakeRest(offline));
    expect(first).toMatchObject({ saved: 0, waiting: 1, retryReason: 'Failed to fetch' });
    expect((await db.outbox.get([USER, 101]))?.attempts).toBe(1);
    expect((await draftsOfRound(db, USER, ROUND))[0]?.status).toBe('pending');

    const server = fakeServer();
    const second = await flushPicks(db, server.rest);
    expect(second).toMatchObject({ saved: 1, waiting: 0 });
    expect(server.rows.get(101)?.result).toBe('Empate');
  });
});

describe('two open tabs', () => {
  it('see the same drafts and end with the newest tap on the server whichever tab flushes', async () => {
    const tabA = tab();
    const tabB = tab();
    const server = fakeServer();

    await recordPick(tabA, tap(101, 'Local'));
    expect((await tabB.drafts.get([USER, 101]))?.result).toBe('Local');
    await recordPick(tabB, tap(101, 'Visita'));
    expect((await tabA.drafts.get([USER, 101]))?.result).toBe('Visita');

    // Both tabs flush at once (e.g. both heard `online`): one request per version at most, newest last.
    const [ra, rb] = await Promise.all([flushPicks(tabA, server.rest), flushPicks(tabB, server.rest)]);

    expect(ra.saved + rb.saved).toBe(1);
    expect(server.requests.flat().map((r) => r.result)).toEqual(['Visita']);
    expect((await tabA.drafts.get([USER, 101]))?.status).toBe('saved');
    expect((await tabB.drafts.get([USER, 101]))?.status).toBe('saved');
  });
});

describe('sign-out', () => {
  it('forgets the read cache, the stored token and sent drafts, but keeps unsent picks', async () => {
    const db = tab();
    await db.cache.put({ key: `${USER}:round:14`, userId: USER, value: { secret: true }, storedAt: 1 });
    await db.meta.put({ key: 'session', userId: USER, accessToken: 'token', expiresAt: 1, apiUrl: 'http://x', anonKey: 'k' });
    await recordPick(db, tap(101, 'Local'));
    await flushPicks(db, fakeServer().rest);
    await recordPick(db, tap(102, 'Visita'));

    await forgetSignedOutUser(db);

    expect(await db.cache.count()).toBe(0);
    expect(await db.meta.count()).toBe(0);
    expect((await draftsOfRound(db, USER, ROUND)).map((d) => d.matchId)).toEqual([102]);
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('quota errors', () => {
  it('are recognised through Dexie wrappers and retried once after freeing the read cache', async () => {
    const db = tab();
    await db.cache.put({ key: 'big', userId: USER, value: 'x', storedAt: 1 });
    const quota = Object.assign(new Error('full'), { name: 'AbortError', inner: { name: 'QuotaExceededError' } });
    expect(isQuotaError(quota)).toBe(true);
    expect(isQuotaError(new Error('other'))).toBe(false);
    let calls = 0;
    const result = await writeWithRoom(db, async () => {
      calls++;
      if (calls === 1) throw quota;
      return 'written';
    });
    expect(result).toBe('written');
    expect(await db.cache.count()).toBe(0);
  });
});

describe('the REST sender (the app and the service worker alike)', () => {
  const answer = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status });

  it("upserts a round's picks as the player, merging on (user_id, match_id) and reading back the receipts", async () => {
    const db = tab();
    await recordPick(db, tap(101, 'Local'));
    const rest = fakeRest(answer(201, [{ match_id: 101, result: 'Local', updated_at: '2026-11-21T18:00:00Z' }]));
    expect(await flushPicks(db, rest)).toMatchObject({ saved: 1, waiting: 0 });
    const [call] = rest.calls;
    expect(call).toMatchObject({ table: 'picks', onConflict: 'user_id,match_id', select: 'match_id,result,updated_at', rows: [{ user_id: USER, match_id: 101, quiniela_id: ROUND, result: 'Local' }] });
    expect(Object.fromEntries(call!.headers)).toMatchObject({ apikey: 'anon-key', authorization: 'Bearer player-token', prefer: 'resolution=merge-duplicates,return=representation' });
    expect((await db.drafts.get([USER, 101]))?.savedAt).toBe('2026-11-21T18:00:00Z');
  });

  it('reads a 42501 refusal as a closed round', async () => {
    const db = tab();
    await recordPick(db, tap(101, 'Local'));
    const report = await flushPicks(db, fakeRest(answer(403, { code: '42501', message: 'new row violates row-level security policy' })));
    expect(report).toMatchObject({ rejected: 1, waiting: 0, retryReason: null });
  });

  it('keeps the picks waiting on an expired token (told as an auth problem), on server trouble, with no network or no session', async () => {
    const db = tab();
    await recordPick(db, tap(101, 'Local'));
    expect(await flushPicks(db, fakeRest(answer(401, { code: 'PGRST303', message: 'JWT expired' })))).toMatchObject({ waiting: 1, retryReason: 'JWT expired', authProblem: true });
    expect(await flushPicks(db, fakeRest(() => new Response('<html>Bad gateway</html>', { status: 502 })))).toMatchObject({ waiting: 1, retryReason: 'HTTP 502', authProblem: false });
    expect(await flushPicks(db, fakeRest(offline))).toMatchObject({ waiting: 1, retryReason: 'Failed to fetch', authProblem: false });
    const signedOut = fakeRest(answer(201, []), null);
    expect(await flushPicks(db, signedOut)).toMatchObject({ waiting: 1, authProblem: true });
    expect(signedOut.calls).toHaveLength(0);
    expect((await db.outbox.get([USER, 101]))?.attempts).toBe(4);
    expect((await db.drafts.get([USER, 101]))?.status).toBe('pending');
  });
});
