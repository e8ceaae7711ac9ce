// Live scores (issue 45, docs/match-day.md): the poller (poll-live-scores, the scheduler's job)
// asks the local API-Football only for the fixtures that are on — kick-off − 5 min to the final
// whistle — all in one `ids` request, stores what changed in match_live, proposes the 90-minute
// result at full time, and tells each round's screens in one broadcast per change on the round's
// private topic. It backs off when the quota's headers say so and survives an outage: the
// scores stay, the feed is "en pausa" (told once), and it comes back when the provider does.
// Players read scores and the feed's state; nobody but the poller writes them.
import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { anonClient, db, realtimeOutage } from '../support/clients.ts';
import { createPlayer, type Player } from '../support/players.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);
const football = () => inject('footballUrl');

async function hook(path: string, body: unknown = {}): Promise<Record<string, any>> {
  const res = await fetch(`${football()}/__local${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as Record<string, any>;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
const providerRequests = async () => (await (await fetch(`${football()}/__local/requests`)).json()) as Array<{ path: string; query: Record<string, string> }>;

/** As the scheduler calls it (the secret key as apikey), or with `token`'s bearer on the publishable key. */
async function poll(token?: string): Promise<{ status: number; body: Record<string, any> }> {
  const r = await fetch(`${inject('apiUrl')}/functions/v1/poll-live-scores`, {
    method: 'POST',
    headers: { ...(token ? { authorization: `Bearer ${token}`, apikey: inject('publishableKey') } : { apikey: inject('secretKey') }), 'content-type': 'application/json' },
    body: '{}',
  });
  return { status: r.status, body: (await r.json()) as Record<string, any> };
}

/** The scheduler's hourly re-check of the open rounds' kick-offs (the same function, asked for its other run). */
async function checkDates(): Promise<{ status: number; body: Record<string, any> }> {
  const r = await fetch(`${inject('apiUrl')}/functions/v1/poll-live-scores`, {
    method: 'POST',
    headers: { apikey: inject('secretKey'), 'content-type': 'application/json' },
    body: JSON.stringify({ check: 'dates' }),
  });
  return { status: r.status, body: (await r.json()) as Record<string, any> };
}

const rounds: number[] = [];
/** A round closed a minute ago (or closing `deadline` minutes from now; database clock) whose matches follow new fixtures of the stand-in, kicking off `offsets` minutes from now. */
async function liveRound(offsets: number[], deadline = -1): Promise<{ round: number; matches: number[]; fixtures: number[] }> {
  const round = Number((await q(`insert into public.quinielas (name, week, deadline) values ('En vivo', 1, now() + make_interval(mins => $1)) returning id`, [deadline])).rows[0].id);
  rounds.push(round);
  const matches: number[] = [];
  const fixtures: number[] = [];
  for (const [i, offset] of offsets.entries()) {
    const kickoff = (await q(`select now() + make_interval(mins => $1) as at`, [offset])).rows[0].at as Date;
    const f = await hook('/fixtures', { home_team_id: 2287, away_team_id: 2278, date: kickoff.toISOString() });
    fixtures.push(f.fixture.id);
    matches.push(Number((await q(
      `insert into public.matches (quiniela_id, match_order, home_team, away_team, kickoff_at, provider_fixture_id) values ($1, $2, $3, $4, $5, $6) returning id`,
      [round, i + 1, `Local ${i}`, `Visita ${i}`, kickoff, f.fixture.id],
    )).rows[0].id));
  }
  return { round, matches, fixtures };
}
const live = async (match: number) => (await q('select * from public.match_live where match_id = $1', [match])).rows[0];
/** The feed's row; wait_s: how long it backs off from the answer it recorded (updated_at is that moment). */
const feed = async () => (await q('select *, extract(epoch from next_request_at - updated_at)::float8 as wait_s from public.live_feed')).rows[0];
/** The feed asked again now (arranging time: what a test would otherwise wait for). */
const feedDue = () => q('update public.live_feed set next_request_at = now() - interval \'1 second\'');

/** A screen listening to the round's topic, as the app does. */
function listen(round: number): { messages: Array<Record<string, any>>; ready: Promise<void>; channel: RealtimeChannel } {
  const messages: Array<Record<string, any>> = [];
  const channel = anonClient().channel(`live:round:${round}`, { config: { private: true } });
  const ready = new Promise<void>((resolve, reject) => {
    channel.on('broadcast', { event: 'scores' }, (m) => messages.push(m.payload)).subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
    });
  });
  return { messages, ready, channel };
}
const channels: RealtimeChannel[] = [];

let admin: Player, ana: Player;
beforeAll(async () => {
  [admin, ana] = await Promise.all([createPlayer({ admin: true }), createPlayer()]);
});

beforeEach(async () => {
  // The feed and the provider's account as new: quotas full, no outage, no back-off.
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

describe('the poller asks only for what is on', () => {
  it('one request with the ids of the matches kicked off or starting within 5 minutes; the score stored; none when nothing is on', async () => {
    const { round, matches, fixtures } = await liveRound([-10, 3, 120]);
    await hook(`/fixtures/${fixtures[0]}/kickoff`);
    await hook(`/fixtures/${fixtures[0]}/goal`, { team: 'home', minute: 12 });
    const before = (await providerRequests()).length;
    expect(await poll()).toEqual({ status: 200, body: { asked: 1, changed: 2, feed: 'ok' } });
    const asked = (await providerRequests()).slice(before);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ path: '/fixtures', query: { ids: `${fixtures[0]}-${fixtures[1]}` } });
    expect(await live(matches[0])).toMatchObject({ quiniela_id: String(round), status: '1H', elapsed: 12, home_goals: 1, away_goals: 0, proposed_result: null });
    expect(await live(matches[1])).toMatchObject({ status: 'NS', home_goals: null });
    expect(await live(matches[2])).toBeUndefined();
    expect(await feed()).toMatchObject({ state: 'ok', daily_remaining: 74999, minute_remaining: 449, failures: 0 });

    await q('delete from public.quinielas where id = $1', [round]);
    await liveRound([30, 120]);
    const quiet = (await providerRequests()).length;
    expect((await poll()).body).toMatchObject({ asked: 0 });
    expect((await providerRequests()).length).toBe(quiet);
  });

  it('full time proposes the 90-minute result: extra time and penalties do not count; a finished match is asked again only after 15 minutes', async () => {
    const { matches, fixtures } = await liveRound([-100, -100]);
    for (const f of fixtures) for (const step of ['kickoff', 'halftime', 'second-half']) await hook(`/fixtures/${f}/${step}`);
    await hook(`/fixtures/${fixtures[0]}/goal`, { team: 'away', minute: 50 });
    await hook(`/fixtures/${fixtures[0]}/goal`, { team: 'home', minute: 89 });
    await hook(`/fixtures/${fixtures[0]}/extra-time`);
    await hook(`/fixtures/${fixtures[0]}/goal`, { team: 'home', minute: 110 });
    await hook(`/fixtures/${fixtures[0]}/end-extra-time`);
    await hook(`/fixtures/${fixtures[1]}/goal`, { team: 'away', minute: 70 });
    await hook(`/fixtures/${fixtures[1]}/fulltime`);
    await poll();
    expect(await live(matches[0])).toMatchObject({ status: 'AET', home_goals: 2, away_goals: 1, ft_home: 1, ft_away: 1, proposed_result: 'Empate' });
    expect(await live(matches[1])).toMatchObject({ status: 'FT', ft_home: 0, ft_away: 1, proposed_result: 'Visita' });
    expect((await live(matches[0])).final_whistle_at).not.toBeNull();
    const before = (await providerRequests()).length;
    expect((await poll()).body).toMatchObject({ asked: 0 });
    await q(`update public.match_live set checked_at = now() - interval '16 minutes' where match_id = any($1)`, [matches]);
    await hook(`/fixtures/${fixtures[1]}/correct`, { home: 1, away: 1 });
    expect((await poll()).body).toMatchObject({ asked: 1, changed: 1 });
    expect((await providerRequests()).length).toBe(before + 1);
    expect(await live(matches[1])).toMatchObject({ status: 'FT', ft_home: 1, ft_away: 1, proposed_result: 'Empate' });
  });
});

describe('a round deleted while the poll stores its scores', () => {
  it('is left out of what is stored, and the poll still answers 200 (it failed on the foreign key: a 503)', async () => {
    const { round, matches, fixtures } = await liveRound([-10]);
    await hook(`/fixtures/${fixtures[0]}/kickoff`);
    const deleting = await db().connect();
    try {
      await deleting.query('begin');
      await deleting.query('delete from public.quinielas where id = $1', [round]);
      const polled = poll();
      // The poll reaches the deleted match's row and waits on the delete's lock.
      await expect.poll(async () => (await q('select count(*)::int as n from pg_locks where not granted')).rows[0].n).toBeGreaterThan(0);
      await deleting.query('commit');
      expect(await polled).toEqual({ status: 200, body: { asked: 1, changed: 0, feed: 'ok' } });
    } finally {
      await deleting.query('rollback').catch(() => {});
      deleting.release();
    }
    expect(await live(matches[0])).toBeUndefined();
  });
});

describe('a poll every 4 seconds', () => {
  it('one run at a time: a run that meets another still asking asks nothing, and the next asks again once it is done', async () => {
    await liveRound([-5]);
    // The provider stops answering: the first run's request hangs (the poller gives up after 10 s).
    await hook('/outage', { mode: 'hang' });
    const first = poll();
    await expect.poll(async () => (await q('select polling_until > now() as busy from public.live_feed')).rows[0]?.busy ?? false, { timeout: 30_000 }).toBe(true);
    const before = (await providerRequests()).length;
    expect(await poll()).toEqual({ status: 200, body: { asked: 0, busy: true } });
    expect((await providerRequests()).length).toBe(before);
    // The provider answers again (the hanging request is cut, or answered when the client asks
    // again): the first run records what it got and lets go.
    await hook('/outage', { mode: 'none' });
    expect((await first).body).toMatchObject({ asked: 1 });
    expect((await q('select polling_until from public.live_feed')).rows[0].polling_until).toBeNull();
    await feedDue();
    const again = (await providerRequests()).length;
    expect((await poll()).body).toMatchObject({ asked: 1, feed: 'ok' });
    expect((await providerRequests()).length).toBe(again + 1);
  });

  it('spreads a short day over 4-second polls: fewer requests left than 4-second polls until the reset waits its share, more does not', async () => {
    // Relative to the database clock: enough requests left for a poll every 4.5 s until 00:00 UTC,
    // not for one every 4 s (5-second polls would not have spread them); one more than 4-second
    // polls need is not spread.
    const { rows } = await q(`
      with r as (select extract(epoch from ((date_trunc('day', now() at time zone 'UTC') + interval '1 day') at time zone 'UTC') - now())::float8 as to_reset),
      k as (select to_reset, greatest(1, ceil(to_reset / 4.5))::int as short_day, ceil(to_reset / 4)::int + 1 as long_day from r)
      select to_reset, short_day,
             extract(epoch from internal.live_feed_next_request(jsonb_build_object('dailyRemaining', short_day)) - now())::float8 as short_wait,
             internal.live_feed_next_request(jsonb_build_object('dailyRemaining', long_day)) as long_wait
      from k`);
    const { to_reset: toReset, short_day: left, short_wait: wait, long_wait: none } = rows[0];
    expect(none).toBeNull();
    // (In about the last 36 s of a UTC day, 4-second polls fit in the requests left: no spreading.)
    if (left * 4 < toReset) expect(wait).toBeCloseTo(toReset / left, 2);
    else expect(wait).toBeNull();
  });
});

describe('the hourly re-check of kick-offs', () => {
  it('stores a kick-off the provider moved earlier (or later), and the live poll follows it', async () => {
    const { matches, fixtures } = await liveRound([180, 240]);
    // The provider moves the first match to 3 minutes from now and the second an hour later.
    const { rows } = await q(`select date_trunc('second', now() + interval '3 minutes') as earlier, date_trunc('second', now() + interval '5 hours') as later`);
    await hook(`/fixtures/${fixtures[0]}/reschedule`, { date: rows[0].earlier.toISOString() });
    await hook(`/fixtures/${fixtures[1]}/reschedule`, { date: rows[0].later.toISOString() });
    // The live poll alone does not see it: our kick-off is three hours away.
    expect((await poll()).body).toMatchObject({ asked: 0 });

    const before = (await providerRequests()).length;
    const { status, body } = await checkDates();
    expect(status).toBe(200);
    expect(body).toMatchObject({ feed: 'ok' });
    expect(body.moved).toEqual(expect.arrayContaining([
      { matchId: matches[0], kickoffAt: expect.any(String) },
      { matchId: matches[1], kickoffAt: expect.any(String) },
    ]));
    // One request per 20 fixtures, every one asked once (ours among them).
    const asked = (await providerRequests()).slice(before);
    expect(asked).toHaveLength(body.asked);
    const ids = asked.flatMap((r) => r.query.ids.split('-').map(Number));
    for (const r of asked) expect(r.query.ids.split('-').length).toBeLessThanOrEqual(20);
    expect(ids.filter((id) => fixtures.includes(id)).sort()).toEqual([...fixtures].sort());
    const stored = (await q('select id, kickoff_at from public.matches where id = any($1) order by match_order', [matches])).rows;
    expect(stored.map((m) => (m.kickoff_at as Date).toISOString())).toEqual([rows[0].earlier.toISOString(), rows[0].later.toISOString()]);

    // The first match is now within five minutes of its kick-off: the live poll asks for it alone.
    const live0 = (await providerRequests()).length;
    expect((await poll()).body).toMatchObject({ asked: 1 });
    expect((await providerRequests()).slice(live0)).toEqual([expect.objectContaining({ query: { ids: String(fixtures[0]) } })]);
    // Once followed live, the re-check leaves it to the live poll.
    const again = await checkDates();
    expect(again.body.moved ?? []).toEqual([]);
  });
});

describe('a round still taking picks', () => {
  it('is not followed live: no score and no result is public while a pick on its match can still be made', async () => {
    // The admin set the deadline an hour after the first kick-off; the match is on.
    const { round, matches, fixtures } = await liveRound([-10], 60);
    await hook(`/fixtures/${fixtures[0]}/kickoff`);
    await hook(`/fixtures/${fixtures[0]}/goal`, { team: 'home', minute: 8 });
    const before = (await providerRequests()).length;
    expect((await poll()).body).toMatchObject({ asked: 0 });
    expect((await providerRequests()).length).toBe(before);
    expect(await live(matches[0]!)).toBeUndefined();
    // Its deadline comes: the feed is followed from the next poll.
    await q(`update public.quinielas set deadline = now() - interval '1 second' where id = $1`, [round]);
    expect((await poll()).body).toMatchObject({ asked: 1, changed: 1 });
    expect(await live(matches[0]!)).toMatchObject({ home_goals: 1, away_goals: 0 });
  });

  it('closes at a kick-off the provider moves before its deadline (now, if that has passed); a round closing earlier keeps its deadline', async () => {
    // Two rounds closing in 2 hours, each with a match 3 hours away; the provider moves the first
    // round's match 1 hour from now, the second's 2 hours later; a third round closes in 30 minutes
    // and its match is moved to 1 hour from now; a fourth's match is moved to 10 minutes ago.
    const moved = await liveRound([180], 120);
    const later = await liveRound([180], 120);
    const early = await liveRound([180], 30);
    const past = await liveRound([180], 120);
    const { rows } = await q(`select date_trunc('second', now() + interval '1 hour') as earlier, date_trunc('second', now() + interval '5 hours') as later,
                                     date_trunc('second', now() - interval '10 minutes') as gone`);
    await hook(`/fixtures/${moved.fixtures[0]}/reschedule`, { date: rows[0].earlier.toISOString() });
    await hook(`/fixtures/${later.fixtures[0]}/reschedule`, { date: rows[0].later.toISOString() });
    await hook(`/fixtures/${early.fixtures[0]}/reschedule`, { date: rows[0].earlier.toISOString() });
    await hook(`/fixtures/${past.fixtures[0]}/reschedule`, { date: rows[0].gone.toISOString() });
    const deadlines = async () => (await q(`select id, deadline from public.quinielas where id = any($1)`, [[moved.round, later.round, early.round, past.round]])).rows;
    const was = new Map((await deadlines()).map((r) => [Number(r.id), (r.deadline as Date).toISOString()]));

    const { status, body } = await checkDates();
    expect(status).toBe(200);
    const now = new Map((await deadlines()).map((r) => [Number(r.id), r.deadline as Date]));
    expect(now.get(moved.round)!.toISOString()).toBe(rows[0].earlier.toISOString());
    expect(now.get(later.round)!.toISOString()).toBe(was.get(later.round));
    expect(now.get(early.round)!.toISOString()).toBe(was.get(early.round));
    // Moved into the past: the round closes at once (the database's now, not the past kick-off).
    expect(now.get(past.round)!.getTime()).toBeGreaterThan(rows[0].gone.getTime());
    expect((await q(`select deadline <= now() as closed from public.quinielas where id = $1`, [past.round])).rows[0].closed).toBe(true);
    expect(body.deadlines).toEqual(expect.arrayContaining([
      { quinielaId: moved.round, deadline: expect.any(String) },
      { quinielaId: past.round, deadline: expect.any(String) },
    ]));
    expect(body.deadlines.map((d: { quinielaId: number }) => d.quinielaId)).not.toContain(later.round);
    expect(body.deadlines.map((d: { quinielaId: number }) => d.quinielaId)).not.toContain(early.round);
  });
});

describe('a match re-dated by the feed', () => {
  it('is asked from its new date (kick-off − 5 min), not every 4 s from the old one; the scheduled kick-off stays ours', async () => {
    const { matches, fixtures } = await liveRound([-10]);
    await hook(`/fixtures/${fixtures[0]}/postpone`);
    expect((await poll()).body).toMatchObject({ asked: 1 });
    expect(await live(matches[0])).toMatchObject({ status: 'PST' });
    // The provider gives it a new date, an hour from now; the postponed match is checked again after 15 minutes.
    const newDate = (await q(`select date_trunc('second', now() + interval '1 hour') as at`)).rows[0].at as Date;
    await hook(`/fixtures/${fixtures[0]}/reschedule`, { date: newDate.toISOString() });
    await q(`update public.match_live set checked_at = now() - interval '16 minutes' where match_id = $1`, [matches[0]]);
    expect((await poll()).body).toMatchObject({ asked: 1 });
    const row = await live(matches[0]);
    expect(row).toMatchObject({ status: 'NS', stopped_at: expect.any(Date) });
    expect((row.feed_kickoff_at as Date).toISOString()).toBe(newDate.toISOString());
    // Not started, and not due: nothing is asked until five minutes before the new date.
    const before = (await providerRequests()).length;
    expect((await poll()).body).toMatchObject({ asked: 0 });
    expect((await providerRequests()).length).toBe(before);
    // Four minutes before the new date (the hour arranged as passed, not waited for): asked again.
    await q(`update public.match_live set feed_kickoff_at = now() + interval '4 minutes' where match_id = $1`, [matches[0]]);
    expect((await poll()).body).toMatchObject({ asked: 1 });
    expect((await providerRequests()).length).toBe(before + 1);
    // The 48 hours to void still run from our scheduled kick-off.
    const { rows } = await q(`select m.kickoff_at < l.feed_kickoff_at as earlier from public.matches m join public.match_live l on l.match_id = m.id where m.id = $1`, [matches[0]]);
    expect(rows[0].earlier).toBe(true);
  });
});

describe("the round's screens", () => {
  it('hear each change in one broadcast for the round, and nothing when nothing changed', async () => {
    const { round, matches, fixtures } = await liveRound([-5, -5]);
    const screen = listen(round);
    channels.push(screen.channel);
    await screen.ready;
    for (const f of fixtures) await hook(`/fixtures/${f}/kickoff`);
    await poll();
    await expect.poll(() => screen.messages.length, { timeout: 30_000 }).toBe(1);
    expect(screen.messages[0]).toMatchObject({ quinielaId: round, feed: 'ok' });
    expect(screen.messages[0].matches.map((m: { matchId: number }) => m.matchId)).toEqual(matches);

    await poll(); // nothing changed: nothing said
    await hook(`/fixtures/${fixtures[1]}/goal`, { team: 'away', minute: 7 });
    await poll();
    await expect.poll(() => screen.messages.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    expect(screen.messages).toHaveLength(2);
    expect(screen.messages[1].matches).toEqual([{ matchId: matches[1], status: '1H', elapsed: 7, extra: null, home: 0, away: 1, proposedResult: null }]);
  });

  it('a broadcast Realtime refuses is sent again at once: the screen hears the goal, and nothing waits in the outbox', async () => {
    const { round, matches, fixtures } = await liveRound([-5]);
    const screen = listen(round);
    channels.push(screen.channel);
    await screen.ready;
    await hook(`/fixtures/${fixtures[0]}/kickoff`);
    await hook(`/fixtures/${fixtures[0]}/goal`, { team: 'home', minute: 3 });
    try {
      await realtimeOutage('unavailable', 2);
      expect((await poll()).body).toMatchObject({ asked: 1, changed: 1 });
    } finally {
      await realtimeOutage('none');
    }
    await expect.poll(() => screen.messages.length, { timeout: 30_000 }).toBe(1);
    expect(screen.messages[0].matches).toEqual([expect.objectContaining({ matchId: matches[0], home: 1, away: 0 })]);
    expect((await q(`select count(*)::int as n from public.notification_outbox where channel = 'realtime' and quiniela_id = $1`, [round])).rows[0].n).toBe(0);
  });

  it('refused three times, the changes are not sent later (they could undo newer ones): the screens are told to read the round again, through the outbox', async () => {
    const { round, fixtures } = await liveRound([-5]);
    const screen = listen(round);
    channels.push(screen.channel);
    await screen.ready;
    await hook(`/fixtures/${fixtures[0]}/kickoff`);
    await hook(`/fixtures/${fixtures[0]}/goal`, { team: 'away', minute: 9 });
    try {
      await realtimeOutage('unavailable');
      expect((await poll()).body).toMatchObject({ asked: 1, changed: 1 });
      const queued = async () => (await q(`select state, payload->'payload' as message from public.notification_outbox where channel = 'realtime' and quiniela_id = $1`, [round])).rows;
      expect(await queued()).toEqual([{ state: 'pending', message: { quinielaId: round, matches: [], readAgain: true } }]);
      // Another refusal while it waits queues no second one (the poll tried to send it too: it waits for its retry).
      await hook(`/fixtures/${fixtures[0]}/goal`, { team: 'away', minute: 10 });
      await feedDue();
      await poll();
      expect(await queued()).toEqual([{ state: 'pending', message: { quinielaId: round, matches: [], readAgain: true } }]);
    } finally {
      await realtimeOutage('none');
    }
    // Realtime is back and the retry's minute comes (arranged, not waited for): the poller's next run sends it.
    await q(`update public.notification_outbox set next_attempt_at = now() where channel = 'realtime' and quiniela_id = $1`, [round]);
    await feedDue();
    await poll();
    await expect.poll(() => screen.messages.some((m) => m.readAgain === true), { timeout: 30_000 }).toBe(true);
    expect(screen.messages.filter((m) => m.matches.length > 0)).toEqual([]);
  });

  it("the local Realtime's counted outage refuses only the server's broadcasts: a visitor cannot use up the refusals meant for the poller", async () => {
    const { round } = await liveRound([-5]);
    const broadcast = (key: string) =>
      fetch(`${inject('apiUrl')}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ topic: `live:round:${round}`, event: 'scores', payload: { quinielaId: round, matches: [] }, private: true }] }),
      });
    try {
      await realtimeOutage('unavailable', 1);
      for (let i = 0; i < 3; i++) expect((await broadcast(inject('publishableKey'))).status).not.toBe(503);
      expect((await broadcast(inject('secretKey'))).status).toBe(503);
      expect((await broadcast(inject('secretKey'))).status).toBe(202);
    } finally {
      await realtimeOutage('none');
    }
  });

  it('no visitor can send on the round topic', async () => {
    const { round } = await liveRound([-5]);
    const channel = anonClient().channel(`live:round:${round}`, { config: { private: true } });
    await expect(channel.httpSend('scores', { quinielaId: round, matches: [] })).rejects.toThrow('Unauthorized');
  });
});

describe('quota', () => {
  it('a spent minute waits for the next one: nothing asked meanwhile', async () => {
    await liveRound([-5]);
    await hook('/quota', { minute_remaining: 1 });
    await poll();
    const f = await feed();
    expect(f).toMatchObject({ state: 'ok', minute_remaining: 0, wait_s: 60 });
    const before = (await providerRequests()).length;
    expect((await poll()).body).toMatchObject({ asked: 0, waitUntil: expect.any(String) });
    expect((await providerRequests()).length).toBe(before);
  });

  it("the provider's rateLimit error waits a minute without pausing the score", async () => {
    await liveRound([-5]);
    await hook('/quota', { minute_remaining: 0 });
    expect((await poll()).body).toMatchObject({ asked: 1, feed: 'ok', reason: 'límite por minuto del proveedor' });
    expect(await feed()).toMatchObject({ state: 'ok', wait_s: 60 });
  });

  it('few requests left in the day: the rest are spread evenly until the reset at 00:00 UTC', async () => {
    await liveRound([-5]);
    await hook('/quota', { daily_remaining: 10 });
    await poll();
    // 9 left after this request; spread over what is left of the UTC day (unless 4-second polls fit).
    const { rows } = await q(`
      select f.daily_remaining, extract(epoch from f.next_request_at - f.updated_at) as wait_s,
             extract(epoch from ((date_trunc('day', f.updated_at at time zone 'UTC') + interval '1 day') at time zone 'UTC') - f.updated_at) as to_reset_s
      from public.live_feed f`);
    expect(rows[0].daily_remaining).toBe(9);
    const toReset = Number(rows[0].to_reset_s);
    // (The wait and the reset are read from one statement's now(), so the share is exact.)
    if (9 * 4 < toReset) expect(Number(rows[0].wait_s)).toBeCloseTo(toReset / 9, 2);
    else expect(rows[0].wait_s).toBeNull();
  });

  it('a spent day pauses the score until 00:00 UTC; a visitor reads "en pausa"', async () => {
    await liveRound([-5]);
    await hook('/quota', { daily_remaining: 0 });
    expect((await poll()).body).toMatchObject({ asked: 1, feed: 'paused', reason: 'cuota del día agotada' });
    const { rows } = await q(`select next_request_at = (date_trunc('day', now() at time zone 'UTC') + interval '1 day') at time zone 'UTC' as at_reset from public.live_feed`);
    expect(rows[0].at_reset).toBe(true);
    const { data } = await anonClient().from('live_feed').select('state, paused_since');
    expect(data).toEqual([{ state: 'paused', paused_since: expect.any(String) }]);
    const before = (await providerRequests()).length;
    expect((await poll()).body).toMatchObject({ asked: 0 });
    expect((await providerRequests()).length).toBe(before);
  });
});

describe('a provider outage', () => {
  it('keeps the scores, pauses the feed once with a growing wait, and comes back with the provider', async () => {
    const { round, matches, fixtures } = await liveRound([-20]);
    await hook(`/fixtures/${fixtures[0]}/kickoff`);
    await hook(`/fixtures/${fixtures[0]}/goal`, { team: 'home', minute: 15 });
    await poll();
    const screen = listen(round);
    channels.push(screen.channel);
    await screen.ready;

    await hook('/outage', { mode: 'error' });
    await hook(`/fixtures/${fixtures[0]}/goal`, { team: 'home', minute: 20 });
    expect(await poll()).toEqual({ status: 200, body: { asked: 1, changed: 0, feed: 'paused', reason: 'respuesta ilegible del proveedor (HTTP 500)' } });
    expect(await live(matches[0])).toMatchObject({ status: '1H', home_goals: 1 });
    expect(await feed()).toMatchObject({ state: 'paused', failures: 1, wait_s: 15 });
    await expect.poll(() => screen.messages.length, { timeout: 30_000 }).toBe(1);
    expect(screen.messages[0]).toEqual({ quinielaId: round, matches: [], feed: 'paused' });

    // Backing off: nothing asked before next_request_at (moved later, so a slow machine cannot pass it first).
    await q(`update public.live_feed set next_request_at = now() + interval '10 minutes'`);
    expect((await poll()).body).toMatchObject({ asked: 0 });
    for (const mode of ['unavailable', 'garbage'] as const) {
      await hook('/outage', { mode });
      await feedDue();
      expect((await poll()).body).toMatchObject({ asked: 1, feed: 'paused' });
    }
    // 15 s, 30 s, then a minute: the wait doubles with each failure.
    expect(await feed()).toMatchObject({ failures: 3, wait_s: 60 });

    await hook('/outage', { mode: 'none' });
    await feedDue();
    expect((await poll()).body).toMatchObject({ asked: 1, changed: 1, feed: 'ok' });
    expect(await feed()).toMatchObject({ state: 'ok', failures: 0, paused_since: null });
    expect(await live(matches[0])).toMatchObject({ home_goals: 2, elapsed: 20 });
    await expect.poll(() => screen.messages.length, { timeout: 30_000 }).toBe(2);
    expect(screen.messages[1]).toMatchObject({ quinielaId: round, feed: 'ok', matches: [{ matchId: matches[0], home: 2 }] });
  });

  it('a provider that does not answer (10 s, the poller\'s limit) is an outage like the others: scores kept, the feed paused', async () => {
    const { matches, fixtures } = await liveRound([-20]);
    await hook(`/fixtures/${fixtures[0]}/kickoff`);
    await poll();
    await hook('/outage', { mode: 'hang' });
    expect(await poll()).toEqual({ status: 200, body: { asked: 1, changed: 0, feed: 'paused', reason: 'el proveedor no respondió' } });
    expect(await live(matches[0])).toMatchObject({ status: '1H' });
    expect(await feed()).toMatchObject({ state: 'paused', failures: 1, wait_s: 15 });
    const { data } = await anonClient().from('live_feed').select('state');
    expect(data).toEqual([{ state: 'paused' }]);
  });
});

describe('who may do what', () => {
  it('visitors and players read live scores and the feed state; not its reasons or quota', async () => {
    const { matches, fixtures } = await liveRound([-5]);
    await hook(`/fixtures/${fixtures[0]}/kickoff`);
    await poll();
    for (const client of [anonClient(), ana.client]) {
      const { data, error } = await client.from('match_live').select('match_id, status').eq('match_id', matches[0]);
      expect(error).toBeNull();
      expect(data).toEqual([{ match_id: matches[0], status: '1H' }]);
      expect((await client.from('live_feed').select('state')).data).toEqual([{ state: 'ok' }]);
      expect((await client.from('live_feed').select('reason, next_request_at, daily_remaining')).error?.code).toBe('42501');
    }
  });

  it('nobody but the poller writes them, even an admin; an admin links a match to a fixture', async () => {
    const { round, matches, fixtures } = await liveRound([-5]);
    await hook(`/fixtures/${fixtures[0]}/kickoff`);
    await poll();
    for (const client of [ana.client, admin.client]) {
      expect((await client.from('match_live').update({ home_goals: 9 }).eq('match_id', matches[0])).error?.code).toBe('42501');
      expect((await client.from('match_live').insert({ match_id: matches[0], quiniela_id: round, fixture_id: 1, status: 'FT' })).error?.code).toBe('42501');
      expect((await client.from('match_live').delete().eq('match_id', matches[0])).error?.code).toBe('42501');
      expect((await client.from('live_feed').update({ state: 'ok' }).eq('id', 1)).error?.code).toBe('42501');
      expect((await client.rpc('record_live_scores', { fixtures: [] })).error?.code).toBe('42501');
      expect((await client.rpc('record_feed_failure', { reason: 'x' })).error?.code).toBe('42501');
      expect((await client.rpc('live_poll_plan')).error?.code).toBe('42501');
      expect(await poll(client === admin.client ? admin.accessToken : ana.accessToken)).toMatchObject({ status: 403 });
    }
    expect((await anonClient().rpc('record_live_scores', { fixtures: [] })).error?.code).toBe('42501');
    expect(await live(matches[0])).toMatchObject({ status: '1H', home_goals: 0 });

    const { error } = await admin.client.from('matches').update({ provider_fixture_id: 987_654_321 }).eq('id', matches[0]);
    expect(error).toBeNull();
    expect((await q('select provider_fixture_id from public.matches where id = $1', [matches[0]])).rows[0].provider_fixture_id).toBe('987654321');
    expect((await ana.client.from('matches').update({ provider_fixture_id: 1 }).eq('id', matches[0]).select()).data).toEqual([]);
  });
});
