// What a refused or failed send means for its drafts: the one reading of PostgREST's answers,
// used by the outbox's one sender (src/lib/outbox.ts) in the app and the service worker alike.
// Only what may succeed later waits: no signal, server trouble, too many requests, a session to
// refresh. Every other 4xx is the database or PostgREST saying no to this item for good; sending
// it again would fail the same way and, queued, would hold back everything behind it.
// Shared with the service worker: no DOM-only APIs.

/** PostgREST's error body (Postgres' SQLSTATE in `code`, or PGRSTnnn). */
export interface RestErrorBody {
  code?: string | null;
  message?: string | null;
  hint?: string | null;
}

export type SendVerdict =
  /** 42501: row-level security or the commit check says the round or game has closed. */
  | { kind: 'closed' }
  /** Refused for good; `reason` is what the player reads after "No se envió: ". */
  | { kind: 'refused'; reason: string }
  /** Try again later; `session` when a fresh token is what it needs. */
  | { kind: 'wait'; session: boolean };

/** Shown when the database gives no reason in Spanish (Postgres' and PostgREST's own are English). */
export const REFUSED_WITHOUT_REASON = 'el servidor rechazó este cambio';

// Our own `raise exception`s speak Spanish; Postgres and PostgREST answer in English.
const SPANISH = /[áéíóúñ¿¡]|\b(el|la|los|las|de|del|es|ese|esa|este|esta|tu|tus|ya|para|una?|o)\b/i;

function spanishReason(body: RestErrorBody): string {
  const message = body.message?.trim().replace(/\.$/, '');
  if (!message || !SPANISH.test(message)) return REFUSED_WITHOUT_REASON;
  const hint = body.hint?.trim().replace(/\.$/, '');
  const text = hint && SPANISH.test(hint) ? `${message} (${hint})` : message;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Tokens PostgREST could not use: missing, invalid (PGRST301) or expired (PGRST303, "JWT expired"). */
function needsSession(status: number, body: RestErrorBody): boolean {
  return status === 401 || body.code === 'PGRST301' || body.code === 'PGRST303' || /JWT expired/i.test(body.message ?? '');
}

/**
 * What a failed send means. `status` is null when no answer came (no signal). Permanent: 22xxx
 * data exceptions, 23xxx integrity, P0001 raised refusals, PGRST1xx/2xx request errors and any
 * other 4xx; 42501 is the close, refused for good too but with its own words on screen.
 */
export function sendVerdict(status: number | null, body: RestErrorBody = {}): SendVerdict {
  if (status === null || status >= 500 || status === 429 || status === 408) return { kind: 'wait', session: false };
  if (body.code === '42501') return { kind: 'closed' };
  if (needsSession(status, body)) return { kind: 'wait', session: true };
  if (status >= 400) return { kind: 'refused', reason: spanishReason(body) };
  // Not an answer PostgREST gives (a captive portal's redirect, say): try again later.
  return { kind: 'wait', session: false };
}
