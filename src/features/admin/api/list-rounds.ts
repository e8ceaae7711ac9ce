import { ROUND_SUMMARY_SELECT, toRoundSummary, type RoundSummary } from '@/lib/game/rounds';
import { supabase } from '@/lib/supabase';

export type AdminRound = RoundSummary;

/** Every round, newest first (the selectors of the admin screens). */
export async function listRounds(): Promise<AdminRound[]> {
  const { data, error } = await supabase
    .from('quinielas')
    .select(ROUND_SUMMARY_SELECT)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false });
  if (error) throw error;
  return data.map(toRoundSummary);
}
