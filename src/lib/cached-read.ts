// Reads that still answer offline (docs/offline-picks.md#offline-reading): every read these
// screens make for a signed-in player is stored in the Dexie read cache under his id with the
// time it was stored, and served from there when the network fails, as long as it is not older than its
// kind's maximum age. The cache is cleared on sign-out (src/lib/outbox.ts), so nobody sees the
// previous player's data. Dexie is imported on demand: route loaders run on the first visit,
// and the first load stays small.
import { cacheEpoch, mayStore } from './cache-epoch';

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
  // The monthly ranking, the home's figures and the header's name move with every scored round
  // or Boost game: a week-old copy still tells the player where he stood (and says from when).
  standings: 7 * DAY,
  // Blog posts and the player's own name hardly change.
  blog: 30 * DAY,
  profile: 30 * DAY,
} as const;

/** There is no signal and the saved copy is too old to show (`storedAt` says from when). */
export class ExpiredCopyError extends Error {
  override name = 'ExpiredCopyError';
  constructor(readonly storedAt: number) {
    super('Sin conexión y la copia guardada ya caducó');
  }
}

/** There is no signal and this phone never kept a copy of this read: the screen says so at once. */
class NoCopyError extends Error {
  override name = 'NoCopyError';
  constructor() {
    super(NO_COPY_TEXT);
  }
}

/** What a screen says offline about data this phone never saw (issue 32). */
export const NO_COPY_TEXT = 'Sin conexión: aún no tienes una copia de esta página en tu teléfono. Conéctate y ábrela una vez para verla también sin señal.';

/** Whether a read failed offline for want of a copy (never seen, or its copy expired). */
export function isOfflineMiss(error: unknown): boolean {
  return error instanceof NoCopyError || error instanceof ExpiredCopyError;
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

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export async function cachedRead<T>(name: string, userId: string | null, fetcher: () => Promise<T>, maxAge: number, now: () => number = Date.now): Promise<Cached<T>> {
  // A visitor's reads are not kept: visitors never load the offline layer (issue 12), and the
  // public pages they read are the prerendered ones.
  if (userId === null) return { data: await fetcher(), cachedAt: null };
  const owner = userId;
  const key = `${owner}:${name}`;
  const epoch = cacheEpoch();
  // The read does not wait for the cache's code: both start together.
  const cache = import('@/lib/db');
  // With the phone offline the request cannot answer, and a failing one can hang for seconds
  // (a dead network, supabase-js's session check): the copy is served at once instead.
  const fetched = offline() ? Promise.reject(new NoCopyError()) : fetcher();
  fetched.catch(() => undefined); // handled below; not "unhandled" if the cache's code fails to load
  const { getDb, writeWithRoom } = await cache;
  const db = getDb();
  try {
    const data = await fetched;
    // The cache is a convenience: a failed write (private mode, full disk) must not fail the read.
    // Not stored when the player signed out while it was on its way, or before it began
    // (src/lib/cache-epoch.ts).
    if (mayStore(owner, epoch)) {
      await writeWithRoom(db, () => db.cache.put({ key, userId: owner, value: data, storedAt: now() })).catch(() => undefined);
    }
    return { data, cachedAt: null };
  } catch (error) {
    const hit = await db.cache.get(key).catch(() => undefined);
    if (!hit || hit.userId !== owner) throw offline() ? new NoCopyError() : error;
    // A copy stored "in the future" (the phone's clock went back) is as untrustworthy as an old one.
    const age = now() - hit.storedAt;
    if (age > maxAge || age < -HOUR) throw new ExpiredCopyError(hit.storedAt);
    return { data: hit.value as T, cachedAt: hit.storedAt };
  }
}
