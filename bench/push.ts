// Bench of the reminders (issue 10): queueing the 2-hour deadline reminder for 100,000 players,
// half of them missing picks (target ≤ 2 s), and the dispatcher pushing to a local receiver —
// web-push encryption and VAPID signing on Deno, one HTTP request per push (target ≥ 300/s).
//
// benchPush(platform) loads its own rows (e-mails @bench-push.quinielazo.test) and removes them.
import pg from 'pg';
import { browserKeys, startPushReceiver } from '../tests/support/push-receiver.ts';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100_000);
const PUSHES = Number(process.env.BENCH_PUSHES ?? 3000);
const EMAIL_DOMAIN = 'bench-push.quinielazo.test';

export interface PushFigures {
  players: number;
  queued: number;
  queueMs: number;
  requeueMs: number;
  pushes: number;
  dispatchMs: number;
  pushesPerSecond: number;
}

async function cleanup(client: pg.Client) {
  await client.query(`delete from public.quinielas where name = 'Bench avisos'`);
  await client.query(`delete from auth.users where email like '%@${EMAIL_DOMAIN}'`);
}

export async function benchPush(platform: { dbUrl: string; apiUrl: string; secretKey: string }, receiverPort: number): Promise<PushFigures> {
  const client = new pg.Client({ connectionString: platform.dbUrl });
  await client.connect();
  const receiver = await startPushReceiver({ port: receiverPort, keepBodies: false });
  try {
    await cleanup(client);
    await client.query(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data, created_at, updated_at)
       select md5('bench-push-' || n)::uuid, 'authenticated', 'authenticated', 'p' || n || '@${EMAIL_DOMAIN}', now(), '{}'::jsonb, now(), now()
       from generate_series(1, $1) n`,
      [PLAYERS],
    );
    await client.query(
      `insert into public.profiles (id, username, email, referral_code, created_at)
       select md5('bench-push-' || n)::uuid, 'bpush_' || n, 'p' || n || '@${EMAIL_DOMAIN}', 'BP' || lpad(upper(to_hex(n)), 6, '0'), now()
       from generate_series(1, $1) n
       on conflict (id) do nothing`,
      [PLAYERS],
    );
    await client.query(
      `insert into public.notification_preferences (user_id) select md5('bench-push-' || n)::uuid from generate_series(1, $1) n on conflict (user_id) do nothing`,
      [PLAYERS],
    );
    // Their welcome e-mails (queued with the profiles) are not what this bench dispatches.
    await client.query(`delete from public.notification_outbox where kind = 'welcome' and user_id in (select id from public.profiles where email like '%@${EMAIL_DOMAIN}')`);
    const round = Number(
      (await client.query(`insert into public.quinielas (name, week, deadline) values ('Bench avisos', 48, now() + interval '90 minutes') returning id`)).rows[0].id,
    );
    await client.query(
      `insert into public.matches (quiniela_id, match_order, home_team, away_team) select $1, n, 'León', 'Atlas' from generate_series(1, 12) n`,
      [round],
    );
    // Even players picked every match; odd players picked none.
    await client.query(
      `insert into public.picks (user_id, match_id, quiniela_id, result)
       select md5('bench-push-' || n)::uuid, m.id, $1, 'Local'
       from generate_series(2, $2, 2) n cross join public.matches m where m.quiniela_id = $1`,
      [round, PLAYERS],
    );
    await client.query('analyze public.picks; analyze public.notification_preferences; analyze public.profiles');

    let t0 = performance.now();
    const queued = Number((await client.query('select public.queue_deadline_reminders() as n')).rows[0].n);
    const queueMs = performance.now() - t0;
    t0 = performance.now();
    await client.query('select public.queue_deadline_reminders()');
    const requeueMs = performance.now() - t0;

    // The dispatcher part: PUSHES players with a subscription to the local receiver; the
    // e-mail rows of this round are dropped (the mail bench is not this one).
    await client.query(`delete from public.notification_outbox where quiniela_id = $1`, [round]);
    const subs = Array.from({ length: PUSHES }, (_, i) => {
      const keys = browserKeys();
      return [`md5('bench-push-' || ${2 * i + 1})::uuid`, `${receiver.origin}/ok/${i}`, keys.p256dh, keys.auth];
    });
    await client.query(
      `insert into public.push_subscriptions (user_id, endpoint, p256dh, auth)
       select md5('bench-push-' || (2 * (i - 1) + 1))::uuid, e, k, a
       from unnest($1::text[], $2::text[], $3::text[]) with ordinality as s(e, k, a, i)`,
      [subs.map((s) => s[1]), subs.map((s) => s[2]), subs.map((s) => s[3])],
    );
    await client.query(`select public.queue_deadline_reminders()`);
    await client.query(`delete from public.notification_outbox where quiniela_id = $1 and channel = 'email'`, [round]);
    // Quiet hours may hold them (a run at night): the bench wants them due now.
    await client.query(`update public.notification_outbox set next_attempt_at = now() where quiniela_id = $1`, [round]);

    t0 = performance.now();
    let pushes = 0;
    for (;;) {
      const res = await fetch(`${platform.apiUrl}/functions/v1/dispatch-notifications`, {
        method: 'POST',
        headers: { apikey: platform.secretKey, 'content-type': 'application/json' },
        body: '{}',
      });
      const body = (await res.json()) as { pushes?: number; emails?: number; error?: string };
      if (!res.ok) throw new Error(`dispatch-notifications ${res.status}: ${body.error}`);
      pushes += body.pushes ?? 0;
      const left = Number((await client.query(`select count(*) as n from public.notification_outbox where quiniela_id = $1 and state <> 'sent'`, [round])).rows[0].n);
      if (left === 0 || (body.pushes ?? 0) + (body.emails ?? 0) === 0) break;
    }
    const dispatchMs = performance.now() - t0;
    if (receiver.count !== PUSHES) throw new Error(`the receiver got ${receiver.count} pushes, expected ${PUSHES}`);
    return { players: PLAYERS, queued, queueMs, requeueMs, pushes, dispatchMs, pushesPerSecond: pushes / (dispatchMs / 1000) };
  } finally {
    await cleanup(client).catch(() => undefined);
    await receiver.close();
    await client.end();
  }
}

export function printPush(f: PushFigures) {
  console.log(`queue the 2-hour reminder, ${f.players.toLocaleString('en')} players (half missing picks): ${f.queueMs.toFixed(0)} ms for ${f.queued.toLocaleString('en')} notices (target ≤ 2000 ms); again (all deduped): ${f.requeueMs.toFixed(0)} ms`);
  console.log(`dispatch ${f.pushes} pushes to a local receiver: ${f.dispatchMs.toFixed(0)} ms, ${f.pushesPerSecond.toFixed(0)} pushes/s (target ≥ 300/s)`);
}
