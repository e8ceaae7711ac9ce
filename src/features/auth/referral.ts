// Referral links are `?ref=CODE` on any URL: the code is kept on this device until sign-up
// attaches it as `referred_by`, and each code's visit is logged once.
import { recordReferralClick } from './api/record-referral-click';

/** Also written by index.html's inline script: keep the two in step. */
const CODE_KEY = 'quinielazo.referral-code';
const LOGGED_KEY = 'quinielazo.referral-logged';
const VISITOR_KEY = 'quinielazo.visitor-id';
const CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function storedReferralCode(): string | null {
  return storage()?.getItem(CODE_KEY) ?? null;
}

/**
 * Reads `?ref=` from a URL's search string and stores it; logs the kept code's visit once. The
 * code may also have been kept by index.html before the app ran (a visitor who tapped "Crear
 * cuenta" on a prerendered page before its scripts loaded): its visit is logged on the next page.
 */
export function captureReferral(search: string): void {
  const fromLink = new URLSearchParams(search).get('ref')?.trim().toUpperCase();
  const linked = fromLink && CODE_PATTERN.test(fromLink) ? fromLink : null;
  const store = storage();
  if (linked) store?.setItem(CODE_KEY, linked);
  const code = store?.getItem(CODE_KEY) ?? linked;
  if (!code || !CODE_PATTERN.test(code)) return;
  if (store?.getItem(LOGGED_KEY) === code) return;
  store?.setItem(LOGGED_KEY, code);
  let visitorId = store?.getItem(VISITOR_KEY) ?? null;
  if (!visitorId) {
    visitorId = crypto.randomUUID();
    store?.setItem(VISITOR_KEY, visitorId);
  }
  recordReferralClick(code, visitorId, navigator.userAgent).catch((error: unknown) => {
    store?.removeItem(LOGGED_KEY);
    console.warn('No se registró la visita por referido', error);
  });
}
