// A player's scored rounds in a month (get_user_scores_by_month): correct picks, points and
// one Spanish line per bonus.
import type { GameMonth } from '../months';
import { supabase } from '@/lib/supabase';

export interface RoundScore {
  roundId: number;
  roundName: string;
  deadline: string;
  correct: number;
  total: number;
  points: number;
  bonusDetails: string[];
}


export async function getUserScoresByMonth(userId: string, { year, month }: GameMonth): Promise<RoundScore[]> {
  const { data: rows, error } = await supabase.rpc('get_user_scores_by_month', { user_id_input: userId, month_input: month, year_input: year });
  if (error) throw error;
  return rows
    .map((r) => ({
      roundId: r.quiniela_id,
      roundName: r.quiniela_name,
      deadline: r.deadline,
      correct: r.correct ?? 0,
      total: r.total ?? 12,
      points: r.points ?? 0,
      bonusDetails: r.bonus_details ?? [],
    }))
    .sort((a, b) => b.deadline.localeCompare(a.deadline));
}
