// Standings reads that still answer offline (issue 3: "his history browses offline"): each
// read is stored in the app's Dexie read cache under the player's id and served from there
// when the network fails. The cache is cleared on sign-out by the picks feature's session
// handling, so nobody sees the previous player's data. Dexie is imported on first use to
// keep it out of the first-load bundle.

export interface Cached<T> {
  data: T;
  /** Set when the data came from the cache: when it was stored (ms since the epoch). */
  cachedAt: number | null;
}

export async function readThroughCache<T>(name: string, userId: string | null, fetcher: () => Promise<T>): Promise<Cached<T>> {
  const owner = userId ?? '';
  const key = `${owner}:standings:${name}`;
  try {
    const data = await fetcher();
    // A convenience: a failed cache write (private mode, full disk) must not fail the read.
    void import('@/lib/db')
      .then(({ getDb, writeWithRoom }) => {
        const db = getDb();
        return writeWithRoom(db, () => db.cache.put({ key, userId: owner, value: data, storedAt: Date.now() }));
      })
      .catch(() => undefined);
    return { data, cachedAt: null };
  } catch (error) {
    const hit = await import('@/lib/db').then(({ getDb }) => getDb().cache.get(key)).catch(() => undefined);
    if (hit && hit.userId === owner) return { data: hit.value as T, cachedAt: hit.storedAt };
    throw error;
  }
}
