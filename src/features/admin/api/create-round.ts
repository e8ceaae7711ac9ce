import { supabase } from '@/lib/supabase';
import type { MatchResult } from '../results';

interface NewMatch {
  homeClubId: number;
  awayClubId: number;
  specialBonusPoints: number;
  underdogBonusPoints: number;
  underdogBonusSide: MatchResult | null;
}

export interface NewRound {
  name: string;
  week: number;
  /** ISO instant. */
  deadline: string;
  isLastOfMonth: boolean;
  matches: NewMatch[];
}

/** Creates the round and its matches in one transaction (admin_create_round); returns its id. */
export async function createRound(round: NewRound): Promise<number> {
  const { data, error } = await supabase.rpc('admin_create_round', {
    name_input: round.name,
    week_input: round.week,
    deadline_input: round.deadline,
    is_last_of_month_input: round.isLastOfMonth,
    matches_input: round.matches.map((m) => ({
      home_club_id: m.homeClubId,
      away_club_id: m.awayClubId,
      special_bonus_points: m.specialBonusPoints,
      underdog_bonus_points: m.underdogBonusPoints,
      underdog_bonus_side: m.underdogBonusSide,
    })),
  });
  if (error) throw error;
  return data;
}
