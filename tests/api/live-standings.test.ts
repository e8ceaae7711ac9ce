// His place in the round while it is played (issue 45, docs/match-day.md): the database keeps one
// histogram per round being played — how many players would have each number of points if every
// match ended as it stands — computed from the picks and the live scores, never storing anyone's
// points; the poller sends it in the round's one broadcast when a result as it stands changes;
// everyone reads it, nobody but the service role computes it. The histogram's points are the
// app's "Si terminara así" (pointsIfItEndedNow) and its results the app's resultAsItStands: the
// two sides of each rule are held to the same answers here.
import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { pointsIfItEndedNow, resultsAsTheyStand, type LiveScore } from '../../src/features/picks/model/live.ts';
import { rulesFor } from '../../src/lib/game/game-rules.ts';
import type { MatchSide, RoundMatch } from '../../src/lib/game/rounds.ts';
import { anonClient, db } from '../support/clients.ts';
import { createPlayer, type Player } from '../support/players.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);
const football = () => inject('footballUrl');

async function hook(path: string, body: unknown = {}): Promise<Record<string, any>> {
  const res = await fetch(`${football()}/__local${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as Record<string, any>;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** As the scheduler calls it. */
async function poll(): Promise<Record<string, any>> {
  const r = await fetch(`${inject('apiUrl')}/functions/v1/poll-live-scores`, {
    method: 'POST',
    headers: { apikey: inject('secretKey'), 'content-type': 'application/json' },
    body: '{}',
  });
  expect(r.status).toBe(200);
  return (await r.json()) as Record<string, any>;
}

interface Standings {
  quinielaId: number;
  results: Record<string, MatchSide | null>;
  players: number;
  histogram: Array<[number, number]>;
}
const refresh = async (round: number): Promise<Standings[]> =>
  (await q('select public.refresh_live_standings(array[$1]::bigint[]) as s', [round])).rows[0].s as Standings[];

const rounds: number[] = [];
const channels: RealtimeChannel[] = [];
let players: Player[];

beforeAll(async () => {
  players = await Promise.all(Array.from({ length: 7 }, () => createPlayer()));
  await q('delete from public.live_feed');
  await hook('/outage', { mode: 'none' });
  await hook('/quota', { daily_limit: 75000, daily_remaining: 75000, minute_limit: 450, minute_remaining: 450 });
});

afterEach(async () => {
  for (const c of channels.splice(0)) await c.unsubscribe();
  await q('delete from public.quinielas where id = any($1)', [rounds.splice(0)]);
});

afterAll(async () => {
  await q('delete from public.live_feed');
});

/** A round closed a minute ago (database clock). */
async function closedRound(): Promise<{ id: number; deadline: string }> {
  const { rows } = await q(`insert into public.quinielas (name, week, deadline) values ('Jornada en vivo', 1, now() - interval '1 minute') returning id, deadline`);
  rounds.push(Number(rows[0].id));
  return { id: Number(rows[0].id), deadline: (rows[0].deadline as Date).toISOString() };
}

describe("the round's histogram", () => {
  // Eight matches in every state the feed knows, one typed by hand and one with nothing yet.
  const SPEC: Array<{ special?: number; underdog?: [MatchSide, number]; live?: [string, number | null, number | null, MatchSide | null]; typed?: MatchSide }> = [
    { special: 5, live: ['2H', 1, 0, null] },
    { underdog: ['Visita', 3], live: ['HT', 0, 1, null] },
    { live: ['FT', 2, 1, 'Empate'] },
    { live: ['ET', 2, 2, 'Local'] },
    { live: ['NS', null, null, null] },
    { live: ['PST', null, null, null] },
    { typed: 'Visita' },
    {},
  ];
  const PICKS: Array<Array<MatchSide | null>> = [
    ['Local', 'Visita', 'Empate', 'Local', 'Local', 'Local', 'Visita', 'Local'],
    ['Local', 'Local', 'Local', 'Local', 'Local', 'Local', 'Local', 'Local'],
    ['Visita', 'Visita', 'Visita', 'Visita', 'Visita', 'Visita', 'Visita', 'Visita'],
    ['Local', 'Visita', 'Empate', 'Local', null, null, null, null],
    ['Empate', 'Empate', 'Empate', 'Empate', 'Empate', 'Empate', 'Empate', 'Empate'],
    ['Local', 'Visita', 'Empate', 'Local', 'Visita', 'Visita', 'Visita', 'Visita'],
    [null, null, null, null, null, null, null, 'Local'],
  ];

  async function arrange() {
    const round = await closedRound();
    const matches: RoundMatch[] = [];
    const live: Record<number, LiveScore> = {};
    for (const [i, m] of SPEC.entries()) {
      const id = Number((await q(
        `insert into public.matches (quiniela_id, match_order, home_team, away_team, special_bonus_points, underdog_bonus_points, underdog_bonus_side, correct_result)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
        [round.id, i + 1, `Local ${i}`, `Visita ${i}`, m.special ?? 0, m.underdog?.[1] ?? 0, m.underdog?.[0] ?? null, m.typed ?? null],
      )).rows[0].id);
      matches.push({ id, order: i + 1, homeTeam: `Local ${i}`, awayTeam: `Visita ${i}`, kickoffAt: null, homeClub: null, awayClub: null,
        specialBonusPoints: m.special ?? 0, underdogBonusPoints: m.underdog?.[1] ?? 0, underdogBonusSide: m.underdog?.[0] ?? null, correctResult: m.typed ?? null, voidedAt: null });
      if (m.live) {
        const [status, home, away, proposed] = m.live;
        await q(
          `insert into public.match_live (match_id, quiniela_id, fixture_id, status, elapsed, home_goals, away_goals, proposed_result)
           values ($1, $2, $3, $4, 50, $5, $6, $7)`,
          [id, round.id, 990_000_000 + id, status, home, away, proposed],
        );
        live[id] = { matchId: id, status, elapsed: 50, extra: null, home, away, proposedResult: proposed };
      }
    }
    // Picks are written before the deadline; the round is closed by the time they are read.
    for (const [p, picks] of PICKS.entries()) {
      for (const [i, pick] of picks.entries()) {
        if (pick) await q('insert into public.picks (user_id, match_id, quiniela_id, result) values ($1, $2, $3, $4)', [players[p]!.id, matches[i]!.id, round.id, pick]);
      }
    }
    return { round, matches, live };
  }

  /** The histogram the app's own rule gives for the same picks and scores. */
  function appHistogram(matches: RoundMatch[], live: Record<number, LiveScore>, deadline: string, lastOfMonth: boolean): Array<[number, number]> {
    const byPoints = new Map<number, number>();
    for (const picks of PICKS) {
      const mine = Object.fromEntries(matches.map((m, i) => [m.id, picks[i]]));
      const { points } = pointsIfItEndedNow(matches, mine, live, rulesFor(deadline), lastOfMonth);
      byPoints.set(points, (byPoints.get(points) ?? 0) + 1);
    }
    return [...byPoints].sort((a, b) => b[0] - a[0]);
  }

  it("counts every player's points as the app's 'Si terminara así' does, from the results as the app sees them", async () => {
    const { round, matches, live } = await arrange();
    const [standings] = await refresh(round.id);
    expect(standings!.results).toEqual(resultsAsTheyStand(matches, live));
    expect(standings!.players).toBe(PICKS.length);
    expect(standings!.histogram).toEqual(appHistogram(matches, live, round.deadline, false));
    // Somebody is ahead of somebody: the case is not every player at 0.
    expect(standings!.histogram.length).toBeGreaterThan(2);

    // The last round of the month multiplies the table's points, as the app's line does.
    await q('update public.quinielas set is_last_of_month = true where id = $1', [round.id]);
    const [last] = await refresh(round.id);
    expect(last!.histogram).toEqual(appHistogram(matches, live, round.deadline, true));
    // Provisional only: nothing was scored.
    expect((await q('select 1 from public.scores where quiniela_id = $1', [round.id])).rows).toEqual([]);
  });

  it('is computed again only when a result as it stands changes, not when the clock moves', async () => {
    const { round, matches, live } = await arrange();
    await refresh(round.id);
    expect(await refresh(round.id)).toEqual([]);
    await q('update public.match_live set elapsed = 51 where match_id = $1', [matches[0]!.id]);
    expect(await refresh(round.id)).toEqual([]);
    // An equaliser in the first match: Local → Empate.
    await q('update public.match_live set away_goals = 1 where match_id = $1', [matches[0]!.id]);
    live[matches[0]!.id] = { ...live[matches[0]!.id]!, away: 1 };
    const [changed] = await refresh(round.id);
    expect(changed!.results[String(matches[0]!.id)]).toBe('Empate');
    expect(changed!.histogram).toEqual(appHistogram(matches, live, round.deadline, false));
  });

  it('counts a match made void as public.pick_counts does (right for every pick on it, no bonus), computed again when it turns void', async () => {
    const { round, matches, live } = await arrange();
    await refresh(round.id);
    // The postponed match (sixth) turns void: nothing else changed, the histogram is computed again.
    await q(`update public.matches set voided_at = now() where id = $1`, [matches[5]!.id]);
    matches[5] = { ...matches[5]!, voidedAt: new Date().toISOString() };
    const [changed] = await refresh(round.id);
    expect(changed!.results).toEqual(resultsAsTheyStand(matches, live));
    expect(changed!.histogram).toEqual(appHistogram(matches, live, round.deadline, false));
    // A bonus on a void match is not paid.
    await q(`update public.matches set special_bonus_points = 4 where id = $1`, [matches[5]!.id]);
    matches[5] = { ...matches[5]!, specialBonusPoints: 4 };
    const [again] = await refresh(round.id);
    expect(again!.histogram).toEqual(appHistogram(matches, live, round.deadline, false));
  });

  it('everyone reads it, nobody names a player in it, and only the service role computes it; none once the round is finalized', async () => {
    const { round } = await arrange();
    expect((await anonClient().rpc('get_live_standings', { quiniela_id_input: round.id })).data).toBeNull();
    const [standings] = await refresh(round.id);
    const { data, error } = await anonClient().rpc('get_live_standings', { quiniela_id_input: round.id });
    expect(error).toBeNull();
    expect(data).toEqual(standings);
    expect(Object.keys(data as object).sort()).toEqual(['histogram', 'players', 'quinielaId', 'results']);
    expect((await players[0]!.client.rpc('get_live_standings', { quiniela_id_input: round.id })).data).toEqual(standings);

    for (const client of [anonClient(), players[0]!.client]) {
      expect((await client.rpc('refresh_live_standings', { round_ids: [round.id] })).error?.code).toBe('42501');
    }
    // Its tables are not in the API.
    expect((await anonClient().from('live_round_standings' as never).select('*')).error).not.toBeNull();

    await q(`update public.matches set correct_result = coalesce(correct_result, 'Local') where quiniela_id = $1`, [round.id]);
    await q('update public.quinielas set results_saved = true where id = $1', [round.id]);
    expect((await anonClient().rpc('get_live_standings', { quiniela_id_input: round.id })).data).toBeNull();
    expect(await refresh(round.id)).toEqual([]);
  });
});

describe('the poller', () => {
  /** A screen listening to the round's topic, as the app does. */
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

  it("sends the histogram in the round's one message when a goal changes a result, and not when only the minute moves", async () => {
    const round = await closedRound();
    const kickoff = (await q(`select now() - interval '10 minutes' as at`)).rows[0].at as Date;
    const fixture = (await hook('/fixtures', { home_team_id: 2287, away_team_id: 2278, date: kickoff.toISOString() })).fixture.id as number;
    const match = Number((await q(
      `insert into public.matches (quiniela_id, match_order, home_team, away_team, kickoff_at, provider_fixture_id, special_bonus_points)
       values ($1, 1, 'América', 'Chivas', $2, $3, 5) returning id`,
      [round.id, kickoff, fixture],
    )).rows[0].id);
    await q(`insert into public.picks (user_id, match_id, quiniela_id, result) values ($1, $3, $4, 'Local'), ($2, $3, $4, 'Visita')`, [players[0]!.id, players[1]!.id, match, round.id]);
    const screen = listen(round.id);
    await screen.ready;
    const zero = rulesFor(round.deadline).pointsByCorrect[0]!;
    const one = rulesFor(round.deadline).pointsByCorrect[1]!;

    await hook(`/fixtures/${fixture}/kickoff`);
    await poll();
    await expect.poll(() => screen.messages.length).toBe(1);
    expect(screen.messages[0]).toMatchObject({
      quinielaId: round.id,
      matches: [{ matchId: match, status: '1H', home: 0, away: 0 }],
      // 0–0: a draw as it stands, nobody right.
      standings: { quinielaId: round.id, results: { [match]: 'Empate' }, players: 2, histogram: [[zero, 2]] },
    });

    await hook(`/fixtures/${fixture}/goal`, { team: 'home', minute: 23 });
    await poll();
    await expect.poll(() => screen.messages.length).toBe(2);
    expect(screen.messages[1]).toMatchObject({
      matches: [{ matchId: match, status: '1H', elapsed: 23, home: 1, away: 0 }],
      standings: { results: { [match]: 'Local' }, players: 2, histogram: [[one + 5, 1], [zero, 1]] },
    });

    await hook(`/fixtures/${fixture}/minute`, { minute: 30 });
    await poll();
    await expect.poll(() => screen.messages.length).toBe(3);
    expect(screen.messages[2]).toMatchObject({ matches: [{ matchId: match, elapsed: 30 }] });
    expect(screen.messages[2]!.standings).toBeUndefined();
  });
});
