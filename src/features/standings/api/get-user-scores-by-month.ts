// A player's scored rounds in a month (get_user_scores_by_month): correct picks, points and
// one Spanish line per bonus.
import type { GameMonth } from '../months';
import { callRpc } from './rpc';

export interface RoundScore {
  roundId: number;
  roundName: string;
  deadline: string;
  correct: number;
  total: number;
  points: number;
  bonusDetails: string[];
}

interface RoundScoreRow {
  quiniela_id: number;
  quiniela_name: string;
  deadline: string;
  correct: number | null;
  total: number | null;
  points: number | null;
  bonus_details: string[] | null;
}

export async function getUserScoresByMonth(userId: string, { year, month }: GameMonth): Promise<RoundScore[]> {
  const rows = await callRpc<RoundScoreRow>('get_user_scores_by_month', { user_id_input: userId, month_input: month, year_input: year });
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
