// Reminders that arrive (issue 10): who each queueing function picks (against a hand-built
// fixture), dedupe across runs, quiet hours, the push subscriptions' RLS, and the dispatcher's
// real push path — web-push on Deno encrypting to keys this test generated, delivered to a
// local receiver, decrypted here (RFC 8291) — plus 410 and 500 handling and the e-mail fallback.
import { importJWK, jwtVerify } from 'jose';
import type { QueryResult } from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { VAPID_PUBLIC_KEY, VAPID_SUBJECT } from '../../supabase/local/config.ts';
import { startScheduler } from '../../supabase/local/scheduler.ts';
import { SCHEDULE } from '../../supabase/schedule.ts';
import { db } from '../support/clients.ts';
import { waitForMail } from '../support/inbox.ts';
import { createPlayer, type Player } from '../support/players.ts';
import { browserKeys, decryptPush, startPushReceiver, type BrowserKeys, type PushReceiver } from '../support/push-receiver.ts';

type Query = (sql: string, params?: unknown[]) => Promise<QueryResult>;
const q: Query = (sql, params = []) => db().query(sql, params);

/**
 * Runs the queueing functions and reads their rows inside a transaction rolled back afterwards:
 * they queue for every player in the database, and those rows must not reach the dispatcher
 * tests (nor the players of other test files).
 */
async function rolledBack<T>(fn: (tq: Query) => Promise<T>): Promise<T> {
  const client = await db().connect();
  try {
    await client.query('begin');
    return await fn((sql, params = []) => client.query(sql, params));
  } finally {
    await client.query('rollback');
    client.release();
  }
}

interface Row {
  kind: string;
  channel: string;
  quiniela_id: string | null;
  payload: { title: string; body: string; url: string; tag: string; missing?: number };
}

async function outbox(tq: Query, users: Player[], where = 'true', params: unknown[] = []): Promise<Map<string, Row[]>> {
  const { rows } = await tq(
    `select user_id, kind, channel, quiniela_id, payload from public.notification_outbox where user_id = any($1) and ${where} order by id`,
    [users.map((u) => u.id), ...params],
  );
  const byUser = new Map<string, Row[]>(users.map((u) => [u.id, []]));
  for (const r of rows) byUser.get(r.user_id)!.push(r);
  return byUser;
}

/** A round of `n` matches whose deadline is `deadlineSql` (an SQL expression over now()). */
async function round(n: number, deadlineSql: string, name = 'Jornada de avisos'): Promise<{ id: number; matchIds: number[] }> {
  const r = (await q(`insert into public.quinielas (name, week, deadline) values ($1, 47, ${deadlineSql}) returning id`, [name])).rows[0];
  const ids: number[] = [];
  for (let i = 1; i <= n; i++) {
    ids.push(Number((await q(`insert into public.matches (quiniela_id, match_order, home_team, away_team) values ($1, $2, 'León', 'Atlas') returning id`, [r.id, i])).rows[0].id));
  }
  return { id: Number(r.id), matchIds: ids };
}

async function pick(p: Player, matchIds: number[]) {
  for (const m of matchIds) await q(`insert into public.picks (user_id, match_id, result) values ($1, $2, 'Local')`, [p.id, m]);
}

async function prefer(p: Player, column: string, on: boolean) {
  await q(`update public.notification_preferences set ${column} = $2 where user_id = $1`, [p.id, on]);
}

/** An instant `hh:mm` hora del Centro, `days` after today's date there (database clock). */
async function centro(days: number, hhmm: string): Promise<string> {
  const { rows } = await q(
    `select ((((now() at time zone 'America/Mexico_City')::date + $1::int) + $2::time) at time zone 'America/Mexico_City') as at`,
    [days, hhmm],
  );
  return (rows[0].at as Date).toISOString();
}

/** As the scheduler calls it: the secret key as apikey (the gateway hands the function a service_role JWT); or as `token`'s bearer. */
async function dispatch(token?: string, apikey = token ? inject('publishableKey') : inject('secretKey')): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(`${inject('apiUrl')}/functions/v1/dispatch-notifications`, {
    method: 'POST',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), apikey, 'content-type': 'application/json' },
    body: '{}',
  });
  return { status: r.status, body: await r.json() };
}

/**
 * One due notice for `p` only, as the queueing functions write it (they queue for every player
 * in the database; the dispatcher tests need exactly one recipient).
 */
async function notice(p: Player, r: { id: number }, name: string, missing: number) {
  await q(
    `insert into public.notification_outbox (user_id, kind, quiniela_id, channel, payload, dedupe_key)
     values ($1, 'deadline_2h', $2, case when exists (select 1 from public.push_subscriptions where user_id = $1) then 'push' else 'email' end,
             jsonb_build_object('title', format('⏰ %s cierra en menos de 2 horas', $3::text), 'body', format('Te faltan %s predicciones.', $4::int),
                                'url', format('/picks?quiniela=%s', $2::bigint), 'tag', format('quiniela-%s', $2::bigint), 'missing', $4::int,
                                'deadline', now() + interval '90 minutes'),
             format('deadline_2h:%s', $2::bigint))`,
    [p.id, r.id, name, missing],
  );
}

async function subscribe(p: Player, endpoint: string, keys: BrowserKeys) {
  const { error } = await p.client.rpc('save_push_subscription', { p_endpoint: endpoint, p_p256dh: keys.p256dh, p_auth: keys.auth, p_user_agent: 'vitest' });
  expect(error).toBeNull();
}

let receiver: PushReceiver;
beforeAll(async () => {
  receiver = await startPushReceiver({ port: inject('pushReceiverPort') });
});
afterAll(async () => {
  await receiver.close();
  await db().end();
});

describe('deadline reminders', () => {
  it('go 2 h before to opted-in players missing picks, with the count and the link, once however often the job runs', async () => {
    const none = await createPlayer();
    const partial = await createPlayer();
    const complete = await createPlayer();
    const optedOut = await createPlayer();
    await prefer(optedOut, 'remind_quinielazo', false);
    const r = await round(3, `now() + interval '90 minutes'`);
    await pick(partial, r.matchIds.slice(0, 2));
    await pick(complete, r.matchIds);

    const rows = await rolledBack(async (tq) => {
      await tq('select public.queue_deadline_reminders()');
      await tq('select public.queue_notifications()');
      return outbox(tq, [none, partial, complete, optedOut], `quiniela_id = $2 and kind like 'deadline%'`, [r.id]);
    });
    expect(rows.get(none.id)!.map((x) => [x.kind, x.channel, x.payload.missing, x.payload.body, x.payload.url])).toEqual([
      ['deadline_2h', 'email', 3, 'Aún no has hecho tus predicciones.', `/picks?quiniela=${r.id}`],
    ]);
    expect(rows.get(partial.id)!.map((x) => [x.kind, x.payload.missing, x.payload.body])).toEqual([['deadline_2h', 1, 'Te falta 1 predicción.']]);
    expect(rows.get(complete.id)).toEqual([]);
    expect(rows.get(optedOut.id)).toEqual([]);
    expect(rows.get(none.id)![0].payload.title).toBe('⏰ Jornada de avisos cierra en menos de 2 horas');
  });

  it('go 24 h before, and again in the 2-hour window, each once', async () => {
    const p = await createPlayer();
    const r = await round(2, `now() + interval '20 hours'`);
    const rows = await rolledBack(async (tq) => {
      await tq('select public.queue_deadline_reminders()');
      await tq('select public.queue_deadline_reminders()');
      expect((await outbox(tq, [p], 'quiniela_id = $2', [r.id])).get(p.id)!.map((x) => x.kind)).toEqual(['deadline_24h']);
      // Eighteen and a half hours later the round is inside its last two hours.
      await tq(`select public.queue_deadline_reminders(now() + interval '18 hours 30 minutes')`);
      await tq(`select public.queue_deadline_reminders(now() + interval '19 hours')`);
      return (await outbox(tq, [p], 'quiniela_id = $2', [r.id])).get(p.id)!;
    });
    expect(rows.map((x) => [x.kind, x.payload.body])).toEqual([
      ['deadline_24h', 'Aún no has hecho tus predicciones.'],
      ['deadline_2h', 'Aún no has hecho tus predicciones.'],
    ]);
    expect(rows[0].payload.title).toBe('⏰ Jornada de avisos cierra mañana');
  });

  it('nothing for a closed, finalized or empty round', async () => {
    const p = await createPlayer();
    const closed = await round(1, `now() - interval '1 minute'`);
    const finalized = await round(1, `now() + interval '1 hour'`);
    await q('update public.quinielas set results_saved = true where id = $1', [finalized.id]);
    const empty = await round(0, `now() + interval '1 hour'`);
    const rows = await rolledBack(async (tq) => {
      await tq('select public.queue_deadline_reminders()');
      return outbox(tq, [p], 'quiniela_id = any($2)', [[closed.id, finalized.id, empty.id]]);
    });
    expect(rows.get(p.id)).toEqual([]);
  });
});

describe('quiet hours (23:00–08:00 hora del Centro)', () => {
  it('hold a push until 08:00 unless the deadline comes first; e-mail and daytime pushes are not held', async () => {
    const withPush = await createPlayer();
    const byMail = await createPlayer();
    await subscribe(withPush, `${receiver.origin}/quiet/${withPush.id}`, browserKeys());
    const at = await centro(1, '02:00');
    const eight = await centro(1, '08:00');
    const soon = await round(1, `$$${at}$$::timestamptz + interval '1 hour'`, 'Jornada nocturna');
    const later = await round(1, `$$${at}$$::timestamptz + interval '20 hours'`, 'Jornada de la tarde');
    const afternoon = await centro(1, '14:00');
    const day = await round(1, `$$${afternoon}$$::timestamptz + interval '20 hours'`, 'Jornada de día');
    await rolledBack(async (tq) => {
      await tq('select public.queue_deadline_reminders($1)', [at]);
      const { rows } = await tq(
        `select user_id, quiniela_id, channel, next_attempt_at <= now() as due_now, next_attempt_at = $3::timestamptz as at_eight
         from public.notification_outbox where user_id = any($1) and quiniela_id = any($2)`,
        [[withPush.id, byMail.id], [soon.id, later.id], eight],
      );
      const find = (u: Player, r: { id: number }) => rows.find((x) => x.user_id === u.id && Number(x.quiniela_id) === r.id);
      expect(find(withPush, soon)).toMatchObject({ channel: 'push', due_now: true });
      expect(find(withPush, later)).toMatchObject({ channel: 'push', due_now: false, at_eight: true });
      expect(find(byMail, later)).toMatchObject({ channel: 'email', due_now: true });

      await tq('select public.queue_deadline_reminders($1)', [afternoon]);
      const { rows: dayRows } = await tq(`select next_attempt_at <= now() as due_now from public.notification_outbox where user_id = $1 and quiniela_id = $2`, [withPush.id, day.id]);
      expect(dayRows).toEqual([{ due_now: true }]);
    });
  });
  it('start at 23:00 and end at 08:00 sharp, each night holding until the next 08:00', async () => {
    const p = await createPlayer();
    await subscribe(p, `${receiver.origin}/quiet/${p.id}`, browserKeys());
    // Each instant gets its own round closing 20 hours later, long after any 08:00 in between.
    const cases: [number, string, string | null][] = [
      [1, '22:59', null],
      [1, '23:00', await centro(2, '08:00')],
      [1, '23:45', await centro(2, '08:00')],
      [2, '07:59', await centro(2, '08:00')],
      [2, '08:00', null],
    ];
    for (const [days, hhmm, heldUntil] of cases) {
      const at = await centro(days, hhmm);
      const r = await round(1, `$$${at}$$::timestamptz + interval '20 hours'`, `Jornada de las ${hhmm}`);
      const rows = await rolledBack(async (tq) => {
        await tq('select public.queue_deadline_reminders($1)', [at]);
        return (await tq(`select next_attempt_at from public.notification_outbox where user_id = $1 and quiniela_id = $2`, [p.id, r.id])).rows;
      });
      expect({ hhmm, rows: rows.length, heldUntil: rows[0].next_attempt_at > new Date(at) ? (rows[0].next_attempt_at as Date).toISOString() : null }).toEqual({ hhmm, rows: 1, heldUntil });
    }
  });

  it('after 23:00 a deadline before the next 08:00 is pushed at once, one at 08:00 or later waits for it', async () => {
    const p = await createPlayer();
    await subscribe(p, `${receiver.origin}/quiet/${p.id}`, browserKeys());
    const at = await centro(1, '23:30');
    const eight = await centro(2, '08:00');
    const beforeEight = await round(1, `$$${await centro(2, '07:30')}$$::timestamptz`, 'Jornada de madrugada');
    const atNine = await round(1, `$$${await centro(2, '09:00')}$$::timestamptz`, 'Jornada de las nueve');
    await rolledBack(async (tq) => {
      await tq('select public.queue_deadline_reminders($1)', [at]);
      const { rows } = await tq(`select quiniela_id, next_attempt_at from public.notification_outbox where user_id = $1 and quiniela_id = any($2)`, [p.id, [beforeEight.id, atNine.id]]);
      const held = (r: { id: number }) => rows.find((x) => Number(x.quiniela_id) === r.id)!.next_attempt_at as Date;
      expect(held(beforeEight).getTime()).toBeLessThanOrEqual(new Date(at).getTime());
      expect(held(atNine).toISOString()).toBe(eight);
    });
  });

  it('a round published after 23:00 that closes before 08:00 is announced at once; one closing later waits for 08:00', async () => {
    const p = await createPlayer();
    await subscribe(p, `${receiver.origin}/nueva/${p.id}`, browserKeys());
    const at = await centro(1, '23:30');
    const eight = await centro(2, '08:00');
    const early = await round(1, `$$${await centro(2, '07:00')}$$::timestamptz`, 'Jornada nocturna');
    const later = await round(1, `$$${await centro(2, '20:00')}$$::timestamptz`, 'Jornada del día');
    await q('update public.quinielas set created_at = $2 where id = any($1)', [[early.id, later.id], at]);
    await rolledBack(async (tq) => {
      await tq('select public.queue_new_round_notices($1)', [at]);
      const { rows } = await tq(
        `select quiniela_id, next_attempt_at from public.notification_outbox where user_id = $1 and kind = 'new_round' and quiniela_id = any($2)`,
        [p.id, [early.id, later.id]],
      );
      const held = (r: { id: number }) => rows.find((x) => Number(x.quiniela_id) === r.id)!.next_attempt_at as Date;
      expect(held(early).getTime()).toBeLessThanOrEqual(new Date(at).getTime());
      expect(held(later).toISOString()).toBe(eight);
    });
  });

  it('a held push is not sent before its hour, however often the dispatcher runs', async () => {
    const p = await createPlayer();
    const endpoint = `${receiver.origin}/held/${p.id}`;
    await subscribe(p, endpoint, browserKeys());
    const r = await round(2, `now() + interval '20 hours'`, 'Jornada retenida');
    await notice(p, r, 'Jornada retenida', 2);
    const eight = await centro(1, '08:00');
    await q(`update public.notification_outbox set next_attempt_at = $2 where user_id = $1 and quiniela_id = $3`, [p.id, eight, r.id]);
    expect((await dispatch()).status).toBe(200);
    expect((await dispatch()).status).toBe(200);
    expect(receiver.received.filter((x) => x.path === `/held/${p.id}`)).toHaveLength(0);
    expect((await q(`select state, attempts from public.notification_outbox where user_id = $1 and quiniela_id = $2`, [p.id, r.id])).rows).toEqual([{ state: 'pending', attempts: 0 }]);
  });
});

describe('one tag per round, so its notices replace each other on the phone', () => {
  it('the 24-hour and 2-hour reminders and the new-round notice of a round share its tag; another round has its own', async () => {
    const p = await createPlayer();
    const first = await round(2, `now() + interval '20 hours'`, 'Jornada con etiqueta');
    const second = await round(2, `now() + interval '21 hours'`, 'Otra jornada con etiqueta');
    const rows = await rolledBack(async (tq) => {
      await tq('select public.queue_new_round_notices()');
      await tq('select public.queue_deadline_reminders()');
      await tq(`select public.queue_deadline_reminders(now() + interval '19 hours')`);
      return (await outbox(tq, [p], 'quiniela_id = any($2)', [[first.id, second.id]])).get(p.id)!;
    });
    const tags = (r: { id: number }) => rows.filter((x) => Number(x.quiniela_id) === r.id).map((x) => [x.kind, x.payload.tag]);
    expect(tags(first)).toEqual([
      ['new_round', `quiniela-${first.id}`],
      ['deadline_24h', `quiniela-${first.id}`],
      ['deadline_2h', `quiniela-${first.id}`],
    ]);
    expect(tags(second)).toEqual([
      ['new_round', `quiniela-${second.id}`],
      ['deadline_24h', `quiniela-${second.id}`],
      ['deadline_2h', `quiniela-${second.id}`],
    ]);
  });
});

describe('other notices', () => {
  it('Boost: from 20:00 hora del Centro, to opted-in players who have not answered the open game', async () => {
    const open = await createPlayer();
    const answered = await createPlayer();
    const optedOut = await createPlayer();
    await prefer(optedOut, 'remind_boost', false);
    const game = (
      await q(`insert into public.daily_games (game_date, game_type, question) values ((now() at time zone 'America/Mexico_City')::date + 1, 'yesno', '¿Habrá gol antes del minuto 10?') returning id`)
    ).rows[0].id;
    await q(`insert into public.daily_game_picks (user_id, daily_game_id, answer) values ($1, $2, 'Sí')`, [answered.id, game]);

    const [seven, eight, halfPastNine] = [await centro(1, '19:00'), await centro(1, '20:00'), await centro(1, '21:30')];
    const rows = await rolledBack(async (tq) => {
      await tq('select public.queue_boost_reminders($1)', [seven]);
      expect((await outbox(tq, [open], 'daily_game_id = $2', [game])).get(open.id)).toEqual([]);
      await tq('select public.queue_boost_reminders($1)', [eight]);
      await tq('select public.queue_boost_reminders($1)', [halfPastNine]);
      return outbox(tq, [open, answered, optedOut], 'daily_game_id = $2', [game]);
    });
    expect(rows.get(open.id)!.map((x) => [x.kind, x.payload.title, x.payload.body])).toEqual([['boost', '⚡ Tu Boost de hoy sigue abierto', '¿Habrá gol antes del minuto 10?']]);
    expect(rows.get(answered.id)).toEqual([]);
    expect(rows.get(optedOut.id)).toEqual([]);
  });

  it('a new round goes once to opted-in players who were already playing', async () => {
    const yes = await createPlayer();
    const optedOut = await createPlayer();
    await prefer(optedOut, 'new_quinielazo', false);
    const r = await round(2, `now() + interval '5 days'`, 'Jornada nueva');
    const joinedLater = await createPlayer();
    const rows = await rolledBack(async (tq) => {
      await tq('select public.queue_new_round_notices()');
      await tq('select public.queue_new_round_notices()');
      return outbox(tq, [yes, optedOut, joinedLater], `kind = 'new_round' and quiniela_id = $2`, [r.id]);
    });
    expect(rows.get(yes.id)!.map((x) => [x.payload.title, x.payload.url])).toEqual([['⚽ Ya está abierta Jornada nueva', `/picks?quiniela=${r.id}`]]);
    expect(rows.get(optedOut.id)).toEqual([]);
    expect(rows.get(joinedLater.id)).toEqual([]);
  });

  it('a new blog post goes to players with new_blog on', async () => {
    const yes = await createPlayer();
    const no = await createPlayer();
    await prefer(no, 'new_blog', false);
    const slug = `aviso-${Date.now()}`;
    await q(`insert into public.blog_posts (slug, title, excerpt, published_at) values ($1, 'Cómo ganar la quiniela', 'Tres consejos.', now())`, [slug]);
    const rows = await rolledBack(async (tq) => {
      await tq('select public.queue_blog_notices()');
      return outbox(tq, [yes, no], 'blog_slug = $2', [slug]);
    });
    expect(rows.get(yes.id)!.map((x) => [x.kind, x.payload.title, x.payload.body, x.payload.url])).toEqual([['new_blog', '📰 Cómo ganar la quiniela', 'Tres consejos.', `/blog/${slug}`]]);
    expect(rows.get(no.id)).toEqual([]);
  });

  it('points ready after finalizing, only to players who played and want it', async () => {
    const played = await createPlayer();
    const playedOptedOut = await createPlayer();
    const absent = await createPlayer();
    await prefer(playedOptedOut, 'points_ready', false);
    const r = await round(2, `now() + interval '1 hour'`, 'Jornada calificada');
    await pick(played, r.matchIds);
    await pick(playedOptedOut, r.matchIds);
    await q(`update public.matches set correct_result = 'Local' where quiniela_id = $1`, [r.id]);
    await q('update public.quinielas set deadline = now(), results_saved = true where id = $1', [r.id]);
    const rows = await rolledBack(async (tq) => {
      await tq('select public.queue_points_ready()');
      return outbox(tq, [played, playedOptedOut, absent], 'quiniela_id = $2', [r.id]);
    });
    const score = (await q('select points, correct from public.scores where user_id = $1 and quiniela_id = $2', [played.id, r.id])).rows[0];
    expect(rows.get(played.id)!.map((x) => [x.kind, x.payload.title, x.payload.body])).toEqual([
      ['points_ready', '🏆 Tus puntos de Jornada calificada ya están', `Hiciste ${score.points} puntos (2 aciertos).`],
    ]);
    expect(rows.get(playedOptedOut.id)).toEqual([]);
    expect(rows.get(absent.id)).toEqual([]);
  });
});

describe('push subscriptions (RLS)', () => {
  it('a player adds, reads and deletes only his own, and never sets server-owned columns', async () => {
    const a = await createPlayer();
    const b = await createPlayer();
    const keys = browserKeys();
    const endpoint = `${receiver.origin}/rls/${a.id}`;
    expect((await a.client.from('push_subscriptions').insert({ endpoint, p256dh: keys.p256dh, auth: keys.auth })).error).toBeNull();
    expect((await b.client.from('push_subscriptions').insert({ endpoint: `${endpoint}-b`, p256dh: keys.p256dh, auth: keys.auth, user_id: a.id })).error).not.toBeNull();
    expect((await a.client.from('push_subscriptions').insert({ endpoint: `${endpoint}-x`, p256dh: keys.p256dh, auth: keys.auth, failures: 0 })).error).not.toBeNull();
    expect((await a.client.from('push_subscriptions').select('endpoint')).data).toEqual([{ endpoint }]);
    expect((await b.client.from('push_subscriptions').select('endpoint')).data).toEqual([]);
    await b.client.from('push_subscriptions').delete().eq('endpoint', endpoint);
    expect((await q('select count(*)::int as n from public.push_subscriptions where endpoint = $1', [endpoint])).rows[0].n).toBe(1);
    expect((await b.client.from('notification_outbox').select('id')).error).not.toBeNull();
    const bad = await a.client.rpc('save_push_subscription', { p_endpoint: 'javascript:alert(1)', p_p256dh: keys.p256dh, p_auth: keys.auth });
    expect(bad.error?.message).toBe('La suscripción de avisos de este navegador no es válida.');

    // Saving a's endpoint as b is refused (the app then makes the browser a new subscription):
    // the endpoint stays a's until a removes it (tests/api/attacks/push-flood.test.ts).
    const takeover = await b.client.rpc('save_push_subscription', { p_endpoint: endpoint, p_p256dh: keys.p256dh, p_auth: keys.auth });
    expect(takeover.error?.code).toBe('23505');
    expect((await a.client.from('push_subscriptions').select('endpoint')).data).toEqual([{ endpoint }]);
  });
});

describe('dispatch-notifications', () => {
  it('only the service role may run it', async () => {
    const p = await createPlayer();
    expect(await dispatch(undefined, inject('publishableKey'))).toEqual({ status: 403, body: { error: 'Solo el programador de tareas puede enviar los avisos.' } });
    // The legacy service_role key is no user's token: getClaims() asks Auth, which refuses it.
    expect(await dispatch(inject('serviceRoleKey'), inject('anonKey'))).toEqual({ status: 401, body: { code: 401, message: 'Invalid JWT' } });
    expect((await dispatch(p.accessToken)).status).toBe(403);
    expect((await dispatch('not-a-token')).status).toBe(401);
  });

  it('pushes an encrypted, VAPID-signed notice to the subscription, once however often it runs', async () => {
    const p = await createPlayer();
    const keys = browserKeys();
    const endpoint = `${receiver.origin}/ok/${p.id}`;
    await subscribe(p, endpoint, keys);
    const r = await round(3, `now() + interval '90 minutes'`, 'Jornada push');
    await notice(p, r, 'Jornada push', 2);

    expect((await dispatch()).status).toBe(200);
    expect((await dispatch()).status).toBe(200);
    const got = receiver.received.filter((x) => x.path === `/ok/${p.id}`);
    expect(got).toHaveLength(1);
    expect(got[0].headers['content-encoding']).toBe('aes128gcm');
    expect(JSON.parse(decryptPush(got[0].body, keys))).toEqual({
      title: '⏰ Jornada push cierra en menos de 2 horas',
      body: 'Te faltan 2 predicciones.',
      url: `/picks?quiniela=${r.id}`,
      tag: `quiniela-${r.id}`,
      kind: 'deadline_2h',
    });

    const [, token, k] = /^vapid t=([^,]+), k=(.+)$/.exec(String(got[0].headers.authorization))!;
    expect(k).toBe(VAPID_PUBLIC_KEY);
    const point = Buffer.from(k, 'base64url');
    const key = await importJWK({ kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, 'ES256');
    const { payload } = await jwtVerify(token, key, { algorithms: ['ES256'] });
    const dbNow = Math.floor(((await q('select now() as t')).rows[0].t as Date).getTime() / 1000);
    expect(payload.aud).toBe(receiver.origin);
    expect(payload.sub).toBe(VAPID_SUBJECT);
    expect(payload.exp).toBeGreaterThan(dbNow);
    expect(payload.exp).toBeLessThanOrEqual(dbNow + 24 * 3600 + 60);

    const row = (await q(`select state, channel, attempts from public.notification_outbox where user_id = $1 and kind <> 'welcome'`, [p.id])).rows;
    expect(row).toEqual([{ state: 'sent', channel: 'push', attempts: 1 }]);
    expect((await q('select failures, last_success_at is not null as ok from public.push_subscriptions where endpoint = $1', [endpoint])).rows).toEqual([{ failures: 0, ok: true }]);
  });

  it('a 410 deletes the subscription and the notice goes by e-mail', async () => {
    const p = await createPlayer();
    const endpoint = `${receiver.origin}/gone/${p.id}`;
    await subscribe(p, endpoint, browserKeys());
    const r = await round(2, `now() + interval '90 minutes'`, 'Jornada 410');
    await notice(p, r, 'Jornada 410', 2);
    await dispatch();
    expect(receiver.received.filter((x) => x.path === `/gone/${p.id}`)).toHaveLength(1);
    expect((await q('select count(*)::int as n from public.push_subscriptions where endpoint = $1', [endpoint])).rows[0].n).toBe(0);
    const mail = await waitForMail(p.email, { subject: 'Jornada 410' });
    expect(mail.body.text).toContain(`/picks?quiniela=${r.id}`);
    expect((await q(`select state, channel, last_error from public.notification_outbox where user_id = $1 and kind <> 'welcome'`, [p.id])).rows).toEqual([{ state: 'sent', channel: 'email', last_error: 'push 410' }]);
  });

  it('a subscription whose keys are no P-256 point is dropped and the notice goes by e-mail', async () => {
    const p = await createPlayer();
    const endpoint = `${receiver.origin}/ok/bad-keys-${p.id}`;
    // Well-formed base64url of the right lengths (the table's checks pass), but no curve point.
    await q('insert into public.push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)', [p.id, endpoint, `B${'A'.repeat(86)}`, 'A'.repeat(22)]);
    const r = await round(1, `now() + interval '90 minutes'`, 'Jornada sin llaves');
    await notice(p, r, 'Jornada sin llaves', 1);
    expect((await dispatch()).status).toBe(200);
    expect((await q('select count(*)::int as n from public.push_subscriptions where endpoint = $1', [endpoint])).rows[0].n).toBe(0);
    await waitForMail(p.email, { subject: 'Jornada sin llaves' });
    expect(receiver.received.filter((x) => x.path === `/ok/bad-keys-${p.id}`)).toHaveLength(0);
  });

  it('never calls an endpoint outside the browsers\' push services: the subscription is dropped and the notice goes by e-mail', async () => {
    const p = await createPlayer();
    // The same receiver under another name: a call would reach it, so none may be made.
    const endpoint = `${receiver.origin.replace('127.0.0.1', 'localhost')}/ok/ssrf-${p.id}`;
    await subscribe(p, endpoint, browserKeys());
    const r = await round(1, `now() + interval '90 minutes'`, 'Jornada fuera de servicio');
    await notice(p, r, 'Jornada fuera de servicio', 1);
    expect((await dispatch()).status).toBe(200);
    await waitForMail(p.email, { subject: 'Jornada fuera de servicio' });
    expect(receiver.received.filter((x) => x.path === `/ok/ssrf-${p.id}`)).toHaveLength(0);
    expect((await q('select count(*)::int as n from public.push_subscriptions where endpoint = $1', [endpoint])).rows[0].n).toBe(0);
    expect((await q(`select state, channel, last_error from public.notification_outbox where user_id = $1 and kind <> 'welcome'`, [p.id])).rows).toEqual([
      { state: 'sent', channel: 'email', last_error: 'el servicio de push no es de un navegador' },
    ]);
  });

  it('never calls another port of the local machine: only the receiver\'s own host and port are allowed', async () => {
    // Another local service (the inbox's API, the database) stood in for by a second receiver.
    const other = await startPushReceiver({ port: 0 });
    try {
      const p = await createPlayer();
      const endpoint = `${other.origin}/ok/puerto-${p.id}`;
      await subscribe(p, endpoint, browserKeys());
      const r = await round(1, `now() + interval '90 minutes'`, 'Jornada otro puerto');
      await notice(p, r, 'Jornada otro puerto', 1);
      expect((await dispatch()).status).toBe(200);
      await waitForMail(p.email, { subject: 'Jornada otro puerto' });
      expect(other.count).toBe(0);
      expect((await q(`select state, channel, last_error from public.notification_outbox where user_id = $1 and kind <> 'welcome'`, [p.id])).rows).toEqual([
        { state: 'sent', channel: 'email', last_error: 'el servicio de push no es de un navegador' },
      ]);
    } finally {
      await other.close();
    }
  });

  it('a 500 is retried with growing waits, then the notice falls back to e-mail', async () => {
    const p = await createPlayer();
    const endpoint = `${receiver.origin}/fail/${p.id}`;
    await subscribe(p, endpoint, browserKeys());
    const r = await round(2, `now() + interval '90 minutes'`, 'Jornada 500');
    await notice(p, r, 'Jornada 500', 2);
    const state = async () =>
      (await q(`select state, channel, attempts, extract(epoch from next_attempt_at - now())::int as wait from public.notification_outbox where user_id = $1 and kind <> 'welcome'`, [p.id])).rows[0];

    await dispatch();
    const first = await state();
    expect(first).toMatchObject({ state: 'pending', channel: 'push', attempts: 1 });
    expect(first.wait).toBeGreaterThan(0);
    // The test does not wait out the backoff: it makes the row due, as time passing would.
    await q(`update public.notification_outbox set next_attempt_at = now() where user_id = $1 and kind <> 'welcome'`, [p.id]);
    await dispatch();
    const second = await state();
    expect(second).toMatchObject({ state: 'pending', channel: 'push', attempts: 2 });
    expect(second.wait).toBeGreaterThan(first.wait);
    expect((await q('select failures from public.push_subscriptions where endpoint = $1', [endpoint])).rows[0].failures).toBe(2);

    await q(`update public.notification_outbox set next_attempt_at = now() where user_id = $1 and kind <> 'welcome'`, [p.id]);
    await dispatch();
    expect(receiver.received.filter((x) => x.path === `/fail/${p.id}`)).toHaveLength(3);
    expect(await state()).toMatchObject({ state: 'sent', channel: 'email', attempts: 3 });
    const mail = await waitForMail(p.email, { subject: 'Jornada 500' });
    expect(mail.subject).toBe('⏰ Jornada 500 cierra en menos de 2 horas');
    expect(mail.body.text).toContain('Te faltan 2 predicciones.');
    expect(mail.body.text).toContain('(hora del Centro)');
  });

  it('the admin reminder reports pushes and e-mails', async () => {
    const admin = await createPlayer({ admin: true });
    const pushed = await createPlayer();
    const mailed = await createPlayer();
    await subscribe(pushed, `${receiver.origin}/ok/${pushed.id}`, browserKeys());
    const r = await round(1, `now() + interval '3 days'`, 'Jornada mixta');
    // Other players missing picks are reminded too: a push when the receiver accepts theirs (any
    // path of it but /fail/, which answers 500 and leaves the notice waiting for a retry), else an
    // e-mail (no subscription, or one elsewhere, as other test files make with unusable keys).
    const { rows: others } = await q(
      `select count(*) filter (where k.ok)::int as push, count(*) filter (where k.failing and not k.ok)::int as failing, count(*)::int as all
       from public.quinielazo_reminder_recipients($1) r
       cross join lateral (
         select coalesce(bool_or(s.endpoint like $3 || '/%' and s.endpoint not like '%/fail/%'), false) as ok,
                coalesce(bool_or(s.endpoint like $3 || '/fail/%'), false) as failing
         from public.push_subscriptions s where s.user_id = r.user_id) k
       where r.user_id <> all($2)`,
      [r.id, [pushed.id, mailed.id], receiver.origin],
    );
    const res = await fetch(`${inject('apiUrl')}/functions/v1/quinielazo-reminder`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.accessToken}`, apikey: inject('anonKey'), 'content-type': 'application/json' },
      body: JSON.stringify({ quinielaId: r.id }),
    });
    const o = others[0];
    const mail = o.all - o.push - o.failing;
    expect(await res.json()).toEqual({ sent: mail + o.push + 2, pushes: o.push + 1, emails: mail + 1, queued: o.all + 2 });
    expect(receiver.received.filter((x) => x.path === `/ok/${pushed.id}`)).toHaveLength(1);
    await waitForMail(mailed.email, { subject: 'Jornada mixta' });
  });
});

describe('the local scheduler', () => {
  it('invokes the dispatcher every minute from a job of its own, as pg_cron does in production', async () => {
    // Issue 44, item 13: a liga's "Recordarles" waited for the five-minute queueing job.
    const job = SCHEDULE.find((j) => j.name === 'notices-dispatch')!;
    expect([job.invoke, job.everyMinutes]).toEqual(['dispatch-notifications', 1]);
    const p = await createPlayer();
    const r = await round(1, `now() + interval '90 minutes'`, 'Jornada programada');
    await notice(p, r, 'Jornada programada', 1);
    const logs: string[] = [];
    // The dispatcher's job only: the queueing job would queue for every player in the database.
    const scheduler = startScheduler(
      { dbUrl: inject('dbUrl'), apiUrl: inject('apiUrl'), siteUrl: 'http://localhost:5173', smtp: { host: '127.0.0.1', port: inject('smtpPort') }, log: (_part, m) => logs.push(m) },
      [job],
    );
    try {
      await waitForMail(p.email, { subject: 'Jornada programada', timeoutMs: 15_000 });
      await expect.poll(() => logs.find((m) => m.startsWith('notices-dispatch ran; dispatch-notifications:'))).toBeDefined();
    } finally {
      await scheduler.close();
    }
  });
});
