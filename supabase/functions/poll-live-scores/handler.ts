// The football feed's poller (docs/match-day.md). Only the scheduler calls it (pg_cron → pg_net
// every 4 seconds, supabase/local/scheduler.ts here), with the service role key. Each run asks
// the database which fixtures are on (public.live_poll_plan: kick-off − 5 min to the final
// whistle, in rounds past their deadline; nothing while backing off or while another run is
// asking), asks API-Football for them
// in one request per 20 (`ids`),
// stores what changed (public.record_live_scores) and tells each round's screens in one
// broadcast per round on its private topic "live:round:<id>". A failing provider never stops the
// game: the scores stay, the feed is "en pausa" (public.record_feed_failure), and it is asked
// again after a growing wait. A round whose results as they stand changed also carries, in the
// same message, how many players would have each number of points (public.refresh_live_standings):
// each screen finds the player's place in it ("entre el 3 % mejor"). The matches the scheduler's
// minute job made void since the last run (public.live_void_news) and the results an admin typed
// are queued in the outbox as one message per round, sent here at once and retried by the
// dispatcher when Realtime refuses them, so an open screen counts them without a reload.
// Asked `{"check": "dates"}` (the scheduler's hourly 'fixture-dates' job), it asks instead for
// the kick-offs of the open rounds' fixtures not yet on (public.fixture_dates_plan), so a match
// moved earlier is followed from its new kick-off, and an open round closes no later than it.
import { serviceClient } from '../_shared/admin.ts';
import { verifiedCaller } from '../_shared/claims.ts';
import { apiKey, env, optionalEnv } from '../_shared/env.ts';
import { corsHeaders, json } from '../_shared/http.ts';
import { dispatch } from '../_shared/notify.ts';

const API_FOOTBALL = 'https://v3.football.api-sports.io';
/** API-Football answers at most 20 fixtures to one `ids`. */
const IDS_PER_REQUEST = 20;
/** A provider that has not answered in this long is down for this run. */
const TIMEOUT_MS = 10_000;

interface Quota {
  dailyLimit?: number;
  dailyRemaining?: number;
  minuteLimit?: number;
  minuteRemaining?: number;
}

/** How many of the round's players would have each number of points if it ended now. */
interface Standings {
  quinielaId: number;
  results: Record<string, string | null>;
  players: number;
  histogram: Array<[number, number]>;
}

interface Recorded {
  rounds?: Array<{ quinielaId: number; matches: unknown[] }>;
  feed: 'ok' | 'paused';
  feedChanged: boolean;
  liveRounds: number[];
  /** "Goles de mis partidos" notices queued by this answer. */
  goalAlerts?: number;
}

type Outcome = { ok: true; fixtures: unknown[]; quota: Quota } | { ok: false; reason: string; pause: boolean; retryAfter?: number; quota: Quota };

export default async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders });
  if (req.method !== 'POST') return json(405, { error: 'Método no permitido.' });
  // The caller's JWT verified here against the JWKS (verify_jwt = false, as for the new keys).
  const caller = await verifiedCaller(req);
  if (caller instanceof Response) return caller;
  if (caller.claims.role !== 'service_role') return json(403, { error: 'Solo el programador de tareas puede pedir los marcadores.' });
  const db = serviceClient();
  const body = (await req.json().catch(() => ({}))) as { check?: unknown };
  try {
    if (body?.check === 'dates') return await checkDates(db);
    await tellVoided(db);
    await sendLiveMessages(db);
    const { data: plan, error } = await db.rpc('live_poll_plan');
    if (error) throw error;
    const { fixtures: ids, waitUntil, busy } = plan as { fixtures: number[]; waitUntil: string | null; busy?: boolean };
    // Another run is asking the provider (a slow answer outlasts the 4 seconds): it will record it.
    if (busy) return json(200, { asked: 0, busy: true });
    if (!ids.length) return json(200, { asked: 0, waitUntil });
    try {
      return await pollFixtures(db, ids);
    } finally {
      // The next run may ask (else it may after a minute, should this one die).
      const { error: done } = await db.rpc('live_poll_done');
      if (done) console.error('poll-live-scores done', done);
    }
  } catch (e) {
    console.error('poll-live-scores', e);
    return json(503, { error: 'No pudimos actualizar los marcadores: la base de datos no está disponible.' });
  }
}

/** The live poll: the fixtures on, one request per 20; what changed stored and told. */
async function pollFixtures(db: ReturnType<typeof serviceClient>, ids: number[]): Promise<Response> {
  let asked = 0;
  let changed = 0;
  for (let i = 0; i < ids.length; i += IDS_PER_REQUEST) {
    const batch = ids.slice(i, i + IDS_PER_REQUEST);
    const outcome = await ask(batch);
    asked++;
    if (!outcome.ok) {
      const { data, error: failed } = await db.rpc('record_feed_failure', { reason: outcome.reason, pause: outcome.pause, retry_after_seconds: outcome.retryAfter ?? null, quota: outcome.quota });
      if (failed) throw failed;
      await tell(db, data as Recorded);
      return json(200, { asked, changed, feed: (data as Recorded).feed, reason: outcome.reason });
    }
    const { data, error: recordFailed } = await db.rpc('record_live_scores', { fixtures: outcome.fixtures, quota: outcome.quota });
    if (recordFailed) {
      // An answer the database cannot read (a status or a number out of shape) is the provider's failure.
      if (recordFailed.code === '22P02' || recordFailed.code === '23514' || recordFailed.code === '22023') {
        await db.rpc('record_feed_failure', { reason: 'respuesta ilegible del proveedor', pause: true, retry_after_seconds: null, quota: outcome.quota });
        return json(200, { asked, changed, feed: 'paused', reason: 'respuesta ilegible del proveedor' });
      }
      throw recordFailed;
    }
    const recorded = data as Recorded;
    changed += (recorded.rounds ?? []).reduce((n, r) => n + r.matches.length, 0);
    await tell(db, recorded, await standingsOf(db));
    // A goal alert is worth sending now, not at the dispatcher's next five-minute run.
    if (recorded.goalAlerts) await dispatch(db).catch((e) => console.error('poll-live-scores goal alerts', e));
  }
  return json(200, { asked, changed, feed: 'ok' });
}

/**
 * The hourly re-check of the open rounds' fixtures not yet on (public.fixture_dates_plan): one
 * request per 20, each answer's kick-offs stored (public.record_fixture_dates). A failure is the
 * feed's like any other: backed off, and told when it pauses.
 */
async function checkDates(db: ReturnType<typeof serviceClient>): Promise<Response> {
  const { data: plan, error } = await db.rpc('fixture_dates_plan');
  if (error) throw error;
  const { fixtures: ids, waitUntil } = plan as { fixtures: number[]; waitUntil: string | null };
  if (!ids.length) return json(200, { asked: 0, waitUntil });
  let asked = 0;
  const moved: unknown[] = [];
  /** Open rounds whose deadline came forward to a kick-off moved before it. */
  const deadlines: unknown[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_REQUEST) {
    const outcome = await ask(ids.slice(i, i + IDS_PER_REQUEST));
    asked++;
    if (!outcome.ok) {
      const { data, error: failed } = await db.rpc('record_feed_failure', { reason: outcome.reason, pause: outcome.pause, retry_after_seconds: outcome.retryAfter ?? null, quota: outcome.quota });
      if (failed) throw failed;
      await tell(db, data as Recorded);
      return json(200, { asked, moved, deadlines, feed: (data as Recorded).feed, reason: outcome.reason });
    }
    const { data, error: recordFailed } = await db.rpc('record_fixture_dates', { fixtures: outcome.fixtures, quota: outcome.quota });
    if (recordFailed) {
      if (recordFailed.code === '22P02' || recordFailed.code === '22023' || recordFailed.code === '22008' || recordFailed.code === '22007') {
        await db.rpc('record_feed_failure', { reason: 'respuesta ilegible del proveedor', pause: true, retry_after_seconds: null, quota: outcome.quota });
        return json(200, { asked, moved, deadlines, feed: 'paused', reason: 'respuesta ilegible del proveedor' });
      }
      throw recordFailed;
    }
    const recorded = data as Recorded & { moved: unknown[]; deadlines: unknown[] };
    moved.push(...recorded.moved);
    deadlines.push(...recorded.deadlines);
    await tell(db, recorded);
  }
  return json(200, { asked, moved, deadlines, feed: 'ok' });
}

/** One request to API-Football for up to 20 fixtures, classified. */
async function ask(ids: number[]): Promise<Outcome> {
  const base = (optionalEnv('FOOTBALL_API_URL') || API_FOOTBALL).replace(/\/+$/, '');
  let res: Response;
  try {
    res = await fetch(`${base}/fixtures?ids=${ids.join('-')}`, { headers: { 'x-apisports-key': env('FOOTBALL_API_KEY') }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (e) {
    return { ok: false, reason: (e as Error).name === 'TimeoutError' ? 'el proveedor no respondió' : 'sin conexión con el proveedor', pause: true, quota: {} };
  }
  const quota = quotaOf(res.headers);
  let body: { errors?: unknown; response?: unknown };
  try {
    body = await res.json();
  } catch {
    return { ok: false, reason: `respuesta ilegible del proveedor (HTTP ${res.status})`, pause: true, quota };
  }
  if (res.status !== 200) return { ok: false, reason: `el proveedor respondió HTTP ${res.status}`, pause: true, quota };
  // API-Football's errors come with HTTP 200: [] when none, {field: message} otherwise.
  const errors = body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string>) : {};
  if (Object.keys(errors).length) {
    if ('rateLimit' in errors) return { ok: false, reason: 'límite por minuto del proveedor', pause: false, retryAfter: 60, quota: { ...quota, minuteRemaining: 0 } };
    if ('requests' in errors) return { ok: false, reason: 'cuota del día agotada', pause: true, quota: { ...quota, dailyRemaining: 0 } };
    if ('token' in errors) return { ok: false, reason: 'el proveedor rechazó la clave', pause: true, quota };
    return { ok: false, reason: `el proveedor rechazó la consulta (${Object.keys(errors).join(', ')})`, pause: true, quota };
  }
  if (!Array.isArray(body.response)) return { ok: false, reason: 'respuesta ilegible del proveedor', pause: true, quota };
  return { ok: true, fixtures: body.response, quota };
}

function quotaOf(headers: Headers): Quota {
  const n = (name: string) => {
    const v = headers.get(name);
    return v !== null && /^\d+$/.test(v) ? Number(v) : undefined;
  };
  return {
    dailyLimit: n('x-ratelimit-requests-limit'),
    dailyRemaining: n('x-ratelimit-requests-remaining'),
    minuteLimit: n('x-ratelimit-limit'),
    minuteRemaining: n('x-ratelimit-remaining'),
  };
}

/**
 * The histograms that changed with this answer (a result as it stands moved). Their failure costs
 * the place on the screens, never the scores: the broadcast goes without them.
 */
async function standingsOf(db: ReturnType<typeof serviceClient>, roundIds: number[] | null = null): Promise<Standings[]> {
  const { data, error } = await db.rpc('refresh_live_standings', { round_ids: roundIds });
  if (error) {
    console.error('poll-live-scores standings', error);
    return [];
  }
  return (data ?? []) as Standings[];
}

/**
 * The matches made void since the last run (internal.void_due_matches, the scheduler's minute
 * job): public.live_void_news queues one message per round with them and the histogram they
 * change, in the outbox (sent below). A failure here costs the message, never the scores:
 * screens read the void on (re)joining.
 */
async function tellVoided(db: ReturnType<typeof serviceClient>): Promise<void> {
  const { error } = await db.rpc('live_void_news');
  if (error) console.error('poll-live-scores void news', error);
}

/**
 * The rounds' messages waiting in the outbox (a void, a result typed by hand, one Realtime
 * refused before and now due again), sent by the dispatcher: what Realtime refuses is retried
 * by it (1, 4, 16… minutes), as any notice is.
 */
async function sendLiveMessages(db: ReturnType<typeof serviceClient>): Promise<void> {
  const { data, error } = await db.rpc('live_messages_due');
  if (error) {
    console.error('poll-live-scores live messages', error);
    return;
  }
  const ids = (data ?? []) as number[];
  if (ids.length) await dispatch(db, { ids }).catch((e) => console.error('poll-live-scores live messages', e));
}

type Message = { topic: string; event: string; payload: unknown; private: boolean };

/**
 * One broadcast per round that changed (its changed matches, and its histogram when that changed
 * too), and when the feed paused or came back, one to every round on now: all in one request to
 * Realtime, sent again twice (a quarter second, then a second later) when it fails. Should
 * Realtime still refuse it, the rounds' screens are told through the outbox to read the round
 * again (public.live_read_again, retried by the dispatcher), not sent these changes later, which
 * could undo newer ones; a screen that lost its socket reads the round on rejoining anyway.
 */
async function tell(db: ReturnType<typeof serviceClient>, recorded: Recorded, standings: Standings[] = []): Promise<void> {
  const messages: Message[] = [];
  const rounds = new Map<number, { quinielaId: number; matches: unknown[]; feed?: string; standings?: Standings }>();
  for (const r of recorded.rounds ?? []) rounds.set(r.quinielaId, { quinielaId: r.quinielaId, matches: r.matches });
  for (const s of standings) rounds.set(s.quinielaId, { ...(rounds.get(s.quinielaId) ?? { quinielaId: s.quinielaId, matches: [] }), standings: s });
  if (recorded.feedChanged) for (const id of recorded.liveRounds) rounds.set(id, { ...(rounds.get(id) ?? { quinielaId: id, matches: [] }), feed: recorded.feed });
  for (const r of rounds.values()) messages.push({ topic: `live:round:${r.quinielaId}`, event: 'scores', payload: { feed: recorded.feed, ...r }, private: true });
  if (!messages.length || (await send(messages))) return;
  const { error } = await db.rpc('live_read_again', { round_ids: [...rounds.keys()] });
  if (error) console.error('poll-live-scores read again', error);
}

/** How often one broadcast is sent before its rounds are told to read again instead. */
const BROADCAST_TRIES = 3;

/** Messages to Realtime, all in one request; true once Realtime took them. */
async function send(messages: Message[]): Promise<boolean> {
  const key = apiKey('secret');
  for (let attempt = 1; attempt <= BROADCAST_TRIES; attempt++) {
    try {
      const res = await fetch(`${env('SUPABASE_URL')}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messages }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (res.ok) return true;
      console.error('poll-live-scores broadcast', attempt, res.status, await res.text());
    } catch (e) {
      console.error('poll-live-scores broadcast', attempt, e);
    }
    if (attempt < BROADCAST_TRIES) await new Promise((wake) => setTimeout(wake, 250 * 4 ** (attempt - 1)));
  }
  return false;
}
