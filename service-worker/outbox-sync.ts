/// <reference lib="webworker" />
// Background sync of the pick outbox: when the page registered the 'quinielazo-outbox' tag and
// the signal comes back (even with every tab closed), send the waiting picks from the same
// IndexedDB with the access token the app stored there. When the token is stale or refused,
// wake an open tab to send them with a fresh one, and let the browser retry the sync later.
import { FLUSH_MESSAGE, flushOutbox, OUTBOX_SYNC_TAG, restSender } from '../src/features/picks/drafts/pick-drafts';
import { getDb } from '../src/lib/db';

declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

/** Tokens this close to expiry are left to a tab, which can refresh them. */
const TOKEN_MARGIN_MS = 30_000;

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
    if ((await db.outbox.count()) > 0) throw new Error('outbox waiting for a fresh session');
    return;
  }
  const report = await flushOutbox(db, session.userId, restSender(session));
  if (report.authProblem) await wakeClients();
  // Throwing makes the browser schedule another attempt with backoff.
  if (report.waiting > 0) throw new Error(`outbox still has ${report.waiting} picks: ${report.retryReason ?? ''}`);
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(syncOutbox());
});
