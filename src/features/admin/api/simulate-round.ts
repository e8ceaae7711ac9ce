import { supabase } from '@/lib/supabase';

export interface SimulatedScore {
  userId: string;
  username: string;
  correct: number;
  points: number;
  bonusDetails: string[];
}

/** What every player would score with the results entered so far; writes nothing. */
export async function simulateRound(roundId: number): Promise<SimulatedScore[]> {
  const { data, error } = await supabase.rpc('simulate_round_scores', { quiniela_id_input: roundId });
  if (error) throw error;
  return data.map((r) => ({ userId: r.user_id, username: r.username, correct: r.correct, points: r.points, bonusDetails: r.bonus_details ?? [] }));
}
