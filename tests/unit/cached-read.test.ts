// The read cache (src/lib/cached-read.ts) on fake-indexeddb: online it stores the answer with
// its time and owner, offline it serves a copy only to its owner and only within its maximum
// age, and an expired copy says from when it was.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { cachedRead, ExpiredCopyError, expiredCopyTime } from '../../src/lib/cached-read';
import { getDb } from '../../src/lib/db';
import { forgetSignedOutUser } from '../../src/lib/outbox';
import { setSignedInPlayer } from '../../src/lib/cache-epoch';

const ANA = '33333333-3333-4333-8333-333333333333';
const BETO = '44444444-4444-4444-8444-444444444444';
const HOUR = 3_600_000;
const STORED = Date.parse('2026-11-21T18:00:00Z');
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

beforeEach(async () => {
  await getDb().cache.clear();
  setSignedInPlayer(ANA);
});

describe('cachedRead', () => {
  it('stores an online answer with its owner and time, and serves it offline within its age', async () => {
    const online = await cachedRead('history', ANA, async () => ['jornada 1'], 10 * HOUR, () => STORED);
    expect(online).toEqual({ data: ['jornada 1'], cachedAt: null });
    expect(await getDb().cache.get(`${ANA}:history`)).toEqual({ key: `${ANA}:history`, userId: ANA, value: ['jornada 1'], storedAt: STORED });

    const atTheLimit = await cachedRead('history', ANA, offline, 10 * HOUR, () => STORED + 10 * HOUR);
    expect(atTheLimit).toEqual({ data: ['jornada 1'], cachedAt: STORED });
  });

  it('does not serve a copy past its maximum age, and says when it was stored', async () => {
    await cachedRead('history', ANA, async () => ['jornada 1'], 10 * HOUR, () => STORED);
    const read = cachedRead('history', ANA, offline, 10 * HOUR, () => STORED + 10 * HOUR + 1);
    await expect(read).rejects.toBeInstanceOf(ExpiredCopyError);
    expect(expiredCopyTime(await read.catch((e: unknown) => e))).toBe(STORED);
  });

  it('does not serve a copy stored in the future (the phone clock went back)', async () => {
    await cachedRead('history', ANA, async () => ['jornada 1'], 10 * HOUR, () => STORED);
    await expect(cachedRead('history', ANA, offline, 10 * HOUR, () => STORED - 2 * HOUR)).rejects.toBeInstanceOf(ExpiredCopyError);
  });

  it('never serves one player the copy of another, nor of a signed-out visit', async () => {
    await cachedRead('history', ANA, async () => ['de Ana'], 10 * HOUR, () => STORED);
    await expect(cachedRead('history', BETO, offline, 10 * HOUR, () => STORED)).rejects.toThrow('Failed to fetch');
    await expect(cachedRead('history', null, offline, 10 * HOUR, () => STORED)).rejects.toThrow('Failed to fetch');
  });

  it('keeps no copy of a visitor\'s read (visitors never load the offline layer)', async () => {
    expect(await cachedRead('round:current', null, async () => ['jornada 1'], 10 * HOUR, () => STORED)).toEqual({ data: ['jornada 1'], cachedAt: null });
    expect(await getDb().cache.count()).toBe(0);
    await expect(cachedRead('round:current', null, offline, 10 * HOUR, () => STORED)).rejects.toThrow('Failed to fetch');
  });

  it('does not store a read that was on its way when the player signed out, and stores the next one', async () => {
    let answer!: (rows: string[]) => void;
    const read = cachedRead('boost:next', ANA, () => new Promise<string[]>((resolve) => (answer = resolve)), 10 * HOUR, () => STORED);
    // Sign-out clears the cache while the read waits for the server.
    await forgetSignedOutUser(getDb());
    answer(['juego de Ana']);
    expect(await read).toEqual({ data: ['juego de Ana'], cachedAt: null });
    expect(await getDb().cache.count()).toBe(0);

    await cachedRead('boost:next', ANA, async () => ['otra visita'], 10 * HOUR, () => STORED);
    expect(await getDb().cache.get(`${ANA}:boost:next`)).toMatchObject({ value: ['otra visita'] });
  });

  it('does not store a read that began after the player signed out (a screen still showing his data reads again)', async () => {
    setSignedInPlayer(null);
    await forgetSignedOutUser(getDb());
    expect(await cachedRead('leaderboard:2026-11', ANA, async () => ['tabla pública'], 10 * HOUR, () => STORED)).toEqual({ data: ['tabla pública'], cachedAt: null });
    expect(await getDb().cache.count()).toBe(0);
    // Nor under his name once another player signed in on the phone.
    setSignedInPlayer(BETO);
    await cachedRead('leaderboard:2026-11', ANA, async () => ['tabla pública'], 10 * HOUR, () => STORED);
    expect(await getDb().cache.count()).toBe(0);
    await cachedRead('leaderboard:2026-11', BETO, async () => ['tabla de Beto'], 10 * HOUR, () => STORED);
    expect(await getDb().cache.get(`${BETO}:leaderboard:2026-11`)).toMatchObject({ userId: BETO, value: ['tabla de Beto'] });
  });

  it('without a copy, fails with the network error itself', async () => {
    const read = cachedRead('history', ANA, offline, 10 * HOUR, () => STORED);
    await expect(read).rejects.toThrow('Failed to fetch');
    expect(expiredCopyTime(await read.catch((e: unknown) => e))).toBeNull();
  });
});
