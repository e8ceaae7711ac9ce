// This week's round for the player's home: the open round (deadline ahead, results not
// saved), soonest first, with its matches, clubs and bonus markers.
import { supabase } from '@/lib/supabase';
import type { DetailClub, MatchSide } from './get-round-detail';

export interface WeekMatch {
  id: number;
  order: number;
  home: string;
  away: string;
  homeClub: DetailClub | null;
  awayClub: DetailClub | null;
  kickoffAt: string | null;
  specialBonusPoints: number;
  underdogBonusPoints: number;
  underdogBonusSide: MatchSide | null;
}

export interface WeekRound {
  id: number;
  name: string;
  week: number;
  deadline: string;
  isLastOfMonth: boolean;
  matches: WeekMatch[];
}

const SIDES: readonly MatchSide[] = ['Local', 'Empate', 'Visita'];
const toSide = (value: string | null): MatchSide | null => SIDES.find((s) => s === value) ?? null;
const toClub = (c: { name: string; short_name: string | null; logo_url: string | null } | null): DetailClub | null =>
  c ? { name: c.name, shortName: c.short_name, logoUrl: c.logo_url } : null;

export async function getWeekMatches(now: Date = new Date()): Promise<WeekRound | null> {
  const { data, error } = await supabase
    .from('quinielas')
    .select(
      'id, name, week, deadline, is_last_of_month, matches(id, match_order, home_team, away_team, kickoff_at, special_bonus_points, underdog_bonus_points, underdog_bonus_side, home_club:clubs!matches_home_club_id_fkey(name, short_name, logo_url), away_club:clubs!matches_away_club_id_fkey(name, short_name, logo_url))',
    )
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
      home: m.home_club?.short_name || m.home_club?.name || m.home_team,
      away: m.away_club?.short_name || m.away_club?.name || m.away_team,
      homeClub: toClub(m.home_club),
      awayClub: toClub(m.away_club),
      kickoffAt: m.kickoff_at,
      specialBonusPoints: m.special_bonus_points,
      underdogBonusPoints: m.underdog_bonus_points,
      underdogBonusSide: toSide(m.underdog_bonus_side),
    })),
  };
}
