// A correction after finalization (issue 45, ../shared/spec/decisions.md "Match day") re-scores
// the free game and tells each player it changed — the match, old → new, his points now — by
// push or e-mail like "tus puntos ya están" (its switch covers it), and nobody else. Pro payouts
// stay as they were fixed at finalization: the house pays any entry a correction makes a winner
// and claws nothing back. A change before finalization tells nobody (no score has moved yet).
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { anonClient, db } from '../support/clients.ts';
import { waitForMail } from '../support/inbox.ts';
import { createPlayer, type Player } from '../support/players.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);

async function hook(path: string, body: unknown = {}): Promise<Record<string, any>> {
  const res = await fetch(`${inject('footballUrl')}/__local${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as Record<string, any>;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
/** As the scheduler calls a function: the secret key as apikey. */
async function scheduler(fn: 'poll-live-scores' | 'dispatch-notifications'): Promise<Record<string, unknown>> {
  const r = await fetch(`${inject('apiUrl')}/functions/v1/${fn}`, { method: 'POST', headers: { apikey: inject('secretKey'), 'content-type': 'application/json' }, body: '{}' });
  expect(r.status).toBe(200);
  return (await r.json()) as Record<string, unknown>;
}
const finalizeDue = () => q('select public.finalize_due_rounds()');
const points = async (p: Player, round: number) => (await q('select points, correct from public.scores where user_id = $1 and quiniela_id = $2', [p.id, round])).rows[0] as { points: number; correct: number };
const notices = async (round: number) =>
  (await q(`select user_id, channel, payload from public.notification_outbox where kind = 'correction' and quiniela_id = $1 order by id`, [round])).rows as Array<{ user_id: string; channel: string; payload: Record<string, string> }>;

const rounds: number[] = [];
type Side = 'Local' | 'Empate' | 'Visita';
/**
 * A finalized round of two matches from the feed: 1–0 (Local) and 0–0 (Empate), finalized by
 * itself after its last whistle (two hours arranged in the past). Each player's free picks, and
 * each Pro entry's picks.
 */
async function finalizedRound(picks: Array<[Player, Side[]]>, entries: Array<[Player, Side[]]> = []) {
  const id = Number((await q(`insert into public.quinielas (name, week, deadline) values ($1, 1, now() - interval '2 hours') returning id`, [`Jornada corregida ${Date.now() % 1e6}`])).rows[0].id);
  rounds.push(id);
  const kickoff = (await q(`select now() - interval '110 minutes' as at`)).rows[0].at as Date;
  const matches: number[] = [];
  const fixtures: number[] = [];
  for (const [i, [home, away]] of [['América', 'Chivas'], ['Pumas', 'Toluca']].entries()) {
    const fixture = (await hook('/fixtures', { home_team_id: 2287, away_team_id: 2278, date: kickoff.toISOString() })).fixture.id as number;
    fixtures.push(fixture);
    matches.push(Number((await q(
      `insert into public.matches (quiniela_id, match_order, home_team, away_team, kickoff_at, provider_fixture_id) values ($1, $2, $3, $4, $5, $6) returning id`,
      [id, i + 1, home, away, kickoff, fixture])).rows[0].id));
  }
  for (const [p, sides] of picks) for (const [i, side] of sides.entries()) await q('insert into public.picks (user_id, match_id, result) values ($1, $2, $3)', [p.id, matches[i], side]);
  const entryIds: number[] = [];
  for (const [p, sides] of entries) {
    const entry = Number((await q(`insert into public.paid_entries (quiniela_id, user_id, label) values ($1, $2, 'Entrada 1') returning id`, [id, p.id])).rows[0].id);
    entryIds.push(entry);
    for (const [i, side] of sides.entries()) await q('insert into public.paid_picks (paid_entry_id, quiniela_id, match_id, result) values ($1, $2, $3, $4)', [entry, id, matches[i], side]);
  }
  for (const f of fixtures) for (const step of ['kickoff', 'halftime', 'second-half']) await hook(`/fixtures/${f}/${step}`);
  await hook(`/fixtures/${fixtures[0]}/goal`, { team: 'home', minute: 77 });
  for (const f of fixtures) await hook(`/fixtures/${f}/fulltime`);
  await scheduler('poll-live-scores');
  await q(`update public.match_live set final_whistle_at = now() - interval '121 minutes', result_changed_at = now() - interval '121 minutes' where quiniela_id = $1`, [id]);
  await finalizeDue();
  expect((await q('select results_saved from public.quinielas where id = $1', [id])).rows[0].results_saved).toBe(true);
  return { id, matches, fixtures, entries: entryIds };
}
/** The feed corrects match 2's 90 minutes; the hourly check after the two hours arranged. */
async function feedCorrects(round: { id: number; fixtures: number[] }, home: number, away: number) {
  await hook(`/fixtures/${round.fixtures[1]}/correct`, { home, away });
  await q(`update public.match_live set checked_at = now() - interval '61 minutes' where quiniela_id = $1`, [round.id]);
  await scheduler('poll-live-scores');
}

let admin: Player, ana: Player, beto: Player, carla: Player, dani: Player;
beforeEach(async () => {
  [admin, ana, beto, carla, dani] = await Promise.all([createPlayer({ admin: true }), createPlayer(), createPlayer(), createPlayer(), createPlayer()]);
  await q('delete from public.live_feed');
  await hook('/outage', { mode: 'none' });
  await hook('/quota', { daily_limit: 75000, daily_remaining: 75000, minute_limit: 450, minute_remaining: 450 });
});

afterAll(async () => {
  await q('delete from public.quinielas where id = any($1)', [rounds]);
  await q('delete from public.live_feed');
});

describe('a correction after finalization', () => {
  it('re-scores and tells each player it changed what changed and his points now; nobody else', async () => {
    // Match 2 ends 0–0 and is corrected to 0–1 (Empate → Visita).
    const r = await finalizedRound([
      [ana, ['Local', 'Empate']], // right → wrong
      [beto, ['Local', 'Visita']], // wrong → right
      [carla, ['Visita', 'Visita']], // wrong → right, but she switched "Tus puntos ya están" off
      [dani, ['Local', 'Local']], // wrong before and after: unchanged
    ]);
    expect((await carla.client.from('notification_preferences').update({ points_ready: false }).eq('user_id', carla.id)).error).toBeNull();
    expect(await notices(r.id)).toEqual([]);

    await feedCorrects(r, 0, 1);
    expect((await q('select correct_result from public.matches where id = $1', [r.matches[1]])).rows[0].correct_result).toBe('Visita');
    const [a, b] = [await points(ana, r.id), await points(beto, r.id)];
    expect([a.correct, b.correct, (await points(carla, r.id)).correct, (await points(dani, r.id)).correct]).toEqual([1, 2, 1, 1]);
    const told = await notices(r.id);
    expect(told.map((n) => n.user_id).sort()).toEqual([ana.id, beto.id].sort());
    const roundName = (await q('select name from public.quinielas where id = $1', [r.id])).rows[0].name as string;
    const of = (p: Player) => told.find((n) => n.user_id === p.id)!;
    // Neither has a phone subscribed: the notice goes by e-mail.
    expect(of(ana)).toEqual({
      user_id: ana.id,
      channel: 'email',
      payload: {
        title: `✏️ Corrección en ${roundName}`,
        body: `Pumas vs Toluca: Empate → Visita. Tu predicción (Empate) ya no cuenta como acierto. Ahora tienes ${a.points} pts en esta quiniela.`,
        url: `/quinielazo-de-la-semana?quiniela=${r.id}`,
        tag: `correccion-${r.matches[1]}`,
      },
    });
    expect(of(beto).payload.body).toBe(`Pumas vs Toluca: Empate → Visita. Tu predicción (Visita) ahora cuenta como acierto. Ahora tienes ${b.points} pts en esta quiniela.`);

    // The dispatcher sends it: Beto reads it in his mailbox, with the round's link.
    await scheduler('dispatch-notifications');
    const mail = await waitForMail(beto.email, { subject: 'Corrección en' });
    expect(mail.subject).toBe(`✏️ Corrección en ${roundName}`);
    expect(mail.body.text).toContain('Tu predicción (Visita) ahora cuenta como acierto.');
    expect(mail.body.text).toContain(`/quinielazo-de-la-semana?quiniela=${r.id}`);

    // The public log names the provider; the same correction heard again tells nobody twice.
    const { data: log } = await anonClient().from('result_corrections').select('old_result, new_result, who, after_finalization').eq('quiniela_id', r.id);
    expect(log).toEqual([{ old_result: 'Empate', new_result: 'Visita', who: 'proveedor', after_finalization: true }]);
    await q(`update public.match_live set checked_at = now() - interval '61 minutes' where quiniela_id = $1`, [r.id]);
    await scheduler('poll-live-scores');
    expect(await notices(r.id)).toHaveLength(2);
  });

  it("an admin's correction by hand tells the players too; a change before finalization tells nobody", async () => {
    const r = await finalizedRound([[ana, ['Local', 'Empate']], [beto, ['Visita', 'Empate']]]);
    expect((await admin.client.from('matches').update({ correct_result: 'Visita' }).eq('id', r.matches[0]!)).error).toBeNull();
    const told = await notices(r.id);
    expect(told.map((n) => n.user_id).sort()).toEqual([ana.id, beto.id].sort());
    expect(told.find((n) => n.user_id === ana.id)!.payload.body).toBe(
      `América vs Chivas: Local → Visita. Tu predicción (Local) ya no cuenta como acierto. Ahora tienes ${(await points(ana, r.id)).points} pts en esta quiniela.`,
    );

    // An open round's result typed and changed: no scores yet, nobody told.
    const open = Number((await q(`insert into public.quinielas (name, week, deadline) values ('Sin finalizar', 1, now() - interval '1 minute') returning id`)).rows[0].id);
    rounds.push(open);
    const m = Number((await q(`insert into public.matches (quiniela_id, match_order, home_team, away_team) values ($1, 1, 'León', 'Atlas') returning id`, [open])).rows[0].id);
    await q(`insert into public.picks (user_id, match_id, result) values ($1, $2, 'Local')`, [ana.id, m]);
    await admin.client.from('matches').update({ correct_result: 'Local' }).eq('id', m);
    await admin.client.from('matches').update({ correct_result: 'Empate' }).eq('id', m);
    expect(await notices(open)).toEqual([]);
  });
});

describe('Pro payouts after a correction', () => {
  it('stay as fixed; the house pays the entry a correction makes a winner; nothing is clawed back or paid twice', async () => {
    const r = await finalizedRound([[ana, ['Local', 'Empate']]], [
      [ana, ['Local', 'Empate']], // 2 at the close: the winner
      [beto, ['Local', 'Visita']], // 1 at the close; 2 after the correction
    ]);
    const [first, second] = r.entries as [number, number];
    const pool = Number((await q('select pool_mxn from public.pro_round_closings where quiniela_id = $1', [r.id])).rows[0].pool_mxn);
    const payout = async () => (await anonClient().rpc('pro_payout', { p_quiniela: r.id })).data;
    const byHouse = async () => (await anonClient().from('pro_payouts').select('entry_id, paid_by_house').eq('quiniela_id', r.id).order('entry_id')).data;
    expect(await payout()).toEqual([{ entry_id: first, points: 2, share_mxn: pool }]);

    await feedCorrects(r, 0, 1);
    // The winner at the close keeps his prize as fixed; the new winner is paid by the house.
    expect(await payout()).toEqual([
      { entry_id: first, points: 2, share_mxn: pool },
      { entry_id: second, points: 2, share_mxn: pool },
    ]);
    expect(await byHouse()).toEqual([{ entry_id: first, paid_by_house: false }, { entry_id: second, paid_by_house: true }]);
    const points = Object.fromEntries((await q('select entry_id, points from public.pro_results_snapshot($1)', [r.id])).rows.map((x) => [Number(x.entry_id), x.points]));
    expect(points).toEqual({ [first]: 1, [second]: 2 });

    // Corrected back: nobody new wins, nobody loses what he was paid.
    await feedCorrects(r, 0, 0);
    expect(await payout()).toEqual([
      { entry_id: first, points: 2, share_mxn: pool },
      { entry_id: second, points: 2, share_mxn: pool },
    ]);
    expect((await q('select pool_mxn from public.pro_round_closings where quiniela_id = $1', [r.id])).rows[0].pool_mxn).toBe(pool.toFixed(2));
  });
});
