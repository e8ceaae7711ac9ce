// Analytics of signed-in players (page views, calls to action) into activity_logs, in batches
// that never hold up a screen: events wait in memory and go out when the browser is idle, at
// most every few seconds, and the last ones with a keepalive request when the page is hidden.
// Visitors are never logged, nor the one account VITE_ACTIVITY_EXCLUDED_USER_ID names (the
// team's own, so its testing does not count as players' activity).
import { activityKeepaliveRequest } from './activity-request';
import { env } from './env';
import { useSessionStore } from './session';
import type { Json } from './database.types';
import { supabase } from './supabase';

interface ActivityEvent {
  /** The phone's id for the event: sent twice, stored once. */
  event_key: string;
  user_id: string;
  event_name: string;
  json: { [key: string]: Json };
}

const FLUSH_AFTER_MS = 5000;
const MAX_BATCH = 50;
/** Events are not worth unbounded memory: past this the oldest are dropped. */
const MAX_QUEUED = 500;
const EXCLUDED = import.meta.env.VITE_ACTIVITY_EXCLUDED_USER_ID as string | undefined;

const queue: ActivityEvent[] = [];
/** The batches on their way: a navigation may cut a request off before the server has it. */
const inFlight = new Set<ActivityEvent[]>();
let timer: ReturnType<typeof setTimeout> | undefined;

/** Queues one event of the signed-in player; does nothing for visitors and the excluded account. */
export function track(eventName: string, json: { [key: string]: Json } = {}): void {
  const userId = useSessionStore.getState().session?.user.id;
  if (!userId || userId === EXCLUDED) return;
  queue.push({ event_key: crypto.randomUUID(), user_id: userId, event_name: eventName.slice(0, 100), json });
  if (queue.length > MAX_QUEUED) queue.splice(0, queue.length - MAX_QUEUED);
  timer ??= setTimeout(() => {
    timer = undefined;
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void flush(), { timeout: 2000 });
    else void flush();
  }, FLUSH_AFTER_MS);
}

/** Sends what is queued, in batches; a failed batch waits for the next flush. */
async function flush(): Promise<void> {
  // Offline a request could only fail: the events wait for a flush with signal.
  if (!navigator.onLine) return;
  while (queue.length > 0) {
    const batch = queue.splice(0, MAX_BATCH);
    // A request cut off by a navigation, before or after the server stored it, is retried below
    // or sent again on hide: the database skips the events it already has (their keys).
    inFlight.add(batch);
    const { error } = await supabase.from('activity_logs').insert(batch);
    inFlight.delete(batch);
    if (error) {
      // Another player's events never mix in: a batch belongs to whoever was signed in. A batch
      // the table refuses (a check, 23xxx; the hourly limit, QZ429) would be refused again:
      // dropped, not retried forever.
      if (error.code !== '42501' && error.code !== 'QZ429' && !error.code?.startsWith('23')) queue.unshift(...batch);
      return;
    }
  }
}

/** The page is going away: the rest leaves with a keepalive request the browser finishes alone. */
export function flushOnHide(): void {
  const token = useSessionStore.getState().session?.access_token;
  // Offline the page's last events are not worth a request that can only fail.
  if (!token || queue.length + inFlight.size === 0 || !navigator.onLine) return;
  const batch = [...[...inFlight].flat(), ...queue.splice(0, queue.length)];
  inFlight.clear();
  void fetch(...activityKeepaliveRequest(env.supabaseUrl, env.supabaseAnonKey, token, batch)).catch(() => undefined);
}
