// The offline draft store (src/lib/pick-drafts.ts) on fake-indexeddb: two
// Dexie instances over the same database stand in for two open tabs.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  draftsOfRound,
  flushOutbox,
  forgetSignedOutUser,
  recordPick,
  restSender,
  type PickRow,
  type SendOutcome,
  type Sender,
} from '../../src/lib/pick-drafts';
import { QuinielazoDb, isQuotaError, writeWithRoom } from '../../src/lib/db';

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
  const send: Sender = async (batch) => {
    requests.push(batch);
    if (opts.closed) return { kind: 'closed' };
    const saved = batch.map((row) => {
      rows.set(row.match_id, row);
      clock += 1000;
      return { match_id: row.match_id, result: row.result, updated_at: new Date(clock).toISOString() };
    });
    return { kind: 'saved', rows: saved };
  };
  return { rows, requests, send };
}

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

    const report = await flushOutbox(db, USER, server.send);

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
    const slowSend: Sender = async (batch) => {
      if (!tappedDuringSend) {
        tappedDuringSend = true;
        await recordPick(db, tap(101, 'Visita'));
      }
      return server.send(batch);
    };

    const report = await flushOutbox(db, USER, slowSend);

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

    const report = await flushOutbox(db, USER, fakeServer({ closed: true }).send);

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
    const offline: Sender = async (): Promise<SendOutcome> => ({ kind: 'retry', reason: 'Failed to fetch' });

    const first = await flushOutbox(db, USER, offline);
    expect(first).toMatchObject({ saved: 0, waiting: 1, retryReason: 'Failed to fetch' });
    expect((await db.outbox.get([USER, 101]))?.attempts).toBe(1);
    expect((await draftsOfRound(db, USER, ROUND))[0]?.status).toBe('pending');

    const server = fakeServer();
    const second = await flushOutbox(db, USER, server.send);
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
    const [ra, rb] = await Promise.all([flushOutbox(tabA, USER, server.send), flushOutbox(tabB, USER, server.send)]);

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
    await flushOutbox(db, USER, fakeServer().send);
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

describe('restSender (the service worker path)', () => {
  const rows: PickRow[] = [{ user_id: USER, match_id: 101, quiniela_id: ROUND, result: 'Local' }];
  const answer = (status: number, body: unknown) => (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

  it('reads a 42501 refusal as a closed round', async () => {
    const send = restSender({ apiUrl: 'http://api', anonKey: 'anon', accessToken: 't', fetch: answer(403, { code: '42501', message: 'new row violates row-level security policy' }) });
    expect(await send(rows)).toEqual({ kind: 'closed' });
  });

  it('returns the saved rows with the server time, and retries on 401 or no network', async () => {
    const ok = restSender({ apiUrl: 'http://api', anonKey: 'anon', accessToken: 't', fetch: answer(201, [{ match_id: 101, result: 'Local', updated_at: '2026-11-21T18:00:00Z' }]) });
    expect(await ok(rows)).toEqual({ kind: 'saved', rows: [{ match_id: 101, result: 'Local', updated_at: '2026-11-21T18:00:00Z' }] });
    const expired = restSender({ apiUrl: 'http://api', anonKey: 'anon', accessToken: 't', fetch: answer(401, { code: 'PGRST301', message: 'JWT expired' }) });
    expect(await expired(rows)).toMatchObject({ kind: 'retry', auth: true });
    const down = restSender({ apiUrl: 'http://api', anonKey: 'anon', accessToken: 't', fetch: (async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch });
    expect(await down(rows)).toMatchObject({ kind: 'retry', reason: 'Failed to fetch' });
  });
});
