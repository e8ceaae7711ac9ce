// A player's Boost (daily game) points in a month (get_user_daily_scores_by_month).
import type { GameMonth } from '../months';
import { supabase } from '@/lib/supabase';

export interface DailyScore {
  dailyGameId: number;
  gameDate: string;
  question: string;
  points: number;
}


export async function getUserDailyScoresByMonth(userId: string, { year, month }: GameMonth): Promise<DailyScore[]> {
  const { data: rows, error } = await supabase.rpc('get_user_daily_scores_by_month', { user_id_input: userId, month_input: month, year_input: year });
  if (error) throw error;
  return rows.map((r) => ({ dailyGameId: r.daily_game_id, gameDate: r.game_date, question: r.question, points: r.points ?? 0 }));
}
