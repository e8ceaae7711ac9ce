// Which of the listed rounds the player already has picks in (Editar vs Participar).
import { supabase } from '@/lib/supabase';

export async function getPlayedRoundIds(userId: string, roundIds: number[]): Promise<number[]> {
  if (roundIds.length === 0) return [];
  // At most 40 rounds × 12 picks: under PostgREST's 1000-row page.
  const { data, error } = await supabase.from('picks').select('quiniela_id').eq('user_id', userId).in('quiniela_id', roundIds);
  if (error) throw error;
  return [...new Set(data.map((row) => row.quiniela_id))];
}
