// Runs the outbox in the app: flushes every lane (picks, Boost answers, Pro picks) after a change,
// when the signal comes back (`online`), when the app comes back to the foreground
// (`visibilitychange`) and when the service worker asks (it has no fresh token, or background
// sync fired). Keeps the session copy the service worker uses, and forgets the player's cached
// data on sign-out. main.tsx starts it after the first load; the screens that record taps start
// it too (it starts once). The lanes are lib/outbox-lanes.ts, the service worker's too.
import type { Session } from '@supabase/supabase-js';
import { getDb } from './db';
import { env } from './env';
import { FLUSH_MESSAGE, flushLanes, forgetSignedOutUser, OUTBOX_SYNC_TAG, type FlushReport, type RestTarget } from './outbox';
import { OUTBOX_LANES } from './outbox-lanes';
import { useSessionStore } from './session';
import { supabase } from './supabase';

type Listener = (report: FlushReport) => void;
const listeners = new Set<Listener>();
/** Nothing is sent before the runner starts (flushNow does nothing then). */
let started = false;

/** Hears every flush's report (a screen says when a round or game refused a change). */
export function onFlush(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function registerBackgroundSync(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
  await sync?.register(OUTBOX_SYNC_TAG);
}

/** Sends as the player whose entries are flushed, with the auth client's token (refreshed when it has expired). */
function sendAs(userId: string): RestTarget {
  return {
    apiUrl: env.supabaseUrl,
    anonKey: env.supabaseAnonKey,
    async accessToken() {
      const { data } = await supabase.auth.getSession();
      return data.session?.user.id === userId ? data.session.access_token : null;
    },
  };
}

async function runFlush(): Promise<FlushReport | null> {
  const userId = useSessionStore.getState().session?.user.id;
  if (!userId || !started) return null;
  const report = await flushLanes(getDb(), userId, OUTBOX_LANES, sendAs(userId));
  // Something is still waiting: let the service worker send it even if every tab closes.
  if (report.waiting > 0) void registerBackgroundSync().catch(() => undefined);
  for (const listener of listeners) listener(report);
  return report;
}

let inFlight: Promise<FlushReport | null> | null = null;
let queued: Promise<FlushReport | null> | null = null;

/** Sends what is waiting now; calls during a flush coalesce into one more pass after it. */
export function flushNow(): Promise<FlushReport | null> {
  if (!inFlight) {
    inFlight = runFlush().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }
  queued ??= inFlight
    .catch(() => null)
    .then(() => {
      queued = null;
      return flushNow();
    });
  return queued;
}

function mirrorSession(session: Session): Promise<unknown> {
  return getDb().meta.put({
    key: 'session',
    userId: session.user.id,
    accessToken: session.access_token,
    expiresAt: session.expires_at ?? 0,
    apiUrl: env.supabaseUrl,
    anonKey: env.supabaseAnonKey,
  });
}

/** Starts the runner once per tab. */
export function startOutboxRunner(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  let lastUserId: string | null | undefined;
  const onSession = (ready: boolean, session: Session | null) => {
    if (!ready) return;
    const userId = session?.user.id ?? null;
    if (session) void mirrorSession(session).catch(() => undefined);
    // Signed out (or another player signed in): forget what the previous player's screens cached.
    if (userId !== lastUserId && (lastUserId || (lastUserId === undefined && !userId))) {
      void forgetSignedOutUser(getDb()).catch(() => undefined);
    }
    if (userId && userId !== lastUserId) void flushNow().catch(() => undefined);
    lastUserId = userId;
  };
  const state = useSessionStore.getState();
  onSession(state.ready, state.session);
  useSessionStore.subscribe((next, prev) => {
    if (next.session !== prev.session || next.ready !== prev.ready) onSession(next.ready, next.session);
  });
  window.addEventListener('online', () => void flushNow().catch(() => undefined));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void flushNow().catch(() => undefined);
  });
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === FLUSH_MESSAGE) void flushNow().catch(() => undefined);
  });
}
