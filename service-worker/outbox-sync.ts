/// <reference lib="webworker" />
// Background sync of the outbox (every lane: picks, Boost answers, Pro picks): when the page
// registered the 'quinielazo-outbox' tag and the signal comes back (even with every tab closed),
// send what is waiting from the same IndexedDB, through the same lanes and REST sender as the app,
// with the access token the app stored there. When the token is stale or refused, wake an open
// tab to send it with a fresh one, and let the browser retry the sync later.
import { getDb, type StoredSession } from '../src/lib/db';
import { FLUSH_MESSAGE, flushLanes, OUTBOX_SYNC_TAG, waitingCount, type RestTarget } from '../src/lib/outbox';
import { OUTBOX_LANES } from '../src/lib/outbox-lanes';

declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

/** Tokens this close to expiry are left to a tab, which can refresh them. */
const TOKEN_MARGIN_MS = 30_000;

/** Sends with the token the app stored (a tab refreshes it; this worker cannot). */
function sendAs(session: StoredSession): RestTarget {
  return { apiUrl: session.apiUrl, anonKey: session.anonKey, accessToken: async () => session.accessToken };
}

async function wakeClients(): Promise<boolean> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage({ type: FLUSH_MESSAGE });
  return windows.length > 0;
}

async function syncOutbox(): Promise<void> {
  const db = getDb();
  const session = await db.meta.get('session');
  if (!session || session.expiresAt * 1000 - TOKEN_MARGIN_MS < Date.now()) {
    await wakeClients();
    if ((await waitingCount(db, OUTBOX_LANES)) > 0) throw new Error('outbox waiting for a fresh session');
    return;
  }
  const report = await flushLanes(db, session.userId, OUTBOX_LANES, sendAs(session));
  if (report.authProblem) await wakeClients();
  // Throwing makes the browser schedule another attempt with backoff.
  if (report.waiting > 0) throw new Error(`outbox still has ${report.waiting} entries: ${report.retryReason ?? ''}`);
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(syncOutbox());
});
