// What a push message may carry, checked before it becomes a notification: a malformed or
// foreign payload still shows something sensible and never opens another site.
import { BRAND } from '../src/lib/brand';

export interface PushNotification {
  title: string;
  body: string;
  /** Same-origin path (with search and hash) the notification opens. */
  url: string;
  /** Notices with the same tag replace each other (one per round); absent: each stands alone. */
  tag?: string;
}

const DEFAULT_TITLE = BRAND.name;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Keeps only URLs on the app's own origin; anything else opens the app's start page. */
export function safeAppPath(url: unknown, origin: string): string {
  const raw = text(url);
  if (!raw) return '/';
  try {
    const parsed = new URL(raw, origin);
    if (parsed.origin !== origin) return '/';
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return '/';
  }
}

/** A tag as the dispatcher writes them (`quiniela-12`, `boost-3`, `blog-slug`); anything else is dropped. */
function tag(value: unknown): string | undefined {
  return typeof value === 'string' && /^[a-z0-9-]{1,80}$/.test(value) ? value : undefined;
}

/** Reads a push payload `{title, body, url, tag}` sent as JSON (or plain text, used as the body). */
export function parsePushPayload(raw: string | null | undefined, origin: string): PushNotification {
  if (!raw) return { title: DEFAULT_TITLE, body: '', url: '/' };
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { title: DEFAULT_TITLE, body: raw, url: '/' };
  }
  if (typeof data !== 'object' || data === null) return { title: DEFAULT_TITLE, body: String(data), url: '/' };
  const record = data as Record<string, unknown>;
  return {
    title: text(record.title) ?? DEFAULT_TITLE,
    body: text(record.body) ?? '',
    url: safeAppPath(record.url, origin),
    ...(tag(record.tag) ? { tag: tag(record.tag) } : {}),
  };
}
