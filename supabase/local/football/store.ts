// The local API-Football's state: fixtures and their match clock, the account's quotas, and the
// requests it answered. Everything is in memory; /__local/reset puts back the seeded week.
import { FIXTURE_ID_BASE, leagueById, leagueOfProduct, LEAGUES, openRoundDeadline, seasonOf, TEAMS, teamById, weekMatches, type LeagueInfo, type Team } from './data.ts';

/** API-Football's fixture statuses (fixture.status.short) and their long names. */
const STATUS_LONG = {
  TBD: 'Time To Be Defined',
  NS: 'Not Started',
  '1H': 'First Half',
  HT: 'Halftime',
  '2H': 'Second Half',
  ET: 'Extra Time',
  BT: 'Break Time',
  P: 'Penalty In Progress',
  SUSP: 'Match Suspended',
  INT: 'Match Interrupted',
  FT: 'Match Finished',
  AET: 'Match Finished',
  PEN: 'Match Finished',
  PST: 'Match Postponed',
  CANC: 'Match Cancelled',
  ABD: 'Match Abandoned',
  AWD: 'Technical Loss',
  WO: 'WalkOver',
  LIVE: 'In Progress',
} as const;
export type Status = keyof typeof STATUS_LONG;
export const STATUSES = Object.keys(STATUS_LONG) as Status[];
const IN_PLAY: Status[] = ['1H', 'HT', '2H', 'ET', 'BT', 'P', 'SUSP', 'INT', 'LIVE'];
const FINISHED: Status[] = ['FT', 'AET', 'PEN', 'AWD', 'WO'];

type Pair = { home: number; away: number };

export interface Fixture {
  id: number;
  league: LeagueInfo;
  season: number;
  round: string;
  kickoff: Date;
  home: Team;
  away: Team;
  status: Status;
  elapsed: number | null;
  extra: number | null;
  firstHalfStart: number | null;
  secondHalfStart: number | null;
  /** Goals in the 90 minutes and stoppage time. */
  regular: Pair;
  halftime: Pair | null;
  /** Goals in extra time only. */
  extratime: Pair | null;
  penalty: Pair | null;
  /** Set when the match stopped (SUSP/INT), to resume in that period. */
  stoppedIn: Status | null;
}

/** An error the hooks answer with 400 (the API itself answers its own `errors` shape). */
export class HookError extends Error {}

export interface Quota {
  plan: string;
  dailyLimit: number;
  /** Requests counted today (UTC day, as API-Football resets at 00:00 UTC). */
  dailyUsed: number;
  day: string;
  minuteLimit: number;
  /** When each request of the last minute was answered. */
  recent: number[];
}

/**
 * Ultra plan, API-Football's pricing page: 75,000 requests a day, 450 a minute. The plan the
 * product needs: a poll every 4 s is 21,600 a day, which Pro's 7,500 would spread (docs/match-day.md).
 */
const DEFAULT_QUOTA = { plan: 'Ultra', dailyLimit: 75_000, minuteLimit: 450 };

export type Outage = 'none' | 'error' | 'unavailable' | 'hang' | 'garbage';
export const OUTAGES: Outage[] = ['none', 'error', 'unavailable', 'hang', 'garbage'];

export interface LoggedRequest {
  at: string;
  path: string;
  query: Record<string, string>;
  counted: boolean;
}

export class FootballStore {
  fixtures = new Map<number, Fixture>();
  quota: Quota = { ...DEFAULT_QUOTA, dailyUsed: 0, day: '', recent: [] };
  outage: Outage = 'none';
  requests: LoggedRequest[] = [];
  private nextId = 1_500_000;

  constructor(private readonly now: () => Date = () => new Date()) {
    this.reset();
  }

  /** The seeded week: the demo's open round, plus next week's Liga MX jornada for the admin's calendar. */
  reset() {
    this.fixtures.clear();
    this.quota = { ...DEFAULT_QUOTA, dailyUsed: 0, day: this.today(), recent: [] };
    this.outage = 'none';
    this.requests = [];
    this.nextId = 1_500_000;
    const deadline = openRoundDeadline(this.now());
    for (const m of weekMatches()) {
      const home = TEAMS.find((t) => t.clubId === m.homeClubId)!;
      const away = TEAMS.find((t) => t.clubId === m.awayClubId)!;
      this.add({ id: m.fixtureId, home, away, kickoff: new Date(deadline.getTime() + m.kickoffMinutes * 60_000), round: 17 });
    }
    // Next week: every Liga MX club, paired in order, Saturday and Sunday.
    const ligaMx = TEAMS.filter((t) => t.leagueId === 262);
    for (let i = 0; i + 1 < ligaMx.length; i += 2) {
      const kickoff = new Date(deadline.getTime() + 7 * 86_400_000 + (i < 10 ? 60 : 1_440 + 60) * 60_000 + (i % 10) * 60 * 60_000);
      this.add({ id: FIXTURE_ID_BASE + 90_000 + i / 2 + 1, home: ligaMx[i], away: ligaMx[i + 1], kickoff, round: 18 });
    }
  }

  add(f: { id?: number; home: Team; away: Team; kickoff: Date; round?: number; leagueId?: number }): Fixture {
    const league = (f.leagueId !== undefined ? leagueById(f.leagueId) : undefined) ?? LEAGUES.find((l) => l.id === f.home.leagueId) ?? leagueOfProduct('Internacional');
    const fixture: Fixture = {
      id: f.id ?? this.nextId++,
      league,
      season: seasonOf(league, f.kickoff),
      round: `${league.roundPrefix} - ${f.round ?? 1}`,
      kickoff: f.kickoff,
      home: f.home,
      away: f.away,
      status: 'NS',
      elapsed: null,
      extra: null,
      firstHalfStart: null,
      secondHalfStart: null,
      regular: { home: 0, away: 0 },
      halftime: null,
      extratime: null,
      penalty: null,
      stoppedIn: null,
    };
    this.fixtures.set(fixture.id, fixture);
    return fixture;
  }

  /** A fixture created by a test: `{home_team_id, away_team_id, date, league?}`. */
  create(body: Record<string, unknown>): Fixture {
    const home = teamById(Number(body.home_team_id));
    const away = teamById(Number(body.away_team_id));
    if (!home || !away) throw new HookError('home_team_id and away_team_id must be team ids the stand-in knows (GET /teams)');
    if (home.id === away.id) throw new HookError('a team cannot play itself');
    const kickoff = new Date(String(body.date ?? ''));
    if (Number.isNaN(kickoff.getTime())) throw new HookError('date must be an ISO 8601 instant');
    const leagueId = body.league === undefined ? undefined : Number(body.league);
    if (leagueId !== undefined && !leagueById(leagueId)) throw new HookError('league must be a league id the stand-in knows (GET /leagues)');
    return this.add({ home, away, kickoff, leagueId, round: body.round === undefined ? undefined : Number(body.round) });
  }

  get(id: number): Fixture {
    const f = this.fixtures.get(id);
    if (!f) throw new HookError(`fixture ${id} does not exist`);
    return f;
  }

  // ---------------------------------------------------------------- the match clock

  private stamp = () => Math.floor(this.now().getTime() / 1000);
  private must(f: Fixture, allowed: Status[], action: string) {
    if (!allowed.includes(f.status)) throw new HookError(`${action}: fixture ${f.id} is ${f.status}, not ${allowed.join('/')}`);
  }

  kickOff(f: Fixture) {
    this.must(f, ['NS', 'TBD'], 'kick off');
    Object.assign(f, { status: '1H', elapsed: 1, extra: null, firstHalfStart: this.stamp() });
  }

  minute(f: Fixture, elapsed: number, extra: number | null) {
    this.must(f, ['1H', '2H', 'ET'], 'minute');
    const [lo, hi] = f.status === '1H' ? [1, 45] : f.status === '2H' ? [46, 90] : [91, 120];
    if (!Number.isInteger(elapsed) || elapsed < lo || elapsed > hi) throw new HookError(`minute must be ${lo}–${hi} in ${f.status}`);
    if (extra !== null && (!Number.isInteger(extra) || extra < 1 || elapsed !== hi)) throw new HookError(`extra (added time) only at minute ${hi}`);
    f.elapsed = elapsed;
    f.extra = extra;
  }

  goal(f: Fixture, side: 'home' | 'away', minute: number | null, extra: number | null) {
    this.must(f, ['1H', '2H', 'ET'], 'goal');
    if (minute !== null) this.minute(f, minute, extra);
    if (f.status === 'ET') f.extratime![side]++;
    else f.regular[side]++;
  }

  halfTime(f: Fixture) {
    this.must(f, ['1H'], 'half time');
    Object.assign(f, { status: 'HT', elapsed: 45, extra: null, halftime: { ...f.regular } });
  }

  secondHalf(f: Fixture) {
    this.must(f, ['HT'], 'second half');
    Object.assign(f, { status: '2H', elapsed: 46, extra: null, secondHalfStart: this.stamp() });
  }

  fullTime(f: Fixture) {
    this.must(f, ['2H'], 'full time');
    Object.assign(f, { status: 'FT', elapsed: 90, extra: null });
  }

  extraTime(f: Fixture) {
    this.must(f, ['2H', 'FT'], 'extra time');
    Object.assign(f, { status: 'ET', elapsed: 91, extra: null, extratime: { home: 0, away: 0 } });
  }

  /** After extra time: AET, or the shoot-out's final tally (PEN). */
  endExtraTime(f: Fixture) {
    this.must(f, ['ET'], 'end of extra time');
    Object.assign(f, { status: 'AET', elapsed: 120, extra: null });
  }

  penalties(f: Fixture, tally: Pair | null) {
    this.must(f, ['ET', 'BT', 'P'], 'penalties');
    if (!tally) return void Object.assign(f, { status: 'P', elapsed: 120, extra: null });
    if (tally.home === tally.away) throw new HookError('a shoot-out has a winner');
    Object.assign(f, { status: 'PEN', elapsed: 120, extra: null, penalty: tally });
  }

  postpone(f: Fixture) {
    this.must(f, ['NS', 'TBD'], 'postpone');
    Object.assign(f, { status: 'PST', elapsed: null, extra: null });
  }

  /** A postponed or cancelled fixture gets a new date and is not started again. */
  reschedule(f: Fixture, date: Date) {
    this.must(f, ['PST', 'TBD', 'NS', 'CANC', 'SUSP', 'INT', 'ABD'], 'reschedule');
    Object.assign(f, { status: 'NS', kickoff: date, elapsed: null, extra: null, firstHalfStart: null, secondHalfStart: null, regular: { home: 0, away: 0 }, halftime: null, extratime: null, penalty: null, stoppedIn: null });
  }

  suspend(f: Fixture, status: 'SUSP' | 'INT') {
    this.must(f, ['1H', 'HT', '2H', 'ET', 'BT'], status === 'SUSP' ? 'suspend' : 'interrupt');
    f.stoppedIn = f.status;
    f.status = status;
  }

  resume(f: Fixture) {
    this.must(f, ['SUSP', 'INT'], 'resume');
    f.status = f.stoppedIn ?? '2H';
    f.stoppedIn = null;
  }

  abandon(f: Fixture) {
    this.must(f, [...IN_PLAY, 'NS'], 'abandon');
    Object.assign(f, { status: 'ABD', stoppedIn: null });
  }

  cancel(f: Fixture) {
    this.must(f, ['NS', 'TBD', 'PST'], 'cancel');
    Object.assign(f, { status: 'CANC', elapsed: null, extra: null });
  }

  /** A result decided off the pitch (AWD) */
  award(f: Fixture, result: Pair) {
    Object.assign(f, { status: 'AWD', regular: result, elapsed: null, extra: null });
  }

  /** A finished match's result corrected by the provider (a goal given to another player's side, a late review). */
  correct(f: Fixture, result: Pair) {
    this.must(f, FINISHED, 'correct');
    f.regular = result;
  }

  // ---------------------------------------------------------------- quota

  today() {
    return this.now().toISOString().slice(0, 10);
  }

  /** Rolls the day over and forgets requests older than a minute. */
  private roll() {
    const today = this.today();
    if (this.quota.day !== today) Object.assign(this.quota, { day: today, dailyUsed: 0 });
    const since = this.now().getTime() - 60_000;
    this.quota.recent = this.quota.recent.filter((t) => t > since);
  }

  /** 'day' or 'minute' when the request is refused by a quota; otherwise counts it. */
  spend(): 'day' | 'minute' | null {
    this.roll();
    if (this.quota.dailyUsed >= this.quota.dailyLimit) return 'day';
    if (this.quota.recent.length >= this.quota.minuteLimit) return 'minute';
    this.quota.dailyUsed++;
    this.quota.recent.push(this.now().getTime());
    return null;
  }

  quotaHeaders(): Record<string, string> {
    this.roll();
    return {
      'x-ratelimit-requests-limit': String(this.quota.dailyLimit),
      'x-ratelimit-requests-remaining': String(Math.max(0, this.quota.dailyLimit - this.quota.dailyUsed)),
      'X-RateLimit-Limit': String(this.quota.minuteLimit),
      'X-RateLimit-Remaining': String(Math.max(0, this.quota.minuteLimit - this.quota.recent.length)),
    };
  }

  setQuota(body: Record<string, unknown>) {
    const int = (v: unknown, name: string) => {
      if (v === undefined) return undefined;
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw new HookError(`${name} must be a whole number ≥ 0`);
      return v;
    };
    this.roll();
    const dailyLimit = int(body.daily_limit, 'daily_limit');
    const dailyRemaining = int(body.daily_remaining, 'daily_remaining');
    const minuteLimit = int(body.minute_limit, 'minute_limit');
    const minuteRemaining = int(body.minute_remaining, 'minute_remaining');
    if (typeof body.plan === 'string') this.quota.plan = body.plan;
    if (dailyLimit !== undefined) this.quota.dailyLimit = dailyLimit;
    if (dailyRemaining !== undefined) this.quota.dailyUsed = Math.max(0, this.quota.dailyLimit - dailyRemaining);
    if (minuteLimit !== undefined) this.quota.minuteLimit = minuteLimit;
    if (minuteRemaining !== undefined) {
      const used = Math.max(0, this.quota.minuteLimit - minuteRemaining);
      const at = this.now().getTime();
      this.quota.recent = Array.from({ length: used }, () => at);
    }
  }

  // ---------------------------------------------------------------- rendering

  /** A fixture as GET /fixtures answers it (`timezone` moves `fixture.date`, nothing else). */
  render(f: Fixture, timezone = 'UTC') {
    const started = f.status !== 'NS' && f.status !== 'TBD' && f.status !== 'PST' && f.status !== 'CANC';
    const finished = FINISHED.includes(f.status);
    const total: Pair | null = started || f.status === 'AWD' ? { home: f.regular.home + (f.extratime?.home ?? 0), away: f.regular.away + (f.extratime?.away ?? 0) } : null;
    const reachedFullTime = finished || ['ET', 'BT', 'P'].includes(f.status) || (['SUSP', 'INT', 'ABD'].includes(f.status) && ['ET', 'BT'].includes(f.stoppedIn ?? ''));
    const extraDone = f.status === 'AET' || f.status === 'PEN' || f.status === 'P';
    let winner: { home: boolean | null; away: boolean | null } = { home: null, away: null };
    if (finished && total) {
      const [h, a] = f.penalty ? [f.penalty.home, f.penalty.away] : [total.home, total.away];
      winner = h === a ? { home: null, away: null } : { home: h > a, away: a > h };
    }
    const team = (t: Team, w: boolean | null) => ({ id: t.id, name: t.name, logo: t.logo, winner: w });
    return {
      fixture: {
        id: f.id,
        referee: null,
        timezone,
        date: isoIn(f.kickoff, timezone),
        timestamp: Math.floor(f.kickoff.getTime() / 1000),
        periods: { first: f.firstHalfStart, second: f.secondHalfStart },
        venue: { id: null, name: `Estadio ${f.home.name}`, city: null },
        status: { long: STATUS_LONG[f.status], short: f.status, elapsed: f.elapsed, extra: f.extra },
      },
      league: {
        id: f.league.id,
        name: f.league.name,
        country: f.league.country,
        logo: `https://media.api-sports.io/football/leagues/${f.league.id}.png`,
        flag: null,
        season: f.season,
        round: f.round,
      },
      teams: { home: team(f.home, winner.home), away: team(f.away, winner.away) },
      goals: total ? { home: total.home, away: total.away } : { home: null, away: null },
      score: {
        halftime: f.halftime ? { ...f.halftime } : { home: null, away: null },
        fulltime: reachedFullTime || f.status === 'AWD' ? { ...f.regular } : { home: null, away: null },
        extratime: extraDone && f.extratime ? { ...f.extratime } : { home: null, away: null },
        penalty: f.penalty ? { ...f.penalty } : { home: null, away: null },
      },
    };
  }

  static isLive = (s: Status) => IN_PLAY.includes(s);
}

/** `at` as API-Football writes dates: ISO 8601 with the zone's offset, e.g. 2026-12-05T18:00:00-06:00. */
function isoIn(at: Date, timezone: string): string {
  if (timezone === 'UTC') return at.toISOString().replace(/\.\d{3}Z$/, '+00:00');
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: timezone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'longOffset' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : parts.timeZoneName.replace('GMT', '');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

/** Whether `timezone` is an IANA zone this runtime knows. */
export function knownTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}
