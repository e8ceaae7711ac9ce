// Void matches (issue 45, ../shared/spec/decisions.md "Match day"): a match the feed says is
// postponed, suspended, cancelled or abandoned and that is not completed within 48 hours of its
// kick-off is void. It counts as right for every player who picked it (so 12 of 12 stays
// possible), pays no special or underdog bonus, and the same holds for Pro entries; the round
// finalizes by itself once every match is final or void. A postponed match played within the 48
// hours is not void. An admin may still type the result of a void match that was played (it then
// counts), but never makes a match void himself. Every wait is arranged against the database
// clock: the kick-off moved back, the whistles set in the past.
import { randomUUID } from 'node:crypto';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { anonClient, db, realtimeOutage } from '../support/clients.ts';
import { createPlayer, type Player } from '../support/players.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);

async function hook(path: string, body: unknown = {}): Promise<Record<string, any>> {
  const res = await fetch(`${inject('footballUrl')}/__local${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as Record<string, any>;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
/** What the scheduler does every 4 seconds (the secret key as apikey). */
async function poll(): Promise<Record<string, unknown>> {
  const r = await fetch(`${inject('apiUrl')}/functions/v1/poll-live-scores`, {
    method: 'POST',
    headers: { apikey: inject('secretKey'), 'content-type': 'application/json' },
    body: '{}',
  });
  expect(r.status).toBe(200);
  return (await r.json()) as Record<string, unknown>;
}
/** The outbox's dispatcher, as the scheduler calls it every minute. */
async function dispatchNotices(): Promise<Record<string, unknown>> {
  const r = await fetch(`${inject('apiUrl')}/functions/v1/dispatch-notifications`, {
    method: 'POST',
    headers: { apikey: inject('secretKey'), 'content-type': 'application/json' },
    body: '{}',
  });
  expect(r.status).toBe(200);
  return (await r.json()) as Record<string, unknown>;
}
/** The round's live messages in the outbox (what the dispatcher sends to Realtime). */
const liveMessages = async (round: number) =>
  (await q(`select state, attempts, last_error, next_attempt_at > now() as later, payload->'payload' as message from public.notification_outbox
            where channel = 'realtime' and quiniela_id = $1 order by id`, [round])).rows;
/** What the scheduler runs every minute: void matches made void, due rounds finalized. */
const finalizeDue = async () => Number((await q('select public.finalize_due_rounds() as n')).rows[0].n);
const finalized = async (round: number) => (await q('select results_saved from public.quinielas where id = $1', [round])).rows[0].results_saved as boolean;
const voided = async (match: number) => (await q('select voided_at is not null as v from public.matches where id = $1', [match])).rows[0].v as boolean;
const score = async (player: Player, round: number) =>
  (await q('select correct, points, bonuses from public.scores where user_id = $1 and quiniela_id = $2', [player.id, round])).rows[0] as
    | { correct: number; points: number; bonuses: Array<{ kind: string; points: number }> }
    | undefined;
/** The last whistle (and every result since) `minutes` ago. */
const whistleAgo = (round: number, minutes: number) =>
  q(`update public.match_live set final_whistle_at = now() - make_interval(mins => $2), result_changed_at = now() - make_interval(mins => $2) where quiniela_id = $1 and final_whistle_at is not null`, [round, minutes]);
/** The match's scheduled kick-off `minutes` ago (database clock): the 48 hours arranged, not waited for. */
const kickoffAgo = (match: number, minutes: number) => q(`update public.matches set kickoff_at = now() - make_interval(mins => $2) where id = $1`, [match, minutes]);
/** A stopped match is asked again every 15 minutes: that quarter of an hour arranged. */
const stoppedCheckedLongAgo = (round: number) => q(`update public.match_live set checked_at = now() - interval '16 minutes' where quiniela_id = $1`, [round]);
const HOURS_48 = 48 * 60;

const rounds: number[] = [];
type Side = 'Local' | 'Empate' | 'Visita';
/**
 * A round that closed two hours ago (database clock) with one match per entry of `picks[0]`, each
 * following a new fixture that kicked off 110 minutes ago; each player's picks (null: no pick).
 */
async function round(picks: Array<[Player, Array<Side | null>]>, bonus?: { match: number; special: number; underdogSide: Side; underdog: number }) {
  const id = Number((await q(`insert into public.quinielas (name, week, deadline) values ('Jornada con anulados', 1, now() - interval '2 hours') returning id`)).rows[0].id);
  rounds.push(id);
  const kickoff = (await q(`select now() - interval '110 minutes' as at`)).rows[0].at as Date;
  const matches: number[] = [];
  const fixtures: number[] = [];
  for (let i = 0; i < picks[0]![1].length; i++) {
    const fixture = (await hook('/fixtures', { home_team_id: 2287, away_team_id: 2278, date: kickoff.toISOString() })).fixture.id as number;
    fixtures.push(fixture);
    matches.push(Number((await q(
      `insert into public.matches (quiniela_id, match_order, home_team, away_team, kickoff_at, provider_fixture_id) values ($1, $2, $3, $4, $5, $6) returning id`,
      [id, i + 1, `Local ${i + 1}`, `Visita ${i + 1}`, kickoff, fixture],
    )).rows[0].id));
  }
  if (bonus) {
    await q('update public.matches set special_bonus_points = $2, underdog_bonus_side = $3, underdog_bonus_points = $4 where id = $1',
      [matches[bonus.match], bonus.special, bonus.underdogSide, bonus.underdog]);
  }
  for (const [player, sides] of picks) {
    for (const [i, side] of sides.entries()) {
      if (side) await q('insert into public.picks (user_id, match_id, result) values ($1, $2, $3)', [player.id, matches[i], side]);
    }
  }
  return { id, matches, fixtures };
}
/** Kick-off, half time, second half, goals (home/away per minute), full time. */
async function play(fixture: number, goals: Array<'home' | 'away'> = []) {
  for (const step of ['kickoff', 'halftime', 'second-half']) await hook(`/fixtures/${fixture}/${step}`);
  for (const [i, team] of goals.entries()) await hook(`/fixtures/${fixture}/goal`, { team, minute: 60 + i });
  await hook(`/fixtures/${fixture}/fulltime`);
}

let admin: Player, ana: Player, beto: Player, carla: Player;
beforeEach(async () => {
  [admin, ana, beto, carla] = await Promise.all([createPlayer({ admin: true }), createPlayer(), createPlayer(), createPlayer()]);
  // The provider as new: no outage, quotas full, no back-off.
  await q('delete from public.live_feed');
  await hook('/outage', { mode: 'none' });
  await hook('/quota', { daily_limit: 75000, daily_remaining: 75000, minute_limit: 450, minute_remaining: 450 });
});

const channels: RealtimeChannel[] = [];
afterEach(async () => {
  await realtimeOutage('none');
});
afterAll(async () => {
  for (const c of channels.splice(0)) await c.unsubscribe();
  await q('delete from public.quinielas where id = any($1)', [rounds]);
  await q('delete from public.live_feed');
});

describe('a match postponed and not played within 48 hours', () => {
  it('is void: right for every pick on it, no special or underdog bonus; the round finalizes by itself', async () => {
    // Match 3 (the postponed one) is the round's special pick and its underdog is the visitor.
    const r = await round([
      [ana, ['Local', 'Empate', 'Visita']],
      [beto, ['Local', 'Empate', null]],
      [carla, ['Visita', 'Visita', 'Local']],
    ], { match: 2, special: 5, underdogSide: 'Visita', underdog: 3 });
    await play(r.fixtures[0]!, ['home']);
    await play(r.fixtures[1]!);
    await hook(`/fixtures/${r.fixtures[2]}/postpone`);
    await poll();
    const live = (await q('select status, stopped_at from public.match_live where match_id = $1', [r.matches[2]])).rows[0];
    expect(live.status).toBe('PST');
    expect(live.stopped_at).not.toBeNull();

    // Two hours after the last whistle the round still waits: the postponed match is neither final nor void.
    await whistleAgo(r.id, 121);
    await finalizeDue();
    expect(await finalized(r.id)).toBe(false);
    // A minute before the 48 hours it is not void yet.
    await kickoffAgo(r.matches[2]!, HOURS_48 - 1);
    await finalizeDue();
    expect(await voided(r.matches[2]!)).toBe(false);
    expect(await finalized(r.id)).toBe(false);

    // A minute after them it is void, and the round is finalized with nobody typing.
    await kickoffAgo(r.matches[2]!, HOURS_48 + 1);
    expect(await finalizeDue()).toBeGreaterThanOrEqual(1);
    expect(await voided(r.matches[2]!)).toBe(true);
    expect(await finalized(r.id)).toBe(true);
    expect((await q('select correct_result from public.matches where id = $1', [r.matches[2]])).rows[0].correct_result).toBeNull();
    expect((await q('select started_by, failed_step, matches from public.round_finalizations where quiniela_id = $1', [r.id])).rows)
      .toEqual([{ started_by: null, failed_step: null, matches: 3 }]);

    // Ana: 3 of 3 (the void match counts), no special (+5) nor underdog (+3) bonus on it.
    const a = (await score(ana, r.id))!;
    expect(a.correct).toBe(3);
    expect(a.bonuses.map((b) => b.kind)).not.toContain('special');
    expect(a.bonuses.map((b) => b.kind)).not.toContain('underdog');
    const table = Number((await q(`select public.round_points(3, false, public.mx_time((select deadline from public.quinielas where id = $1))::date) as p`, [r.id])).rows[0].p);
    expect(a.points).toBe(table + a.bonuses.reduce((n, b) => n + b.points, 0));
    // Beto did not pick it: it does not count for him. Carla's wrong picks stay wrong; her pick on it counts.
    expect((await score(beto, r.id))!.correct).toBe(2);
    expect((await score(carla, r.id))!.correct).toBe(1);
    // Everyone reads that the match is void.
    const { data } = await anonClient().from('matches').select('id, voided_at').eq('id', r.matches[2]!);
    expect(data).toEqual([{ id: r.matches[2], voided_at: expect.any(String) }]);
  });

  it('suspended and abandoned matches are void the same way; an admin may type the result of one that was played, and cannot make a match void', async () => {
    const r = await round([[ana, ['Visita', 'Local']], [beto, ['Local', 'Empate']]]);
    await hook(`/fixtures/${r.fixtures[0]}/kickoff`);
    await hook(`/fixtures/${r.fixtures[0]}/suspend`);
    await hook(`/fixtures/${r.fixtures[1]}/kickoff`);
    await hook(`/fixtures/${r.fixtures[1]}/abandon`);
    await poll();
    expect((await q('select status from public.match_live where quiniela_id = $1 order by match_id', [r.id])).rows.map((x) => x.status)).toEqual(['SUSP', 'ABD']);
    // The admin holds the round to look at it before it finalizes.
    expect((await admin.client.from('quinielas').update({ finalize_hold: true }).eq('id', r.id)).error).toBeNull();
    for (const m of r.matches) await kickoffAgo(m, HOURS_48 + 1);
    await finalizeDue();
    expect([await voided(r.matches[0]!), await voided(r.matches[1]!)]).toEqual([true, true]);
    expect(await finalized(r.id)).toBe(false);

    // Nobody makes a match void or not by hand, not even an admin.
    for (const client of [admin.client, ana.client]) {
      expect((await client.from('matches').update({ voided_at: null } as never).eq('id', r.matches[0]!)).error?.code).toBe('42501');
    }
    // The suspended match was finished later: the admin types its result, which counts from then on.
    expect((await admin.client.from('matches').update({ correct_result: 'Local' }).eq('id', r.matches[0]!)).error).toBeNull();
    const { data: log } = await anonClient().from('result_corrections').select('match_id, old_result, new_result, who').eq('quiniela_id', r.id);
    expect(log).toEqual([{ match_id: r.matches[0], old_result: null, new_result: 'Local', who: admin.username }]);

    // Released: the hand entry restarts the two hours (arranged), then it finalizes by itself.
    await admin.client.from('quinielas').update({ finalize_hold: false }).eq('id', r.id);
    await q(`update public.result_corrections set at = now() - interval '3 hours' where quiniela_id = $1`, [r.id]);
    await finalizeDue();
    expect(await finalized(r.id)).toBe(true);
    // Ana: Visita on the match played (Local) is wrong; the abandoned one counts. Beto: both right.
    expect((await score(ana, r.id))!.correct).toBe(1);
    expect((await score(beto, r.id))!.correct).toBe(2);
  });

  it("an admin's finalization takes a void match as settled: no result is missing", async () => {
    const r = await round([[ana, ['Local', 'Visita']]]);
    await play(r.fixtures[0]!, ['home']);
    await hook(`/fixtures/${r.fixtures[1]}/postpone`);
    await poll();
    await q(`update public.quinielas set finalize_hold = true where id = $1`, [r.id]);
    await kickoffAgo(r.matches[1]!, HOURS_48 + 1);
    await finalizeDue();
    expect(await voided(r.matches[1]!)).toBe(true);
    const res = await fetch(`${inject('apiUrl')}/functions/v1/finalize-round`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.accessToken}`, apikey: inject('publishableKey'), 'content-type': 'application/json' },
      body: JSON.stringify({ quinielaId: r.id, runId: randomUUID() }),
    });
    expect(res.status).toBe(200);
    expect(await finalized(r.id)).toBe(true);
    expect((await score(ana, r.id))!.correct).toBe(2);
  });
});

describe('a match made void while the round is open on screens', () => {
  /** A screen listening to the round's topic, as the app does (features/picks/api/live-scores.ts). */
  function listen(round: number): { messages: Array<Record<string, any>>; ready: Promise<void> } {
    const messages: Array<Record<string, any>> = [];
    const channel = anonClient().channel(`live:round:${round}`, { config: { private: true } });
    channels.push(channel);
    const ready = new Promise<void>((resolve, reject) => {
      channel.on('broadcast', { event: 'scores' }, (m) => messages.push(m.payload)).subscribe((status, err) => {
        if (status === 'SUBSCRIBED') resolve();
        else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
      });
    });
    return { messages, ready };
  }

  it("reaches them in the round's one message at the poller's next run, with the histogram it changes; told once", async () => {
    // Match 1 postponed, match 2 in play; Ana picked both, Beto only the second.
    const r = await round([[ana, ['Visita', 'Local']], [beto, [null, 'Local']]]);
    await hook(`/fixtures/${r.fixtures[0]}/postpone`);
    await hook(`/fixtures/${r.fixtures[1]}/kickoff`);
    await poll();
    const screen = listen(r.id);
    await screen.ready;

    // 48 hours after match 1's kick-off (arranged): the scheduler's minute job makes it void,
    // the round stays open (match 2 is on), and the poller's next run tells the round.
    await kickoffAgo(r.matches[0]!, HOURS_48 + 1);
    await finalizeDue();
    expect(await voided(r.matches[0]!)).toBe(true);
    await poll();
    await expect.poll(() => screen.messages.length).toBe(1);
    expect(screen.messages[0]).toMatchObject({
      quinielaId: r.id,
      matches: [],
      voided: [{ matchId: r.matches[0], voidedAt: expect.any(String) }],
      // The void counts in the round's histogram (for Ana, who picked it), which goes with it.
      standings: { quinielaId: r.id, players: 2 },
    });
    // Told once: nothing left to tell.
    expect((await q('select public.live_void_news() as news')).rows[0].news).toEqual([]);
    // Nobody but the service role asks for it.
    expect((await ana.client.rpc('live_void_news')).error?.code).toBe('42501');
  });

  it('a message Realtime refused is sent again by the dispatcher later, and once', async () => {
    const r = await round([[ana, ['Visita', 'Local']], [beto, [null, 'Local']]]);
    await hook(`/fixtures/${r.fixtures[0]}/postpone`);
    await hook(`/fixtures/${r.fixtures[1]}/kickoff`);
    await poll();
    const screen = listen(r.id);
    await screen.ready;
    await kickoffAgo(r.matches[0]!, HOURS_48 + 1);
    await finalizeDue();
    expect(await voided(r.matches[0]!)).toBe(true);

    // Realtime is down when the poller tells the round: the message waits in the outbox for its retry.
    await realtimeOutage('unavailable');
    await poll();
    expect(await liveMessages(r.id)).toEqual([
      expect.objectContaining({ state: 'pending', attempts: 1, later: true, last_error: expect.stringContaining('realtime 503') }),
    ]);
    await realtimeOutage('none');
    // Not due yet: the poller's next run leaves it for its retry (1 minute).
    await poll();
    expect(await liveMessages(r.id)).toEqual([expect.objectContaining({ state: 'pending', attempts: 1 })]);

    // Its minute comes (arranged, not waited for): the dispatcher sends it, once.
    await q(`update public.notification_outbox set next_attempt_at = now() where channel = 'realtime' and quiniela_id = $1`, [r.id]);
    await dispatchNotices();
    await expect.poll(() => screen.messages.length).toBe(1);
    expect(screen.messages[0]).toMatchObject({ quinielaId: r.id, matches: [], voided: [{ matchId: r.matches[0] }], standings: { quinielaId: r.id, players: 2 } });
    expect(await liveMessages(r.id)).toEqual([expect.objectContaining({ state: 'sent', attempts: 2 })]);
    // Sent is done: neither the poller nor the dispatcher sends it again (one message, one row, sent).
    await poll();
    await dispatchNotices();
    expect((await q('select public.live_void_news() as news')).rows[0].news).toEqual([]);
    expect(await liveMessages(r.id)).toHaveLength(1);
    // A later message on the round arrives after it, alone: the void was not sent twice meanwhile.
    await hook(`/fixtures/${r.fixtures[1]}/goal`, { team: 'home', minute: 30 });
    await poll();
    await expect.poll(() => screen.messages.length).toBe(2);
    expect(screen.messages[1]).not.toHaveProperty('voided');
  });

  it("a result the admin types for a void match reaches them in the round's one message, each change its own", async () => {
    const r = await round([[ana, ['Visita', 'Local']], [beto, ['Local', 'Local']]]);
    await hook(`/fixtures/${r.fixtures[0]}/postpone`);
    await hook(`/fixtures/${r.fixtures[1]}/kickoff`);
    await poll();
    await kickoffAgo(r.matches[0]!, HOURS_48 + 1);
    await finalizeDue();
    await poll(); // the void told
    const screen = listen(r.id);
    await screen.ready;

    // The void match was played after all: the admin types its result on the results screen.
    expect((await admin.client.from('matches').update({ correct_result: 'Visita' }).eq('id', r.matches[0]!)).error).toBeNull();
    await poll(); // the poller's next run (every 4 s) sends what is queued
    await expect.poll(() => screen.messages.length).toBe(1);
    expect(screen.messages[0]).toMatchObject({
      quinielaId: r.id,
      matches: [],
      results: [{ matchId: r.matches[0], result: 'Visita' }],
      // Ana's Visita now counts by the result, Beto's Local no longer counts as the void's.
      standings: { quinielaId: r.id, players: 2, results: { [String(r.matches[0])]: 'Visita' } },
    });
    // He changes it: one more message, with the new result.
    expect((await admin.client.from('matches').update({ correct_result: 'Local' }).eq('id', r.matches[0]!)).error).toBeNull();
    await poll();
    await expect.poll(() => screen.messages.length).toBe(2);
    expect(screen.messages[1]).toMatchObject({ quinielaId: r.id, results: [{ matchId: r.matches[0], result: 'Local' }] });
    expect((await liveMessages(r.id)).map((m) => m.state)).toEqual(['sent', 'sent', 'sent']);
  });
});

describe('a postponed match played within 48 hours', () => {
  it('is not void: the feed proposes its result and it counts like any other', async () => {
    const r = await round([[ana, ['Visita']], [beto, ['Local']]]);
    await hook(`/fixtures/${r.fixtures[0]}/postpone`);
    await poll();
    expect((await q('select status from public.match_live where match_id = $1', [r.matches[0]])).rows[0].status).toBe('PST');
    // Re-dated for the next day (within the 48 hours), and played then.
    const nextDay = (await q(`select now() + interval '20 hours' as at`)).rows[0].at as Date;
    await hook(`/fixtures/${r.fixtures[0]}/reschedule`, { date: nextDay.toISOString() });
    await stoppedCheckedLongAgo(r.id);
    await poll();
    expect((await q('select status from public.match_live where match_id = $1', [r.matches[0]])).rows[0].status).toBe('NS');
    // The new date comes (arranged, not waited for): the poller asks from then on, not before.
    await q(`update public.match_live set feed_kickoff_at = now() - interval '1 minute' where match_id = $1`, [r.matches[0]]);
    await play(r.fixtures[0]!, ['away']);
    await poll();
    expect((await q('select correct_result from public.matches where id = $1', [r.matches[0]])).rows[0].correct_result).toBe('Visita');

    // Long after the 48 hours it is still not void: it was completed.
    await kickoffAgo(r.matches[0]!, HOURS_48 + 60);
    await whistleAgo(r.id, 121);
    await finalizeDue();
    expect(await voided(r.matches[0]!)).toBe(false);
    expect(await finalized(r.id)).toBe(true);
    expect((await score(ana, r.id))!.correct).toBe(1);
    expect((await score(beto, r.id))!.correct).toBe(0);
  });
});

describe('Pro entries', () => {
  it('a void match counts for every entry that picked it, in the results and the payout', async () => {
    const r = await round([[ana, ['Local', 'Visita']]]);
    // Three entries (as the players left them at the close).
    const entry = async (p: Player, label: string, sides: Array<Side | null>) => {
      const id = Number((await q(`insert into public.paid_entries (quiniela_id, user_id, label) values ($1, $2, $3) returning id`, [r.id, p.id, label])).rows[0].id);
      for (const [i, side] of sides.entries()) {
        if (side) await q('insert into public.paid_picks (paid_entry_id, quiniela_id, match_id, result) values ($1, $2, $3, $4)', [id, r.id, r.matches[i], side]);
      }
      return id;
    };
    const both = await entry(ana, 'Entrada 1', ['Local', 'Visita']);
    const noPick = await entry(beto, 'Entrada 1', ['Local', null]);
    const wrong = await entry(carla, 'Entrada 1', ['Visita', 'Local']);

    await play(r.fixtures[0]!, ['home']);
    await hook(`/fixtures/${r.fixtures[1]}/postpone`);
    await poll();
    await whistleAgo(r.id, 121);
    await kickoffAgo(r.matches[1]!, HOURS_48 + 1);
    await finalizeDue();
    expect(await finalized(r.id)).toBe(true);

    const points = Object.fromEntries((await q('select entry_id, points from public.pro_results_snapshot($1)', [r.id])).rows.map((x) => [Number(x.entry_id), x.points]));
    expect(points).toEqual({ [both]: 2, [noPick]: 1, [wrong]: 1 });
    const pool = Number((await q('select pool_mxn from public.pro_round_closings where quiniela_id = $1', [r.id])).rows[0].pool_mxn);
    const { data } = await anonClient().rpc('pro_payout', { p_quiniela: r.id });
    expect(data).toEqual([{ entry_id: both, points: 2, share_mxn: pool }]);
  });
});
