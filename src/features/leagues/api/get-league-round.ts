// The round a liga's page is about: the one asked for, else the open round, else the last one
// that closed (on Monday the weekend's picks are still the talk of the office).
import { getOpenRound, getRound } from '@/lib/game/open-round';
import { ROUND_WITH_MATCHES_SELECT, toRoundWithMatches, type RoundWithMatches } from '@/lib/game/rounds';
import { supabase } from '@/lib/supabase';

export async function getLeagueRound(roundId: number | undefined, now: Date = new Date()): Promise<RoundWithMatches | null> {
  if (roundId !== undefined) return getRound(roundId);
  const open = await getOpenRound(now);
  if (open) return open;
  const { data, error } = await supabase
    .from('quinielas')
    .select(ROUND_WITH_MATCHES_SELECT)
    .lte('deadline', now.toISOString())
    .order('deadline', { ascending: false })
    .order('match_order', { referencedTable: 'matches', ascending: true })
    .limit(1)
    .maybeSingle();
  if (error) throw error;
  return data ? toRoundWithMatches(data) : null;
}
