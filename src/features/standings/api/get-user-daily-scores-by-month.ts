// A player's Boost (daily game) points in a month (get_user_daily_scores_by_month).
import type { GameMonth } from '../months';
import { callRpc } from './rpc';

export interface DailyScore {
  dailyGameId: number;
  gameDate: string;
  question: string;
  points: number;
}

interface DailyScoreRow {
  daily_game_id: number;
  game_date: string;
  question: string;
  points: number | null;
}

export async function getUserDailyScoresByMonth(userId: string, { year, month }: GameMonth): Promise<DailyScore[]> {
  const rows = await callRpc<DailyScoreRow>('get_user_daily_scores_by_month', { user_id_input: userId, month_input: month, year_input: year });
  return rows.map((r) => ({ dailyGameId: r.daily_game_id, gameDate: r.game_date, question: r.question, points: r.points ?? 0 }));
}
