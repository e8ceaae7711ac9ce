// Reads the open round: the first round whose deadline is still ahead and whose results are
// not saved, soonest deadline first, with its matches and both clubs of each match. Shared
// because the home page and the player's home both show it.
import { ROUND_WITH_MATCHES_SELECT, toRoundWithMatches, type RoundWithMatches } from './rounds';
import { supabase } from './supabase';

export type OpenRound = RoundWithMatches;

/** The open round, or null when no round is open. Throws when the read fails. */
export async function getOpenRound(now: Date = new Date()): Promise<OpenRound | null> {
  const { data, error } = await supabase
    .from('quinielas')
    .select(ROUND_WITH_MATCHES_SELECT)
    .gt('deadline', now.toISOString())
    .eq('results_saved', false)
    .order('deadline', { ascending: true })
    .order('match_order', { referencedTable: 'matches', ascending: true })
    .limit(1)
    .maybeSingle();
  if (error) throw error;
  return data ? toRoundWithMatches(data) : null;
}
