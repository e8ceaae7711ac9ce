// Reads that still answer offline: every read these screens make is stored in the Dexie read
// cache under the player's id, and served from there when the network fails. The cache is
// cleared on sign-out (src/lib/outbox.ts), so nobody sees the previous player's data.
// Dexie is imported on demand: route loaders run on the first visit, and the first load stays small.

export interface Cached<T> {
  data: T;
  /** When the data came from the cache: the time it was stored. */
  cachedAt: number | null;
}

export async function cachedRead<T>(name: string, userId: string | null, fetcher: () => Promise<T>): Promise<Cached<T>> {
  const owner = userId ?? '';
  const key = `${owner}:${name}`;
  const { getDb, writeWithRoom } = await import('@/lib/db');
  const db = getDb();
  try {
    const data = await fetcher();
    // The cache is a convenience: a failed write (private mode, full disk) must not fail the read.
    await writeWithRoom(db, () => db.cache.put({ key, userId: owner, value: data, storedAt: Date.now() })).catch(() => undefined);
    return { data, cachedAt: null };
  } catch (error) {
    const hit = await db.cache.get(key).catch(() => undefined);
    if (hit && hit.userId === owner) return { data: hit.value as T, cachedAt: hit.storedAt };
    throw error;
  }
}
