// Rounds newest first (by created_at descending; docs/product.md#picks-selector), with what the
// lists need to say whether each is open, closed or finalized.
import { ROUND_SUMMARY_SELECT, toRoundSummary, type RoundSummary } from '@/lib/game/rounds';
import { supabase } from '@/lib/supabase';

export type { RoundSummary };

/** How many rounds the lists show: the season's recent weeks. */
const ROUND_LIST_LIMIT = 40;

export async function getRounds(): Promise<RoundSummary[]> {
  const { data, error } = await supabase
    .from('quinielas')
    .select(ROUND_SUMMARY_SELECT)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(ROUND_LIST_LIMIT);
  if (error) throw error;
  return data.map(toRoundSummary);
}
