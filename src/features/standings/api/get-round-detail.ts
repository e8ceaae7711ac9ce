// One scored round for the history's detail modal: its matches with the result and both
// clubs, and the signed-in player's own pick on each (RLS lets him read only his own).
import { supabase } from '@/lib/supabase';

export type MatchSide = 'Local' | 'Empate' | 'Visita';

export interface DetailClub {
  name: string;
  shortName: string | null;
  logoUrl: string | null;
}

export interface RoundDetailMatch {
  id: number;
  order: number;
  home: string;
  away: string;
  homeClub: DetailClub | null;
  awayClub: DetailClub | null;
  result: MatchSide | null;
  pick: MatchSide | null;
  specialBonusPoints: number;
  underdogBonusPoints: number;
  underdogBonusSide: MatchSide | null;
}

const SIDES: readonly MatchSide[] = ['Local', 'Empate', 'Visita'];
const toSide = (value: string | null | undefined): MatchSide | null => SIDES.find((s) => s === value) ?? null;
const toClub = (c: { name: string; short_name: string | null; logo_url: string | null } | null): DetailClub | null =>
  c ? { name: c.name, shortName: c.short_name, logoUrl: c.logo_url } : null;

export async function getRoundDetail(roundId: number, userId: string): Promise<RoundDetailMatch[]> {
  const [matches, picks] = await Promise.all([
    supabase
      .from('matches')
      .select(
        'id, match_order, home_team, away_team, correct_result, special_bonus_points, underdog_bonus_points, underdog_bonus_side, home_club:clubs!matches_home_club_id_fkey(name, short_name, logo_url), away_club:clubs!matches_away_club_id_fkey(name, short_name, logo_url)',
      )
      .eq('quiniela_id', roundId)
      .order('match_order'),
    supabase.from('picks').select('match_id, result').eq('quiniela_id', roundId).eq('user_id', userId),
  ]);
  if (matches.error) throw matches.error;
  if (picks.error) throw picks.error;
  const pickByMatch = new Map(picks.data.map((p) => [p.match_id, toSide(p.result)]));
  return matches.data.map((m) => ({
    id: m.id,
    order: m.match_order,
    home: m.home_club?.short_name || m.home_club?.name || m.home_team,
    away: m.away_club?.short_name || m.away_club?.name || m.away_team,
    homeClub: toClub(m.home_club),
    awayClub: toClub(m.away_club),
    result: toSide(m.correct_result),
    pick: pickByMatch.get(m.id) ?? null,
    specialBonusPoints: m.special_bonus_points,
    underdogBonusPoints: m.underdog_bonus_points,
    underdogBonusSide: toSide(m.underdog_bonus_side),
  }));
}
