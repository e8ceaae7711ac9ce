// What the local API-Football knows before anyone drives it: the leagues the product's club
// picker names (with API-Football's league ids), every club of the demo (supabase/seed/clubs.ts)
// as an API-Football team, and this week's fixtures: the demo's open round (week.json, written by
// supabase/seed/generate.ts beside seed.sql) placed on the same calendar seed.sql uses, so the
// seeded round's matches point at these fixtures (matches.provider_fixture_id).
import { readFileSync } from 'node:fs';
import { clubs, type Club } from '../../seed/clubs.ts';

export interface LeagueInfo {
  id: number;
  name: string;
  country: string;
  /** The product's name for it (clubs.league). */
  product: Club['league'];
  type: 'League' | 'Cup';
  /** How its rounds are named in `league.round`. */
  roundPrefix: string;
  /** Seasons that run within one calendar year (MLS) are named by that year; the others by the year they start. */
  calendarYear: boolean;
}

/** API-Football's ids for the leagues the settings screen filters by. */
export const LEAGUES: LeagueInfo[] = [
  { id: 262, name: 'Liga MX', country: 'Mexico', product: 'Liga MX', type: 'League', roundPrefix: 'Apertura', calendarYear: false },
  { id: 39, name: 'Premier League', country: 'England', product: 'Premier League', type: 'League', roundPrefix: 'Regular Season', calendarYear: false },
  { id: 140, name: 'La Liga', country: 'Spain', product: 'La Liga', type: 'League', roundPrefix: 'Regular Season', calendarYear: false },
  { id: 78, name: 'Bundesliga', country: 'Germany', product: 'Bundesliga', type: 'League', roundPrefix: 'Regular Season', calendarYear: false },
  { id: 135, name: 'Serie A', country: 'Italy', product: 'Serie A', type: 'League', roundPrefix: 'Regular Season', calendarYear: false },
  { id: 61, name: 'Ligue 1', country: 'France', product: 'Ligue 1', type: 'League', roundPrefix: 'Regular Season', calendarYear: false },
  { id: 253, name: 'Major League Soccer', country: 'USA', product: 'MLS', type: 'League', roundPrefix: 'Regular Season', calendarYear: true },
  { id: 10, name: 'Friendlies', country: 'World', product: 'Internacional', type: 'Cup', roundPrefix: 'Friendlies', calendarYear: true },
];

export const leagueById = (id: number) => LEAGUES.find((l) => l.id === id);
export const leagueOfProduct = (name: Club['league']) => LEAGUES.find((l) => l.product === name)!;

/**
 * A demo club's team id in the stand-in. Liga MX clubs get ids in API-Football's Mexican range;
 * every other club 20,000 + its product id. They are the stand-in's ids: pointed at the real API,
 * clubs are matched by the ids stored in clubs.provider_team_id (docs/match-day.md).
 */
const LIGA_MX_TEAM_IDS: Record<string, number> = {
  'club-america': 2287, atlas: 2283, 'atletico-san-luis': 2314, 'cruz-azul': 2295, guadalajara: 2278, 'fc-juarez': 2298,
  leon: 2289, mazatlan: 14002, monterrey: 2282, necaxa: 2291, pachuca: 2292, puebla: 2288, queretaro: 2290,
  'santos-laguna': 2285, 'tigres-uanl': 2279, tijuana: 2280, toluca: 2281, 'pumas-unam': 2286,
};

export function providerTeamId(club: Pick<Club, 'slug' | 'id'>): number {
  return LIGA_MX_TEAM_IDS[club.slug] ?? 20_000 + club.id;
}

export interface Team {
  id: number;
  name: string;
  code: string;
  country: string;
  logo: string;
  leagueId: number;
  /** The demo club it stands for. */
  clubId: number;
}

export const TEAMS: Team[] = clubs.map((c) => {
  const league = leagueOfProduct(c.league);
  return {
    id: providerTeamId(c),
    name: c.shortName,
    code: c.initials,
    country: league.country,
    logo: `https://media.api-sports.io/football/teams/${providerTeamId(c)}.png`,
    leagueId: league.id,
    clubId: c.id,
  };
});
export const teamById = (id: number) => TEAMS.find((t) => t.id === id);

/** The season a date belongs to in a league (API-Football names a season by the year it starts). */
export function seasonOf(league: LeagueInfo, at: Date): number {
  const year = at.getUTCFullYear();
  return league.calendarYear || at.getUTCMonth() >= 6 ? year : year - 1;
}

/** The demo's open round, as generate.ts wrote it (fixture ids are FIXTURE_ID_BASE + the match's id). */
export interface WeekMatch {
  matchId: number;
  fixtureId: number;
  order: number;
  homeClubId: number;
  awayClubId: number;
  /** Minutes after the round's deadline (Saturday 18:00, hora del Centro). */
  kickoffMinutes: number;
}
export const FIXTURE_ID_BASE = 1_400_000;

export function weekMatches(): WeekMatch[] {
  return JSON.parse(readFileSync(new URL('./week.json', import.meta.url), 'utf8')) as WeekMatch[];
}

/** Mexico City's calendar date of an instant (YYYY-MM-DD). */
function mexicoDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The instant of a wall-clock time in Mexico City (it has kept UTC−6 all year since 2022). */
function mexicoInstant(day: string, hh: number, mm = 0): Date {
  return new Date(`${day}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00-06:00`);
}

/**
 * The open round's deadline exactly as seed.sql places it: the first Saturday at least two days
 * after today (Mexico City), 18:00.
 */
export function openRoundDeadline(now: Date): Date {
  const today = new Date(`${mexicoDate(now)}T00:00:00Z`);
  const plus2 = new Date(today.getTime() + 2 * 86_400_000);
  const isodow = ((plus2.getUTCDay() + 6) % 7) + 1;
  const saturday = new Date(plus2.getTime() + ((13 - isodow) % 7) * 86_400_000);
  return mexicoInstant(saturday.toISOString().slice(0, 10), 18);
}
