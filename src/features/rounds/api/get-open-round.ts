// Reads the open round: the first round whose deadline is still ahead and whose results are
// not saved, soonest deadline first, with its matches and both clubs of each match.
import type { Tables } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';

export interface RoundClub {
  id: number;
  name: string;
  shortName: string | null;
  logoUrl: string | null;
}

export type MatchSide = 'Local' | 'Empate' | 'Visita';

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
}

export interface OpenRound {
  id: number;
  name: string;
  week: number;
  deadline: string;
  isLastOfMonth: boolean;
  matches: RoundMatch[];
}

const CLUB_COLUMNS = 'id, name, short_name, logo_url';
export const OPEN_ROUND_SELECT = `id, name, week, deadline, is_last_of_month, matches(id, match_order, home_team, away_team, kickoff_at, special_bonus_points, underdog_bonus_points, underdog_bonus_side, home_club:clubs!matches_home_club_id_fkey(${CLUB_COLUMNS}), away_club:clubs!matches_away_club_id_fkey(${CLUB_COLUMNS}))` as const;

type ClubRow = Pick<Tables<'clubs'>, 'id' | 'name' | 'short_name' | 'logo_url'>;

const SIDES: readonly MatchSide[] = ['Local', 'Empate', 'Visita'];
/** The column is text with a check constraint, so the generated type is plain `string`. */
function toSide(value: string | null): MatchSide | null {
  return SIDES.find((side) => side === value) ?? null;
}

function toClub(row: ClubRow | null): RoundClub | null {
  return row ? { id: row.id, name: row.name, shortName: row.short_name, logoUrl: row.logo_url } : null;
}

/** The open round, or null when no round is open. Throws when the read fails. */
export async function getOpenRound(now: Date = new Date()): Promise<OpenRound | null> {
  const { data, error } = await supabase
    .from('quinielas')
    .select(OPEN_ROUND_SELECT)
    .gt('deadline', now.toISOString())
    .eq('results_saved', false)
    .order('deadline', { ascending: true })
    .order('match_order', { referencedTable: 'matches', ascending: true })
    .limit(1)
    .maybeSingle();
  if (error) throw error;
  if (!data) return null;
  return {
    id: data.id,
    name: data.name,
    week: data.week,
    deadline: data.deadline,
    isLastOfMonth: data.is_last_of_month,
    matches: data.matches.map((m) => ({
      id: m.id,
      order: m.match_order,
      homeTeam: m.home_team,
      awayTeam: m.away_team,
      kickoffAt: m.kickoff_at,
      homeClub: toClub(m.home_club),
      awayClub: toClub(m.away_club),
      specialBonusPoints: m.special_bonus_points,
      underdogBonusPoints: m.underdog_bonus_points,
      underdogBonusSide: toSide(m.underdog_bonus_side),
    })),
  };
}
