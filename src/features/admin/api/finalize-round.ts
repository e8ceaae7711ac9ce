import { supabase } from '@/lib/supabase';

/**
 * Marks a round finalized; the database scores it when results_saved becomes true. A round
 * finalized before (a correction) is scored again explicitly: score_round is idempotent.
 */
export async function finalizeRound(roundId: number, wasFinalized: boolean): Promise<void> {
  const { data, error } = await supabase.from('quinielas').update({ results_saved: true }).eq('id', roundId).select('id');
  if (error) throw error;
  if (data.length === 0) throw new Error('Quiniela no encontrada.');
  if (wasFinalized) {
    const { error: scoreError } = await supabase.rpc('score_round', { quiniela_id_input: roundId });
    if (scoreError) throw scoreError;
  }
}
