// The local API-Football v3 (supabase/local/football) keeps the documented behaviour the product
// relies on (docs/local-football.md): the key header, the envelope, errors answered with HTTP 200
// and an `errors` object, the daily and per-minute quotas and their headers, `ids` batching (at
// most 20), the statuses and the score's parts through a whole match (90 minutes, extra time,
// penalties), postponed/suspended/abandoned, and a correction after full time. Each test runs
// against a stand-in of its own, so the quotas and the clock are its alone.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FOOTBALL_API_KEY_LOCAL } from '../../supabase/local/config.ts';
import { openRoundDeadline, TEAMS, weekMatches } from '../../supabase/local/football/data.ts';
import { ERRORS, startFootball, type RunningFootball } from '../../supabase/local/football/index.ts';

let football: RunningFootball;
beforeEach(async () => {
  football = await startFootball({ port: 0 });
});
afterEach(async () => {
  await football.close();
});

interface Envelope {
  get: string;
  parameters: Record<string, string> | [];
  errors: Record<string, string> | [];
  results: number;
  paging: { current: number; total: number };
  response: Array<Record<string, any>>;
}

async function api(path: string, key: string | null = FOOTBALL_API_KEY_LOCAL): Promise<{ status: number; headers: Headers; body: Envelope }> {
  const res = await fetch(`${football.url}${path}`, { headers: key === null ? {} : { 'x-apisports-key': key } });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Envelope };
}

async function hook(path: string, body: unknown = {}): Promise<Record<string, any>> {
  const res = await fetch(`${football.url}/__local${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as Record<string, any>;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const [america, chivas] = [TEAMS.find((t) => t.clubId === 1)!, TEAMS.find((t) => t.clubId === 5)!];
const newFixture = async () => (await hook('/fixtures', { home_team_id: america.id, away_team_id: chivas.id, date: new Date(Date.now() + 3_600_000).toISOString() })).fixture.id as number;
const fixture = async (id: number) => (await api(`/fixtures?id=${id}`)).body.response[0];

describe('the key', () => {
  it('a request without x-apisports-key, or with a wrong one, is answered 200 with errors.token and counts nothing', async () => {
    for (const key of [null, 'not-the-key']) {
      const { status, body, headers } = await api('/fixtures?live=all', key);
      expect(status).toBe(200);
      expect(body.errors).toEqual({ token: ERRORS.token });
      expect(body.results).toBe(0);
      expect(body.response).toEqual([]);
      expect(headers.get('x-ratelimit-requests-remaining')).toBeNull();
    }
    expect(football.store.quota.dailyUsed).toBe(0);
  });

  it('/status shows the plan and the day\'s count and is not counted itself', async () => {
    await api('/fixtures?live=all');
    const first = await api('/status');
    const second = await api('/status');
    expect(first.body.errors).toEqual([]);
    expect(first.body.response).toMatchObject({ subscription: { plan: 'Ultra', active: true }, requests: { current: 1, limit_day: 75000 } });
    expect(second.body.response).toMatchObject({ requests: { current: 1 } });
  });
});

describe('the envelope and the quotas', () => {
  it('answers {get, parameters, errors: [], results, paging, response} with the four quota headers, one request counted each', async () => {
    const a = await api('/fixtures?live=all');
    const b = await api('/fixtures?live=all');
    expect(a.body).toEqual({ get: 'fixtures', parameters: { live: 'all' }, errors: [], results: 0, paging: { current: 1, total: 1 }, response: [] });
    expect(a.headers.get('x-ratelimit-requests-limit')).toBe('75000');
    expect(a.headers.get('x-ratelimit-requests-remaining')).toBe('74999');
    expect(b.headers.get('x-ratelimit-requests-remaining')).toBe('74998');
    expect(a.headers.get('x-ratelimit-limit')).toBe('450');
    expect(a.headers.get('x-ratelimit-remaining')).toBe('449');
    expect(b.headers.get('x-ratelimit-remaining')).toBe('448');
  });

  it('a spent day answers 200 with errors.requests; a spent minute with errors.rateLimit; nothing else is answered', async () => {
    await hook('/quota', { daily_remaining: 1 });
    expect((await api('/fixtures?live=all')).body.errors).toEqual([]);
    const spent = await api('/fixtures?live=all');
    expect(spent.status).toBe(200);
    expect(spent.body.errors).toEqual({ requests: ERRORS.requests });
    expect(spent.body.response).toEqual([]);
    expect(spent.headers.get('x-ratelimit-requests-remaining')).toBe('0');

    await hook('/quota', { daily_remaining: 100, minute_limit: 10, minute_remaining: 1 });
    const last = await api('/fixtures?live=all');
    expect(last.headers.get('x-ratelimit-remaining')).toBe('0');
    const limited = await api('/fixtures?live=all');
    expect(limited.status).toBe(200);
    expect(limited.body.errors).toEqual({ rateLimit: 'Too many requests. Your rate limit is 10 requests per minute.' });
    expect(limited.headers.get('x-ratelimit-requests-remaining')).toBe('99');
  });

  it('refuses bad parameters with 200 and an errors object naming the parameter', async () => {
    expect((await api('/fixtures')).body.errors).toEqual({ required: ERRORS.required });
    expect((await api('/fixtures?league=262')).body.errors).toEqual({ season: 'The Season field is required.' });
    expect(Object.keys((await api('/fixtures?ids=1-x')).body.errors)).toEqual(['ids']);
    expect(Object.keys((await api('/fixtures?date=2026-13-45')).body.errors)).toEqual(['date']);
    expect(Object.keys((await api('/fixtures?colour=red')).body.errors)).toEqual(['colour']);
    expect((await api('/standings?league=262')).body.errors).toEqual({ endpoint: ERRORS.endpoint });
  });
});

describe('fixtures', () => {
  it('ids= batches up to 20 fixtures in one request; 21 are refused', async () => {
    const week = weekMatches();
    const ids = week.map((m) => m.fixtureId);
    const { body } = await api(`/fixtures?ids=${ids.join('-')}`);
    expect(body.errors).toEqual([]);
    expect(body.response.map((f) => f.fixture.id).sort()).toEqual([...ids].sort());
    const many = Array.from({ length: 21 }, (_, i) => 1_000 + i).join('-');
    expect((await api(`/fixtures?ids=${many}`)).body.errors).toEqual({ ids: 'Maximum of 20 ids allowed.' });
  });

  it("the seeded week is the demo's open round: its clubs, kick-offs after the round's deadline, league 262 for Liga MX", async () => {
    const deadline = openRoundDeadline(new Date());
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(deadline);
    const { body } = await api(`/fixtures?date=${day}&timezone=America/Mexico_City`);
    const first = weekMatches().find((m) => m.order === 1)!;
    const seeded = body.response.find((f) => f.fixture.id === first.fixtureId)!;
    expect(seeded).toBeDefined();
    expect(seeded.fixture.timestamp * 1000).toBe(deadline.getTime() + first.kickoffMinutes * 60_000);
    expect(seeded.fixture.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00-06:00$/);
    expect(seeded.fixture.status).toEqual({ long: 'Not Started', short: 'NS', elapsed: null, extra: null });
    expect(seeded.teams.home.id).toBe(TEAMS.find((t) => t.clubId === first.homeClubId)!.id);
    expect(seeded.league.id).toBe(262);
    expect(seeded.goals).toEqual({ home: null, away: null });
  });

  it('a league and season over a date range lists its fixtures in kick-off order', async () => {
    const { body } = await api('/fixtures?live=all');
    expect(body.results).toBe(0);
    const season = (await api(`/fixtures?id=${weekMatches()[0].fixtureId}`)).body.response[0].league.season;
    const from = new Date().toISOString().slice(0, 10);
    const to = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const range = await api(`/fixtures?league=262&season=${season}&from=${from}&to=${to}`);
    expect(range.body.errors).toEqual([]);
    expect(range.body.results).toBeGreaterThanOrEqual(9 + 9);
    const stamps = range.body.response.map((f) => f.fixture.timestamp);
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    expect(range.body.response.every((f) => f.league.id === 262)).toBe(true);
  });
});

describe('the match clock', () => {
  it('kick-off, goals, half time, full time: status, minute and the score parts', async () => {
    const id = await newFixture();
    await hook(`/fixtures/${id}/kickoff`);
    await hook(`/fixtures/${id}/goal`, { team: 'away', minute: 12 });
    let f = await fixture(id);
    expect(f.fixture.status).toEqual({ long: 'First Half', short: '1H', elapsed: 12, extra: null });
    expect(f.goals).toEqual({ home: 0, away: 1 });
    expect((await api('/fixtures?live=all')).body.response.map((x) => x.fixture.id)).toEqual([id]);
    await hook(`/fixtures/${id}/minute`, { minute: 45, extra: 2 });
    expect((await fixture(id)).fixture.status).toMatchObject({ elapsed: 45, extra: 2 });
    await hook(`/fixtures/${id}/halftime`);
    f = await fixture(id);
    expect(f.fixture.status.short).toBe('HT');
    expect(f.score.halftime).toEqual({ home: 0, away: 1 });
    await hook(`/fixtures/${id}/second-half`);
    await hook(`/fixtures/${id}/goal`, { team: 'home', minute: 70 });
    await hook(`/fixtures/${id}/goal`, { team: 'home', minute: 90, extra: 4 });
    await hook(`/fixtures/${id}/fulltime`);
    f = await fixture(id);
    expect(f.fixture.status).toEqual({ long: 'Match Finished', short: 'FT', elapsed: 90, extra: null });
    expect(f.goals).toEqual({ home: 2, away: 1 });
    expect(f.score).toEqual({ halftime: { home: 0, away: 1 }, fulltime: { home: 2, away: 1 }, extratime: { home: null, away: null }, penalty: { home: null, away: null } });
    expect(f.teams.home.winner).toBe(true);
    expect(f.teams.away.winner).toBe(false);
  });

  it('extra time and penalties: fulltime stays the 90 minutes, goals adds extra time, the shoot-out decides the winner', async () => {
    const id = await newFixture();
    for (const step of ['kickoff', 'halftime', 'second-half']) await hook(`/fixtures/${id}/${step}`);
    await hook(`/fixtures/${id}/goal`, { team: 'home', minute: 60 });
    await hook(`/fixtures/${id}/goal`, { team: 'away', minute: 88 });
    await hook(`/fixtures/${id}/extra-time`);
    await hook(`/fixtures/${id}/goal`, { team: 'away', minute: 105 });
    await hook(`/fixtures/${id}/goal`, { team: 'home', minute: 118 });
    expect((await fixture(id)).fixture.status).toMatchObject({ short: 'ET', elapsed: 118 });
    await hook(`/fixtures/${id}/penalties`);
    expect((await fixture(id)).fixture.status.short).toBe('P');
    await hook(`/fixtures/${id}/penalties`, { home: 3, away: 4 });
    const f = await fixture(id);
    expect(f.fixture.status).toMatchObject({ long: 'Match Finished', short: 'PEN', elapsed: 120 });
    expect(f.goals).toEqual({ home: 2, away: 2 });
    expect(f.score.fulltime).toEqual({ home: 1, away: 1 });
    expect(f.score.extratime).toEqual({ home: 1, away: 1 });
    expect(f.score.penalty).toEqual({ home: 3, away: 4 });
    expect([f.teams.home.winner, f.teams.away.winner]).toEqual([false, true]);
  });

  it('postponed, suspended and resumed, abandoned, cancelled; a correction after full time', async () => {
    const postponed = await newFixture();
    await hook(`/fixtures/${postponed}/postpone`);
    expect((await fixture(postponed)).fixture.status).toEqual({ long: 'Match Postponed', short: 'PST', elapsed: null, extra: null });
    const later = new Date(Date.now() + 5 * 86_400_000);
    await hook(`/fixtures/${postponed}/reschedule`, { date: later.toISOString() });
    expect((await fixture(postponed)).fixture).toMatchObject({ timestamp: Math.floor(later.getTime() / 1000), status: { short: 'NS' } });

    const stopped = await newFixture();
    await hook(`/fixtures/${stopped}/kickoff`);
    await hook(`/fixtures/${stopped}/goal`, { team: 'home', minute: 30 });
    await hook(`/fixtures/${stopped}/suspend`);
    expect((await fixture(stopped)).fixture.status).toMatchObject({ short: 'SUSP', long: 'Match Suspended', elapsed: 30 });
    await hook(`/fixtures/${stopped}/resume`);
    expect((await fixture(stopped)).fixture.status.short).toBe('1H');
    await hook(`/fixtures/${stopped}/abandon`);
    expect((await fixture(stopped)).fixture.status).toMatchObject({ short: 'ABD', long: 'Match Abandoned' });
    expect((await fixture(stopped)).goals).toEqual({ home: 1, away: 0 });

    const cancelled = await newFixture();
    await hook(`/fixtures/${cancelled}/cancel`);
    expect((await fixture(cancelled)).fixture.status).toMatchObject({ short: 'CANC', long: 'Match Cancelled' });

    const corrected = await newFixture();
    for (const step of ['kickoff', 'halftime', 'second-half']) await hook(`/fixtures/${corrected}/${step}`);
    await hook(`/fixtures/${corrected}/goal`, { team: 'home', minute: 80 });
    await hook(`/fixtures/${corrected}/fulltime`);
    await hook(`/fixtures/${corrected}/correct`, { home: 1, away: 1 });
    const f = await fixture(corrected);
    expect(f.fixture.status.short).toBe('FT');
    expect(f.score.fulltime).toEqual({ home: 1, away: 1 });
    expect([f.teams.home.winner, f.teams.away.winner]).toEqual([null, null]);
  });

  it('refuses a step the match is not at, in the hook\'s own 400', async () => {
    const id = await newFixture();
    const res = await fetch(`${football.url}/__local/fixtures/${id}/fulltime`, { method: 'POST' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('is NS');
  });
});

describe('outages', () => {
  it('error, unavailable and garbage answer what a failing provider does; none brings it back', async () => {
    await hook('/outage', { mode: 'error' });
    expect((await fetch(`${football.url}/fixtures?live=all`, { headers: { 'x-apisports-key': FOOTBALL_API_KEY_LOCAL } })).status).toBe(500);
    await hook('/outage', { mode: 'unavailable' });
    expect((await fetch(`${football.url}/fixtures?live=all`, { headers: { 'x-apisports-key': FOOTBALL_API_KEY_LOCAL } })).status).toBe(503);
    await hook('/outage', { mode: 'garbage' });
    const garbage = await fetch(`${football.url}/fixtures?live=all`, { headers: { 'x-apisports-key': FOOTBALL_API_KEY_LOCAL } });
    await expect(garbage.json()).rejects.toThrow();
    await hook('/outage', { mode: 'hang' });
    const controller = new AbortController();
    const hanging = fetch(`${football.url}/fixtures?live=all`, { headers: { 'x-apisports-key': FOOTBALL_API_KEY_LOCAL }, signal: controller.signal });
    await expect.poll(() => football.store.outage).toBe('hang');
    controller.abort();
    await expect(hanging).rejects.toThrow();
    await hook('/outage', { mode: 'none' });
    expect((await api('/fixtures?live=all')).body.errors).toEqual([]);
  });
});
