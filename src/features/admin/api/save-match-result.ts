import { supabase } from '@/lib/supabase';
import type { MatchResult } from '../results';

/** Saves (or clears) one match's result. On a finalized round the database re-scores it. */
export async function saveMatchResult(matchId: number, result: MatchResult | null): Promise<void> {
  const { data, error } = await supabase.from('matches').update({ correct_result: result }).eq('id', matchId).select('id');
  if (error) throw error;
  if (data.length === 0) throw new Error('Partido no encontrado');
}
