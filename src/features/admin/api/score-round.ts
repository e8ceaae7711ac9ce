import { supabase } from '@/lib/supabase';

/** Computes and writes a round's scores (score_round, idempotent); returns how many players were scored. */
export async function scoreRound(roundId: number): Promise<number> {
  const { data, error } = await supabase.rpc('score_round', { quiniela_id_input: roundId });
  if (error) throw error;
  return data;
}
