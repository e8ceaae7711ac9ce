// Results arrive by themselves (issue 45, ../shared/spec/decisions.md "Match day"): at full time
// the feed's 90-minute result becomes the match's; the round is finalized by the scheduler's
// finalize_due_rounds once every match is final and two hours have passed since the last whistle
// with no correction, unless an admin holds it; a result typed by hand stands and is logged; a
// correction from the feed after finalization re-scores the round and is logged as "proveedor".
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { anonClient, db } from '../support/clients.ts';
import { createPlayer, type Player } from '../support/players.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);

async function hook(path: string, body: unknown = {}): Promise<void> {
  const res = await fetch(`${inject('footballUrl')}/__local${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
}
async function poll(): Promise<Record<string, unknown>> {
  const r = await fetch(`${inject('apiUrl')}/functions/v1/poll-live-scores`, {
    method: 'POST',
    // As the scheduler calls it: the secret key as apikey (the gateway hands the function a service_role JWT).
    headers: { apikey: inject('secretKey'), 'content-type': 'application/json' },
    body: '{}',
  });
  expect(r.status).toBe(200);
  return (await r.json()) as Record<string, unknown>;
}
/** What the scheduler runs every minute. */
const finalizeDue = async () => Number((await q('select public.finalize_due_rounds() as n')).rows[0].n);
const finalized = async (round: number) => (await q('select results_saved from public.quinielas where id = $1', [round])).rows[0].results_saved as boolean;
const results = async (round: number) => (await q('select correct_result from public.matches where quiniela_id = $1 order by match_order', [round])).rows.map((r) => r.correct_result);
const correct = async (player: Player, round: number) => (await q('select correct from public.scores where user_id = $1 and quiniela_id = $2', [player.id, round])).rows[0]?.correct as number | undefined;
/** The last whistle (and every result since) `minutes` ago: arranging the two hours a test would otherwise wait. */
const whistleAgo = (round: number, minutes: number) =>
  q(`update public.match_live set final_whistle_at = now() - make_interval(mins => $2), result_changed_at = now() - make_interval(mins => $2) where quiniela_id = $1`, [round, minutes]);

const rounds: number[] = [];
/** Two matches that kicked off 110 minutes ago (database clock), following new fixtures; Ana picked Local and Visita. */
async function round(): Promise<{ id: number; matches: number[]; fixtures: number[] }> {
  const id = Number((await q(`insert into public.quinielas (name, week, deadline) values ('Resultados solos', 1, now() - interval '2 hours') returning id`)).rows[0].id);
  rounds.push(id);
  const matches: number[] = [];
  const fixtures: number[] = [];
  const kickoff = (await q(`select now() - interval '110 minutes' as at`)).rows[0].at as Date;
  for (const order of [1, 2]) {
    const res = await fetch(`${inject('footballUrl')}/__local/fixtures`, { method: 'POST', body: JSON.stringify({ home_team_id: 2287, away_team_id: 2278, date: kickoff.toISOString() }) });
    const fixture = ((await res.json()) as { fixture: { id: number } }).fixture.id;
    fixtures.push(fixture);
    matches.push(Number((await q(
      `insert into public.matches (quiniela_id, match_order, home_team, away_team, kickoff_at, provider_fixture_id) values ($1, $2, $3, $4, $5, $6) returning id`,
      [id, order, `Local ${order}`, `Visita ${order}`, kickoff, fixture],
    )).rows[0].id));
  }
  await q(`insert into public.picks (user_id, match_id, result) values ($1, $2, 'Local'), ($1, $3, 'Visita')`, [ana.id, matches[0], matches[1]]);
  for (const f of fixtures) for (const step of ['kickoff', 'halftime', 'second-half']) await hook(`/fixtures/${f}/${step}`);
  return { id, matches, fixtures };
}
/** Full time: 1–0 in the first, 0–0 in the second. */
async function fullTime(fixtures: number[]) {
  await hook(`/fixtures/${fixtures[0]}/goal`, { team: 'home', minute: 77 });
  for (const f of fixtures) await hook(`/fixtures/${f}/fulltime`);
}

let admin: Player, ana: Player;
beforeEach(async () => {
  [admin, ana] = await Promise.all([createPlayer({ admin: true }), createPlayer()]);
  await q('delete from public.live_feed');
  await hook('/outage', { mode: 'none' });
  await hook('/quota', { daily_limit: 75000, daily_remaining: 75000, minute_limit: 450, minute_remaining: 450 });
});

afterAll(async () => {
  await q('delete from public.quinielas where id = any($1)', [rounds]);
  await q('delete from public.live_feed');
});

describe('results arrive by themselves', () => {
  it('full time writes the 90-minute results; two hours after the last whistle the round is finalized with nobody typing', async () => {
    const { id, fixtures } = await round();
    await fullTime(fixtures);
    await poll();
    expect(await results(id)).toEqual(['Local', 'Empate']);
    expect((await q('select count(*)::int as n from public.result_corrections where quiniela_id = $1', [id])).rows[0].n).toBe(0);

    await finalizeDue();
    expect(await finalized(id)).toBe(false);
    await whistleAgo(id, 119);
    await finalizeDue();
    expect(await finalized(id)).toBe(false);
    await whistleAgo(id, 121);
    expect(await finalizeDue()).toBeGreaterThanOrEqual(1);
    expect(await finalized(id)).toBe(true);
    expect(await correct(ana, id)).toBe(1);
    const run = (await q('select * from public.round_finalizations where quiniela_id = $1', [id])).rows;
    expect(run).toHaveLength(1);
    expect(run[0]).toMatchObject({ started_by: null, failed_step: null, matches: 2 });
    expect(run[0].finished_at).not.toBeNull();
  });

  it('waits while a match is not final, and while an admin holds the round', async () => {
    const { id, fixtures } = await round();
    await hook(`/fixtures/${fixtures[0]}/fulltime`);
    await poll();
    await whistleAgo(id, 180);
    await finalizeDue();
    expect(await finalized(id)).toBe(false);

    await hook(`/fixtures/${fixtures[1]}/fulltime`);
    await q('update public.match_live set checked_at = now() - interval \'16 minutes\' where quiniela_id = $1', [id]);
    await poll();
    await whistleAgo(id, 180);
    expect((await admin.client.from('quinielas').update({ finalize_hold: true }).eq('id', id)).error).toBeNull();
    await finalizeDue();
    expect(await finalized(id)).toBe(false);
    await admin.client.from('quinielas').update({ finalize_hold: false }).eq('id', id);
    await finalizeDue();
    expect(await finalized(id)).toBe(true);
  });
});

describe('the correction log', () => {
  it('a result typed by hand stands against the feed, is logged with its admin, and restarts the two hours', async () => {
    const { id, matches, fixtures } = await round();
    await fullTime(fixtures);
    await poll();
    const { error } = await admin.client.from('matches').update({ correct_result: 'Visita' }).eq('id', matches[1]);
    expect(error).toBeNull();
    const { data: log } = await anonClient().from('result_corrections').select('match_id, old_result, new_result, who, after_finalization').eq('quiniela_id', id);
    expect(log).toEqual([{ match_id: matches[1], old_result: 'Empate', new_result: 'Visita', who: admin.username, after_finalization: false }]);

    // The feed's later answer does not undo the hand result.
    await hook(`/fixtures/${fixtures[1]}/correct`, { home: 2, away: 2 });
    await q('update public.match_live set checked_at = now() - interval \'16 minutes\' where quiniela_id = $1', [id]);
    await poll();
    expect(await results(id)).toEqual(['Local', 'Visita']);

    await whistleAgo(id, 180);
    await finalizeDue();
    expect(await finalized(id)).toBe(false); // the hand correction is not two hours old
    await q(`update public.result_corrections set at = now() - interval '3 hours' where quiniela_id = $1`, [id]);
    await finalizeDue();
    expect(await finalized(id)).toBe(true);
    expect(await correct(ana, id)).toBe(2);
  });

  it('a correction from the feed after finalization re-scores the round and is logged as "proveedor"', async () => {
    const { id, matches, fixtures } = await round();
    await fullTime(fixtures);
    await poll();
    await whistleAgo(id, 121);
    await finalizeDue();
    expect(await correct(ana, id)).toBe(1);

    await hook(`/fixtures/${fixtures[1]}/correct`, { home: 0, away: 1 });
    // Past the first two hours a finished match is asked hourly: the hour arranged too.
    await q('update public.match_live set checked_at = now() - interval \'16 minutes\' where quiniela_id = $1', [id]);
    expect(await poll()).toMatchObject({ asked: 0 });
    await q('update public.match_live set checked_at = now() - interval \'61 minutes\' where quiniela_id = $1', [id]);
    await poll();
    expect(await results(id)).toEqual(['Local', 'Visita']);
    expect(await correct(ana, id)).toBe(2);
    const { data: log } = await anonClient().from('result_corrections').select('match_id, old_result, new_result, who, why, after_finalization').eq('quiniela_id', id);
    expect(log).toEqual([{ match_id: matches[1], old_result: 'Empate', new_result: 'Visita', who: 'proveedor', why: 'corrección del proveedor', after_finalization: true }]);
    expect((await anonClient().from('result_corrections').select('changed_by')).error?.code).toBe('42501');
  });
});
