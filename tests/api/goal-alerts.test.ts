// "Goles de mis partidos" (issue 45): off by default; a player who switched it on and has a phone
// subscribed gets a push per goal in a match he picked, saying what it does to his pick; nobody
// else does, and none is queued in quiet hours (23:00–08:00 hora del Centro: a goal is news now
// or never), nor does it ever fall back to e-mail.
import { afterAll, expect, inject, it } from 'vitest';
import { db } from '../support/clients.ts';
import { createPlayer } from '../support/players.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);
async function hook(path: string, body: unknown = {}): Promise<Record<string, any>> {
  const res = await fetch(`${inject('footballUrl')}/__local${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as Record<string, any>;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
async function poll() {
  const r = await fetch(`${inject('apiUrl')}/functions/v1/poll-live-scores`, {
    method: 'POST',
    // As the scheduler calls it: the secret key as apikey (the gateway hands the function a service_role JWT).
    headers: { apikey: inject('secretKey'), 'content-type': 'application/json' },
    body: '{}',
  });
  expect(r.status).toBe(200);
}

const rounds: number[] = [];
afterAll(async () => {
  await q('delete from public.quinielas where id = any($1)', [rounds]);
});

it('a goal queues one push for the player who asked for goal alerts and picked the match, none for the others', async () => {
  await q('delete from public.live_feed');
  await hook('/outage', { mode: 'none' });
  await hook('/quota', { daily_limit: 75000, daily_remaining: 75000, minute_limit: 450, minute_remaining: 450 });
  const [wants, doesNot, noPhone] = await Promise.all([createPlayer(), createPlayer(), createPlayer()]);
  expect((await wants.client.from('notification_preferences').select('goal_alerts').single()).data).toEqual({ goal_alerts: false });
  for (const p of [wants, noPhone]) expect((await p.client.from('notification_preferences').update({ goal_alerts: true }).eq('user_id', p.id)).error).toBeNull();
  for (const [i, p] of [wants, doesNot].entries()) {
    await q(`insert into public.push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)`,
      [p.id, `http://127.0.0.1:${inject('pushReceiverPort')}/gol/${p.id}/${i}`, `B${'A'.repeat(86)}`, 'A'.repeat(22)]);
  }
  const round = Number((await q(`insert into public.quinielas (name, week, deadline) values ('Goles', 1, now() - interval '1 minute') returning id`)).rows[0].id);
  rounds.push(round);
  const kickoff = (await q(`select now() - interval '10 minutes' as at`)).rows[0].at as Date;
  const fixture = (await hook('/fixtures', { home_team_id: 2287, away_team_id: 2278, date: kickoff.toISOString() })).fixture.id;
  const match = Number((await q(
    `insert into public.matches (quiniela_id, match_order, home_team, away_team, kickoff_at, provider_fixture_id) values ($1, 1, 'América', 'Chivas', $2, $3) returning id`,
    [round, kickoff, fixture])).rows[0].id);
  for (const p of [wants, doesNot, noPhone]) await q(`insert into public.picks (user_id, match_id, result) values ($1, $2, 'Local')`, [p.id, match]);
  await hook(`/fixtures/${fixture}/kickoff`);
  await poll();
  const goals = () => q(`select user_id, payload, channel from public.notification_outbox where kind = 'goal' and quiniela_id = $1`, [round]);
  expect((await goals()).rows).toEqual([]);

  await hook(`/fixtures/${fixture}/goal`, { team: 'home', minute: 31 });
  await poll();
  const quiet = (await q('select internal.push_hold_until(now(), null) is not null as quiet')).rows[0].quiet as boolean;
  const { rows } = await goals();
  if (quiet) {
    expect(rows).toEqual([]);
  } else {
    expect(rows).toEqual([{
      user_id: wants.id,
      channel: 'push',
      payload: { title: '⚽ ¡Gol! América 1 – 0 Chivas', body: "31' · Tu predicción: Local, vas acertando (provisional).", url: `/quinielazo-de-la-semana?quiniela=${round}`, tag: `gol-${match}` },
    }]);
  }
});
