// Drains public.notification_outbox (supabase/schemas/130_notifications.sql): each claimed
// notice goes by web push to the player's subscriptions, or by e-mail when he has none, when
// the push service says they are gone (404/410: deleted), or when pushes keep failing
// (retried with backoff first). A round's live message (channel 'realtime', no player: a void or
// a result typed by hand, docs/match-day.md) goes to Realtime's broadcast API, retried the same
// way when Realtime refuses it. Used by dispatch-notifications, quinielazo-reminder and the
// live-scores poller.
// web-push signs the VAPID token; the body is encrypted with Web Crypto (push-encrypt.ts).
import type { SupabaseClient } from '@supabase/supabase-js';
import webpush from 'web-push';
import { apiKey, env, optionalEnv } from './env.ts';
import { escapeHtml, layout, sendMail } from './mailer.ts';
import { encryptPush } from './push-encrypt.ts';
import { pushEndpointAllowed } from './push-hosts.ts';

/** Push attempts before a notice falls back to e-mail; attempts in all before it is given up. */
const MAX_PUSH_ATTEMPTS = 3;
const MAX_ATTEMPTS = 8;
const BATCH = 500;
const PUSH_CONCURRENCY = 64;
const MAIL_CONCURRENCY = 5;
const PUSH_TIMEOUT_MS = 10_000;

interface Subscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

interface Payload {
  title: string;
  body: string;
  url: string;
  tag: string;
  deadline?: string;
  /** The welcome e-mail's invitation: the player's /signup?ref=CODE and a line about the bonus. */
  invite_url?: string;
  invite_text?: string;
}

interface Claimed {
  id: number;
  user_id: string | null;
  kind: string;
  channel: 'push' | 'email' | 'realtime';
  payload: Payload;
  attempts: number;
  email: string | null;
  username: string | null;
  subscriptions: Subscription[];
  /** Why the push did not go, when this is its e-mail fallback. */
  pushError?: string;
}

interface Result {
  id: number;
  state: 'sent' | 'retry' | 'failed';
  channel?: 'push' | 'email' | 'realtime';
  error?: string;
}

export interface DispatchReport {
  pushes: number;
  emails: number;
  /** Rounds' live messages Realtime took. */
  broadcasts: number;
  retried: number;
  failed: number;
}

type PushOutcome = 'ok' | 'gone' | 'failed';

const VAPID_LIFETIME_S = 12 * 3600;
const vapidByAudience = new Map<string, { authorization: string; expires: number }>();

/**
 * The VAPID Authorization header for a push service (its origin is the token's `aud`): signed
 * once and reused while it has more than an hour left, instead of an ES256 signature per push.
 */
function vapidAuthorization(endpoint: string): string {
  const audience = new URL(endpoint).origin;
  const now = Math.floor(Date.now() / 1000);
  const cached = vapidByAudience.get(audience);
  if (cached && cached.expires - now > 3600) return cached.authorization;
  const expires = now + VAPID_LIFETIME_S;
  const { Authorization } = webpush.getVapidHeaders(audience, env('VAPID_SUBJECT'), env('VAPID_PUBLIC_KEY'), env('VAPID_PRIVATE_KEY'), 'aes128gcm', expires);
  vapidByAudience.set(audience, { authorization: Authorization, expires });
  return Authorization;
}

/** One push: encrypted here (RFC 8291, push-encrypt.ts), VAPID-signed by web-push (above), sent with fetch to a browser's push service (push-hosts.ts). */
async function push(sub: Subscription, payload: Payload, kind: string): Promise<{ outcome: PushOutcome; error?: string }> {
  // An endpoint outside the browsers' push services is never called: dropped like a 410 one (push-hosts.ts).
  if (!pushEndpointAllowed(sub.endpoint, optionalEnv('PUSH_ENDPOINT_HOSTS'))) return { outcome: 'gone', error: 'el servicio de push no es de un navegador' };
  let body: Uint8Array<ArrayBuffer>;
  let authorization: string;
  try {
    body = await encryptPush(sub.p256dh, sub.auth, JSON.stringify({ title: payload.title, body: payload.body, url: payload.url, tag: payload.tag, kind }));
    authorization = vapidAuthorization(sub.endpoint);
  } catch (e) {
    // Keys that are no point of P-256 (or a malformed endpoint) can never be pushed to: the
    // subscription is dropped like a 410 one.
    return { outcome: 'gone', error: `suscripción inválida: ${(e as Error).message}` };
  }
  const urgent = kind.startsWith('deadline') || kind === 'manual_reminder' || kind === 'league_reminder';
  try {
    const res = await fetch(sub.endpoint, {
      method: 'POST',
      headers: {
        authorization,
        'content-encoding': 'aes128gcm',
        'content-type': 'application/octet-stream',
        // A reminder is worthless after its deadline; other notices may wait a day for the phone.
        ttl: String(urgent || kind === 'boost' ? 2 * 3600 : 24 * 3600),
        urgency: urgent ? 'high' : 'normal',
      },
      body,
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (res.status >= 200 && res.status < 300) return { outcome: 'ok' };
    if (res.status === 404 || res.status === 410) return { outcome: 'gone', error: `push ${res.status}` };
    return { outcome: 'failed', error: `push ${res.status}` };
  } catch (e) {
    return { outcome: 'failed', error: `push: ${(e as Error).message}` };
  }
}

/** The game's clock (Mexico City), the functions' one home for it (Deno cannot import src/lib/time.ts). */
export const GAME_TIME_ZONE = 'America/Mexico_City';

const deadlineFormat = new Intl.DateTimeFormat('es-MX', {
  timeZone: GAME_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * "Cierra el sábado, 5 de diciembre, 18:00 (hora del Centro).", the date once: "Cierra el sábado a
 * las 18:00 (hora del Centro)." when the notice already names the day («Quiniela del 5 de
 * diciembre»), as the app says it beside a round's name (src/lib/time.ts, formatDeadlineBeside).
 */
function closesLine(deadline: string, said: string): string {
  const at = new Date(deadline);
  const part = Object.fromEntries(deadlineFormat.formatToParts(at).map((p) => [p.type, p.value]));
  const named = new RegExp(`(^|\\D)${part.day} de ${part.month}(\\P{L}|$)`, 'iu').test(said);
  return named ? `Cierra el ${part.weekday} a las ${part.hour}:${part.minute} (hora del Centro).` : `Cierra el ${deadlineFormat.format(at)} (hora del Centro).`;
}

const ACTION: Record<string, string> = {
  boost: 'Jugar el Boost',
  new_blog: 'Leer el artículo',
  points_ready: 'Ver mis puntos',
  correction: 'Ver la corrección',
};

async function email(n: Claimed): Promise<void> {
  if (!n.email) throw new Error('el jugador no tiene correo');
  const siteUrl = optionalEnv('SITE_URL') ?? 'http://localhost:5173';
  const p = n.payload;
  const username = n.username?.trim() || 'jugador';
  const link = `${siteUrl}${p.url}`;
  const action = Object.hasOwn(ACTION, n.kind) ? ACTION[n.kind] : 'Hacer mis predicciones';
  const closes = p.deadline ? closesLine(p.deadline, `${p.title} ${p.body}`) : null;
  const html = `<p>¡Hola, ${escapeHtml(username)}!</p>
${closes ? `<p><strong>${escapeHtml(closes)}</strong></p>` : ''}
<p>${escapeHtml(p.body)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#0b6e4f;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold">${escapeHtml(action)}</a></p>`;
  const invite = p.invite_url ? { url: `${siteUrl}${p.invite_url}`, text: p.invite_text ?? 'Invita a tus amigos con tu enlace:' } : null;
  const inviteHtml = invite
    ? `<p>${escapeHtml(invite.text)}<br><a href="${escapeHtml(invite.url)}" style="color:#0b6e4f;word-break:break-all">${escapeHtml(invite.url)}</a></p>`
    : '';
  const text = [
    `¡Hola, ${username}!`,
    ...(closes ? [closes] : []),
    p.body,
    `${action}: ${link}`,
    ...(invite ? ['', invite.text, invite.url] : []),
    '',
    `Cambia tus preferencias de correo: ${siteUrl}/settings`,
  ].join('\n');
  // One Message-ID per outbox row: a retry after a dispatcher died between the SMTP hand-off
  // and complete_notifications carries the same id, so mailboxes can drop the duplicate.
  await sendMail({ to: n.email, subject: p.title, html: layout(p.title, html + inviteHtml, siteUrl), text, messageId: `<aviso-${n.id}@quinielazo.mx>` });
}

/** A round's live message as queued (internal.queue_live_message): Realtime's broadcast API's own shape. */
interface LiveMessage {
  topic: string;
  event: string;
  payload: unknown;
  private: boolean;
}

/** Messages to Realtime's broadcast API, in one request: null when it took them, else why not. */
async function broadcast(messages: LiveMessage[]): Promise<string | null> {
  try {
    const key = apiKey('secret');
    const res = await fetch(`${env('SUPABASE_URL')}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages }),
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    const answer = await res.text();
    return res.ok ? null : `realtime ${res.status}: ${answer.slice(0, 200)}`;
  } catch (e) {
    return `realtime: ${(e as Error).message}`;
  }
}

async function pool<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      // One notice's unexpected failure must not stop the batch; its row stays 'sending' and is
      // claimed again after 10 minutes.
      await task(items[next++]).catch((e) => console.error('aviso fallido', e));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Sends due notices (or exactly `ids`, when given) until none is left or `budgetMs` is spent;
 * rows whose push failed for a passing reason stay in the outbox for a later run.
 */
export async function dispatch(service: SupabaseClient, opts: { ids?: number[]; budgetMs?: number } = {}): Promise<DispatchReport> {
  const report: DispatchReport = { pushes: 0, emails: 0, broadcasts: 0, retried: 0, failed: 0 };
  const until = Date.now() + (opts.budgetMs ?? 50_000);
  do {
    const { data, error } = await service.rpc('claim_notifications', { p_limit: BATCH, p_ids: opts.ids ?? null });
    if (error) throw new Error(error.message);
    const batch = (data ?? []) as Claimed[];
    if (batch.length === 0) break;

    const results: Result[] = [];
    const live = batch.filter((n) => n.channel === 'realtime');
    if (live.length) {
      const error = await broadcast(live.map((n) => n.payload as unknown as LiveMessage));
      for (const n of live) {
        if (!error) results.push({ id: n.id, state: 'sent', channel: 'realtime' });
        else results.push({ id: n.id, state: n.attempts >= MAX_ATTEMPTS ? 'failed' : 'retry', channel: 'realtime', error });
      }
      if (!error) report.broadcasts += live.length;
      else if (live.some((n) => n.attempts >= MAX_ATTEMPTS)) report.failed += live.filter((n) => n.attempts >= MAX_ATTEMPTS).length;
      else report.retried += live.length;
    }
    const subscriptions = new Map<string, PushOutcome>();
    const byEmail: Claimed[] = [];
    await pool(
      batch.filter((n) => n.channel === 'push'),
      PUSH_CONCURRENCY,
      async (n) => {
        const outcomes = await Promise.all(n.subscriptions.map((s) => push(s, n.payload, n.kind)));
        n.subscriptions.forEach((s, i) => subscriptions.set(s.endpoint, outcomes[i].outcome));
        if (outcomes.some((o) => o.outcome === 'ok')) {
          results.push({ id: n.id, state: 'sent', channel: 'push' });
          report.pushes++;
          return;
        }
        const error = outcomes.find((o) => o.outcome === 'failed')?.error ?? outcomes[0]?.error;
        const transient = outcomes.some((o) => o.outcome === 'failed');
        if (transient && n.attempts < MAX_PUSH_ATTEMPTS) {
          results.push({ id: n.id, state: 'retry', error });
          report.retried++;
          return;
        }
        // A goal is news now or never: it never turns into an e-mail.
        if (n.kind === 'goal') {
          results.push({ id: n.id, state: 'failed', channel: 'push', error: error ?? 'sin suscripción' });
          return;
        }
        // No subscription left, or pushes kept failing: the notice goes by e-mail now.
        byEmail.push({ ...n, channel: 'email', pushError: error ?? 'sin suscripción' });
      },
    );
    await pool([...batch.filter((n) => n.channel === 'email'), ...byEmail], MAIL_CONCURRENCY, async (n) => {
      try {
        await email(n);
        results.push({ id: n.id, state: 'sent', channel: 'email', error: n.pushError });
        report.emails++;
      } catch (e) {
        const giveUp = n.attempts >= MAX_ATTEMPTS || !n.email;
        results.push({ id: n.id, state: giveUp ? 'failed' : 'retry', channel: 'email', error: `correo: ${(e as Error).message}` });
        if (giveUp) report.failed++;
        else report.retried++;
      }
    });

    const { error: done } = await service.rpc('complete_notifications', {
      results,
      subscriptions: [...subscriptions].map(([endpoint, outcome]) => ({ endpoint, outcome })),
    });
    if (done) throw new Error(done.message);
    if (opts.ids) break;
  } while (Date.now() < until);
  return report;
}
