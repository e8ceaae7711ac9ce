import { supabase } from '@/lib/supabase';
import type { MatchResult } from '../results';

export interface AdminMatch {
  id: number;
  order: number;
  home: string;
  away: string;
  homeLogo: string | null;
  awayLogo: string | null;
  correctResult: MatchResult | null;
  /** When the match became void (stopped and not completed within 48 h of its kick-off); null otherwise. */
  voidedAt: string | null;
  specialBonusPoints: number;
  underdogBonusPoints: number;
  underdogBonusSide: MatchResult | null;
}

/** A round's matches in order, with club names and crests. */
export async function getRoundMatches(roundId: number): Promise<AdminMatch[]> {
  const { data, error } = await supabase
    .from('matches')
    .select(
      'id, match_order, home_team, away_team, correct_result, voided_at, special_bonus_points, underdog_bonus_points, underdog_bonus_side, home:clubs!matches_home_club_id_fkey(name, logo_url), away:clubs!matches_away_club_id_fkey(name, logo_url)',
    )
    .eq('quiniela_id', roundId)
    .order('match_order');
  if (error) throw error;
  return data.map((m) => ({
    id: m.id,
    order: m.match_order,
    home: m.home?.name ?? m.home_team,
    away: m.away?.name ?? m.away_team,
    homeLogo: m.home?.logo_url ?? null,
    awayLogo: m.away?.logo_url ?? null,
    correctResult: m.correct_result as MatchResult | null,
    voidedAt: m.voided_at,
    specialBonusPoints: m.special_bonus_points,
    underdogBonusPoints: m.underdog_bonus_points,
    underdogBonusSide: m.underdog_bonus_side as MatchResult | null,
  }));
}
