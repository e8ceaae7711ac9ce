// The push feature's one module, hence its public entry (docs/decisions/code.md).
// This phone's web push subscription (issue 10): subscribe on the player's tap in /settings,
// save it in public.push_subscriptions (save_push_subscription), and heal it silently: at each
// start and when the service worker reports `pushsubscriptionchange`, a subscription whose
// endpoint or keys changed is saved again. Reminders go by e-mail while there is none.
import { supabase } from '@/lib/supabase';
import { isIosSafari, isStandalone } from '@/components/pwa/install-state';

/** The VAPID public key the app subscribes with (vite.config.ts: VITE_VAPID_PUBLIC_KEY). */
const VAPID_PUBLIC_KEY: string = import.meta.env.VITE_VAPID_PUBLIC_KEY ?? '';

export type PushAvailability = 'available' | 'unsupported' | 'ios-install';
export type PushState = 'on' | 'off' | 'blocked';

/** Where this browser stands: iPhone Safari only offers push to an installed (standalone) app. */
export function pushAvailability(): PushAvailability {
  if (typeof window === 'undefined') return 'unsupported';
  const ios = isIosSafari(navigator.userAgent, navigator.maxTouchPoints) || /iPad|iPhone|iPod/.test(navigator.userAgent);
  if (ios && !isStandalone()) return 'ios-install';
  if (!VAPID_PUBLIC_KEY || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return 'available';
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

function applicationServerKey(): Uint8Array<ArrayBuffer> {
  const base64 = VAPID_PUBLIC_KEY.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

export async function currentPushState(): Promise<PushState> {
  if (Notification.permission === 'denied') return 'blocked';
  const sub = await (await registration()).pushManager.getSubscription();
  return sub && Notification.permission === 'granted' ? 'on' : 'off';
}

const SAVED_KEY = 'quinielazo.push.saved';

function fingerprint(sub: PushSubscription): string {
  const json = sub.toJSON();
  return `${json.endpoint}|${json.keys?.p256dh}|${json.keys?.auth}`;
}

async function saveOnce(sub: PushSubscription) {
  const json = sub.toJSON();
  return supabase.rpc('save_push_subscription', {
    p_endpoint: json.endpoint ?? '',
    p_p256dh: json.keys?.p256dh ?? '',
    p_auth: json.keys?.auth ?? '',
    p_user_agent: navigator.userAgent.slice(0, 512),
  });
}

/** Saves this browser's subscription for the signed-in player. The server refuses an endpoint
 * another account saved (23505: someone else used this browser before and never turned notices
 * off); the browser then gets a new subscription, which is saved instead. */
async function save(reg: ServiceWorkerRegistration, sub: PushSubscription): Promise<void> {
  let { error } = await saveOnce(sub);
  if (error?.code === '23505') {
    await sub.unsubscribe();
    sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey() });
    ({ error } = await saveOnce(sub));
  }
  if (error) throw error;
  try {
    localStorage.setItem(SAVED_KEY, fingerprint(sub));
  } catch {
    // Private mode: the next start saves it again, which is harmless.
  }
}

/** The browser refused a subscription although notifications are allowed (its push service is
 * unavailable or disabled): no use retrying, unlike a save that failed on the way. */
export class PushRefusedError extends Error {}

/** The player's tap on "Avisos en este teléfono": asks permission (only here), subscribes, saves. */
export async function enablePush(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const reg = await registration();
  let sub = await reg.pushManager.getSubscription();
  if (!sub) {
    try {
      sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey() });
    } catch (error) {
      throw new PushRefusedError(error instanceof Error ? error.message : String(error));
    }
  }
  await save(reg, sub);
  return 'on';
}

export async function disablePush(): Promise<PushState> {
  const sub = await (await registration()).pushManager.getSubscription();
  if (sub) {
    const { error } = await supabase.from('push_subscriptions').delete().eq('endpoint', sub.endpoint);
    if (error) throw error;
    await sub.unsubscribe();
  }
  try {
    localStorage.removeItem(SAVED_KEY);
  } catch {
    // Nothing saved to forget.
  }
  return 'off';
}

/**
 * Re-saves this phone's subscription when it differs from the one last saved (a new endpoint
 * after the browser rotated it, or after pushsubscriptionchange). Quiet: failures wait for the
 * next start.
 */
async function syncPushSubscription(): Promise<void> {
  if (pushAvailability() !== 'available' || Notification.permission !== 'granted') return;
  const { data } = await supabase.auth.getSession();
  if (!data.session) return;
  let saved: string | null;
  try {
    saved = localStorage.getItem(SAVED_KEY);
  } catch {
    saved = null;
  }
  const reg = await registration();
  let sub = await reg.pushManager.getSubscription();
  // The browser dropped a subscription the player had turned on: make a new one.
  if (!sub && saved) sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey() });
  if (sub && saved !== fingerprint(sub)) await save(reg, sub);
}

let started = false;
/** Called once at start-up: checks now, and again whenever the service worker says the subscription changed. */
export function startPushSync(): void {
  if (started || typeof window === 'undefined' || !('serviceWorker' in navigator)) return;
  started = true;
  navigator.serviceWorker.addEventListener('message', (event) => {
    if ((event.data as { type?: string } | null)?.type === 'PUSH_SUBSCRIPTION_CHANGED') void syncPushSubscription().catch(() => undefined);
  });
  void syncPushSubscription().catch(() => undefined);
}
