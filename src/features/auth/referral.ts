// Referral links are `?ref=CODE` on any URL: the code is kept on this device until sign-up
// attaches it as `referred_by`, and each code's visit is logged once.
import { recordReferralClick } from './api/record-referral-click';

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

/** Reads `?ref=` from a URL's search string, stores it and logs the click once per code. */
export function captureReferral(search: string): void {
  const code = new URLSearchParams(search).get('ref')?.trim().toUpperCase();
  if (!code || !CODE_PATTERN.test(code)) return;
  const store = storage();
  store?.setItem(CODE_KEY, code);
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
