// Match day in E2E (issue 45): the local API-Football's match clock (`/__local` hooks), the
// scheduler's jobs run by hand ("what the scheduler does": the poller every 4 s, the automatic
// finalization every minute, the outbox's dispatcher every minute), and a round that follows
// new fixtures, arranged against the database clock.
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { e2eSql } from './e2e-standings.ts';

/** The advisory lock that stands for the platform's one feed (live_feed, the stand-in's outage switch). */
const FEED_LOCK = 45_045;
/** How long a journey may wait for the feed beyond its own time: a journey holding it alone is short. */
const FEED_WAIT_MS = 120_000;
let feedHold: pg.Client | undefined;

/**
 * The feed is one for the whole platform: a journey that makes the provider fail pauses every
 * round's score and backs the poller off for everyone (live-paused.spec.ts). So it holds the feed
 * alone, and every journey that polls the feed or asks the provider shares it: a session advisory
 * lock on a connection of its own, taken in beforeEach (the test's time extended by the wait) and
 * released by `releaseFeed` in afterEach.
 */
export async function holdFeed(mode: 'shared' | 'alone'): Promise<void> {
  test.info().setTimeout(test.info().timeout + FEED_WAIT_MS);
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL_E2E });
  await client.connect();
  await client.query(mode === 'alone' ? 'select pg_advisory_lock($1)' : 'select pg_advisory_lock_shared($1)', [FEED_LOCK]);
  feedHold = client;
}

export async function releaseFeed(): Promise<void> {
  const client = feedHold;
  feedHold = undefined;
  await client?.end();
}

export async function footballHook(path: string, body: unknown = {}): Promise<Record<string, any>> {
  const res = await fetch(`${process.env.FOOTBALL_URL}/__local${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, any>;
}

/** The local Realtime's broadcast API down ("unavailable": 503 to the server's broadcasts) or back ("none"); as tests/support/clients.ts's for the API tier. */
export async function realtimeOutage(mode: 'unavailable' | 'none'): Promise<void> {
  const key = process.env.SUPABASE_SECRET_KEY!;
  const res = await fetch(`${process.env.SUPABASE_API_URL}/realtime/v1/__local/outage`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ mode }),
  });
  if (res.status !== 200) throw new Error(`the local Realtime's outage switch answered ${res.status}: ${await res.text()}`);
}

/**
 * An Edge Function the scheduler calls, as it calls it (the secret key as apikey). The poller runs
 * one at a time: a run that met another journey's still asking (`busy`) asked nothing, so it is
 * called again until it ran itself (a state, not a wait: the other run lets go when it is done).
 */
export async function scheduled(fn: 'poll-live-scores' | 'dispatch-notifications'): Promise<void> {
  for (;;) {
    const res = await fetch(`${process.env.SUPABASE_API_URL}/functions/v1/${fn}`, {
      method: 'POST',
      headers: { apikey: process.env.SUPABASE_SECRET_KEY!, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    if (!(((await res.json()) as { busy?: boolean }).busy ?? false)) return;
  }
}

/** The scheduler's every-minute job: void matches made void, due rounds finalized. */
export const finalizeDueRounds = () => e2eSql('select public.finalize_due_rounds()');

/** Kick-off, half time, second half, the goals (one a minute from the 60th), full time. */
export async function playToFullTime(fixture: number, goals: Array<'home' | 'away'> = []): Promise<void> {
  for (const step of ['kickoff', 'halftime', 'second-half']) await footballHook(`/fixtures/${fixture}/${step}`);
  for (const [i, team] of goals.entries()) await footballHook(`/fixtures/${fixture}/goal`, { team, minute: 60 + i });
  await footballHook(`/fixtures/${fixture}/fulltime`);
}

/** The round's last whistle (and every result since) `minutes` ago: the two hours arranged, never waited for. */
export const whistleAgo = (round: number, minutes: number) =>
  e2eSql(`update public.match_live set final_whistle_at = now() - make_interval(mins => $2), result_changed_at = now() - make_interval(mins => $2)
          where quiniela_id = $1 and final_whistle_at is not null`, [round, minutes]);

export interface FeedRound {
  id: number;
  matches: number[];
  fixtures: number[];
}

/**
 * A closed round's deadline: two hours ago by the database clock, but never before this Mexico
 * City month (a round of last month not yet scored changes the home of journeys running beside).
 */
export const CLOSED_DEADLINE_SQL = `least(now() - interval '1 second', greatest(now() - interval '2 hours',
  (date_trunc('month', now() at time zone 'America/Mexico_City') at time zone 'America/Mexico_City') + interval '1 second'))`;

/**
 * A closed round (CLOSED_DEADLINE_SQL) whose matches (América–Chivas, Monterrey–Tigres, with the
 * demo's clubs) follow new fixtures that kicked off `kickoffMinutesAgo` ago (database clock).
 */
export async function feedRound(name: string, kickoffMinutesAgo = 110): Promise<FeedRound> {
  const [{ id }] = await e2eSql<{ id: number }>(`insert into public.quinielas (name, week, deadline) values ($1, 1, ${CLOSED_DEADLINE_SQL}) returning id`, [name]);
  const [{ at }] = await e2eSql<{ at: Date }>(`select now() - make_interval(mins => $1) as at`, [kickoffMinutesAgo]);
  const fixtures = [
    (await footballHook('/fixtures', { home_team_id: 2287, away_team_id: 2278, date: at.toISOString() })).fixture.id as number,
    (await footballHook('/fixtures', { home_team_id: 2282, away_team_id: 2279, date: at.toISOString() })).fixture.id as number,
  ];
  const matches = await e2eSql<{ id: number }>(
    `insert into public.matches (quiniela_id, match_order, home_team, away_team, home_club_id, away_club_id, kickoff_at, provider_fixture_id)
     values ($1, 1, 'América', 'Chivas', 1, 5, $2, $3), ($1, 2, 'Monterrey', 'Tigres', 9, 15, $2, $4) returning id`,
    [id, at, fixtures[0], fixtures[1]],
  );
  return { id, matches: matches.map((m) => Number(m.id)), fixtures };
}

/** A player's picks, in match order (null: no pick). */
export async function pickAll(playerId: string, matches: number[], sides: Array<'Local' | 'Empate' | 'Visita' | null>): Promise<void> {
  for (const [i, side] of sides.entries()) {
    if (side) await e2eSql('insert into public.picks (user_id, match_id, result) values ($1, $2, $3)', [playerId, matches[i], side]);
  }
}
