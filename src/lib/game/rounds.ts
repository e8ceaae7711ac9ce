// The shape of a round as the app reads it: the rounds, picks, standings and admin features
// each query rounds their own way, but select the same columns and map them the same way, so
// a renamed column or a new bonus field is changed here once.
import type { Tables } from '../database.types';

export type MatchSide = 'Local' | 'Empate' | 'Visita';

export const MATCH_SIDES: readonly MatchSide[] = ['Local', 'Empate', 'Visita'];

/** The marks of a round's two bonus matches, the same on every screen that shows them. */
export const MATCH_BONUS_ICONS = { special: '⭐', underdog: '🐶' } as const;

/** The side columns are text with a check constraint, so the generated type is plain `string`. */
export function toSide(value: string | null | undefined): MatchSide | null {
  return MATCH_SIDES.find((side) => side === value) ?? null;
}

export interface RoundClub {
  id: number;
  name: string;
  shortName: string | null;
  logoUrl: string | null;
}

export interface RoundMatch {
  id: number;
  order: number;
  homeTeam: string;
  awayTeam: string;
  kickoffAt: string | null;
  homeClub: RoundClub | null;
  awayClub: RoundClub | null;
  specialBonusPoints: number;
  underdogBonusPoints: number;
  underdogBonusSide: MatchSide | null;
  /** Null until the admin saves the result. */
  correctResult: MatchSide | null;
  /** When the match became void (stopped and not completed within VOID_AFTER_HOURS of its kick-off); null otherwise. */
  voidedAt: string | null;
}

export interface RoundSummary {
  id: number;
  name: string;
  week: number;
  deadline: string;
  resultsSaved: boolean;
  isLastOfMonth: boolean;
}

export interface RoundWithMatches extends RoundSummary {
  matches: RoundMatch[];
}

/** Open = picks still accepted: before the deadline and results not saved (docs/product.md#round-states). */
export function isRoundOpen(round: { deadline: string; resultsSaved: boolean }, now: number = Date.now()): boolean {
  return !round.resultsSaved && new Date(round.deadline).getTime() > now;
}

/** docs/product.md#picks-selector status colour: green open, red finalized, yellow closed awaiting results. */
export type RoundStatusColour = 'green' | 'red' | 'yellow';
export function roundStatusColour(round: { deadline: string; resultsSaved: boolean }, now: number = Date.now()): RoundStatusColour {
  if (round.resultsSaved) return 'red';
  if (new Date(round.deadline).getTime() > now) return 'green';
  return 'yellow';
}

export const ROUND_SUMMARY_SELECT = 'id, name, week, deadline, results_saved, is_last_of_month' as const;

const CLUB_COLUMNS = 'id, name, short_name, logo_url';
/** One match with both clubs; for `from('matches')` or nested under a round. */
export const MATCH_SELECT =
  `id, match_order, home_team, away_team, kickoff_at, correct_result, voided_at, special_bonus_points, underdog_bonus_points, underdog_bonus_side, home_club:clubs!matches_home_club_id_fkey(${CLUB_COLUMNS}), away_club:clubs!matches_away_club_id_fkey(${CLUB_COLUMNS})` as const;

export const ROUND_WITH_MATCHES_SELECT = `${ROUND_SUMMARY_SELECT}, matches(${MATCH_SELECT})` as const;

type RoundRow = Pick<Tables<'quinielas'>, 'id' | 'name' | 'week' | 'deadline' | 'results_saved' | 'is_last_of_month'>;
type ClubRow = Pick<Tables<'clubs'>, 'id' | 'name' | 'short_name' | 'logo_url'>;
type MatchRow = Pick<
  Tables<'matches'>,
  'id' | 'match_order' | 'home_team' | 'away_team' | 'kickoff_at' | 'correct_result' | 'voided_at' | 'special_bonus_points' | 'underdog_bonus_points' | 'underdog_bonus_side'
> & { home_club: ClubRow | null; away_club: ClubRow | null };

function toClub(row: ClubRow | null): RoundClub | null {
  return row ? { id: row.id, name: row.name, shortName: row.short_name, logoUrl: row.logo_url } : null;
}

export function toRoundSummary(row: RoundRow): RoundSummary {
  return { id: row.id, name: row.name, week: row.week, deadline: row.deadline, resultsSaved: row.results_saved, isLastOfMonth: row.is_last_of_month };
}

export function toRoundMatch(row: MatchRow): RoundMatch {
  return {
    id: row.id,
    order: row.match_order,
    homeTeam: row.home_team,
    awayTeam: row.away_team,
    kickoffAt: row.kickoff_at,
    homeClub: toClub(row.home_club),
    awayClub: toClub(row.away_club),
    specialBonusPoints: row.special_bonus_points,
    underdogBonusPoints: row.underdog_bonus_points,
    underdogBonusSide: toSide(row.underdog_bonus_side),
    correctResult: toSide(row.correct_result),
    voidedAt: row.voided_at,
  };
}

/** Maps a row read with ROUND_WITH_MATCHES_SELECT (order the matches in the query). */
export function toRoundWithMatches(row: RoundRow & { matches: MatchRow[] }): RoundWithMatches {
  return { ...toRoundSummary(row), matches: row.matches.map(toRoundMatch) };
}

/** The name a match shows for a team: the club's short name, its name, else the typed text. */
export function teamName(club: RoundClub | null, fallback: string): string {
  return club?.shortName || club?.name || fallback;
}

/**
 * How long after its kick-off a postponed, suspended or abandoned match may still be completed
 * before it is void (../shared/spec/decisions.md, "Match day"). The database's
 * public.match_void_after() is the referee; tests/api/rule-twins.test.ts holds the two equal.
 */
export const VOID_AFTER_HOURS = 48;

/** The instant a stopped match becomes void unless it is completed before it: its kick-off plus VOID_AFTER_HOURS. */
export function voidsAt(kickoffAt: string): Date {
  return new Date(new Date(kickoffAt).getTime() + VOID_AFTER_HOURS * 3_600_000);
}

/**
 * Whether a pick counts as right: it names the result, or the match is void (no result) and it
 * was picked — a void match counts for everyone who picked it, so 12 of 12 stays possible. The
 * app's copy of public.pick_counts (tests/api/rule-twins.test.ts); bonuses are paid only on a
 * real result, never on a void match.
 */
export function pickCounts(pick: MatchSide | null | undefined, match: Pick<RoundMatch, 'correctResult' | 'voidedAt'>): boolean {
  if (!pick) return false;
  if (match.correctResult) return pick === match.correctResult;
  // Truthy, not "not null": a copy saved on the phone before void existed has no voidedAt.
  return Boolean(match.voidedAt);
}

/** A match counts as void: made void by the feed's rule and no result typed since. */
export function isVoid(match: Pick<RoundMatch, 'correctResult' | 'voidedAt'>): boolean {
  return !match.correctResult && Boolean(match.voidedAt);
}
