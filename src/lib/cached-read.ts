// Reads that still answer offline (docs/offline-picks.md#offline-reading): every read these
// screens make for a signed-in player is stored in the Dexie read cache under his id with the
// time it was stored, and served from there when the network fails, as long as it is not older than its
// kind's maximum age. The cache is cleared on sign-out (src/lib/outbox.ts), so nobody sees the
// previous player's data. Dexie is imported on demand: route loaders run on the first visit,
// and the first load stays small.
import { cacheEpoch } from './cache-epoch';

export interface Cached<T> {
  data: T;
  /** When the data came from the cache: the time it was stored. */
  cachedAt: number | null;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * How old a saved copy may be and still be shown offline, per kind of data. Past it the copy
 * says too little that is still true to show it as the player's data.
 */
export const MAX_AGE = {
  // Scored rounds and their detail only change when an admin corrects a result: a month-old
  // copy is still almost surely right, and the history is exactly what a player browses
  // offline. Longer than that, a phone left signed in should not keep showing it.
  history: 30 * DAY,
  // An open round (its matches, deadline and the player's picks) lives a week: a copy older than
  // a week describes a round that has closed since.
  round: 7 * DAY,
  // The Boost game is daily: a copy older than a day is about a game that has locked.
  boostGame: DAY,
  // Past Boost games gain a new result every day; a week-old copy still shows the player's record.
  boostHistory: 7 * DAY,
  // A liga's page (its table, members and the round's picks) moves with each scored round: a
  // week-old copy is about a round that has closed since.
  league: 7 * DAY,
} as const;

/** There is no signal and the saved copy is too old to show (`storedAt` says from when). */
export class ExpiredCopyError extends Error {
  override name = 'ExpiredCopyError';
  constructor(readonly storedAt: number) {
    super('Sin conexión y la copia guardada ya caducó');
  }
}

/** The stored copy's time for an offline read that failed because its copy expired, else null. */
export function expiredCopyTime(error: unknown): number | null {
  return error instanceof ExpiredCopyError ? error.storedAt : null;
}

// Made on first use (only an offline screen shows it): a formatter costs a phone its ICU data.
let savedFormat: Intl.DateTimeFormat | undefined;

/** "23 nov 2026, 11:05": when a copy was saved, in the phone's own time (it is the phone's copy). */
export function formatSavedAt(storedAt: number): string {
  savedFormat ??= new Intl.DateTimeFormat('es-MX', { dateStyle: 'medium', timeStyle: 'short' });
  return savedFormat.format(new Date(storedAt));
}

export async function cachedRead<T>(name: string, userId: string | null, fetcher: () => Promise<T>, maxAge: number, now: () => number = Date.now): Promise<Cached<T>> {
  // A visitor's reads are not kept: visitors never load the offline layer (issue 12), and the
  // public pages they read are the prerendered ones.
  if (userId === null) return { data: await fetcher(), cachedAt: null };
  const owner = userId;
  const key = `${owner}:${name}`;
  const epoch = cacheEpoch();
  // The read does not wait for the cache's code: both start together.
  const cache = import('@/lib/db');
  const fetched = fetcher();
  fetched.catch(() => undefined); // handled below; not "unhandled" if the cache's code fails to load
  const { getDb, writeWithRoom } = await cache;
  const db = getDb();
  try {
    const data = await fetched;
    // The cache is a convenience: a failed write (private mode, full disk) must not fail the read.
    // Not stored when the player signed out while it was on its way (src/lib/cache-epoch.ts).
    if (cacheEpoch() === epoch) {
      await writeWithRoom(db, () => db.cache.put({ key, userId: owner, value: data, storedAt: now() })).catch(() => undefined);
    }
    return { data, cachedAt: null };
  } catch (error) {
    const hit = await db.cache.get(key).catch(() => undefined);
    if (!hit || hit.userId !== owner) throw error;
    // A copy stored "in the future" (the phone's clock went back) is as untrustworthy as an old one.
    const age = now() - hit.storedAt;
    if (age > maxAge || age < -HOUR) throw new ExpiredCopyError(hit.storedAt);
    return { data: hit.value as T, cachedAt: hit.storedAt };
  }
}
