// Reads a round with its matches and both clubs of each match, in match order: the open round
// (the first whose deadline is still ahead and whose results are not saved, soonest deadline
// first: the home page and the player's home show it) or a round by id (picks and Pro screens).
import { ROUND_WITH_MATCHES_SELECT, toRoundWithMatches, type RoundWithMatches } from './rounds';
import { supabase } from '../supabase';

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

/** The round `id` with its matches, or null when there is no such round. Throws when the read fails. */
export async function getRound(id: number): Promise<RoundWithMatches | null> {
  const { data, error } = await supabase
    .from('quinielas')
    .select(ROUND_WITH_MATCHES_SELECT)
    .eq('id', id)
    .order('match_order', { referencedTable: 'matches', ascending: true })
    .maybeSingle();
  if (error) throw error;
  return data ? toRoundWithMatches(data) : null;
}
