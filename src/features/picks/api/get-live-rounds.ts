// The rounds being played now (docs/match-day.md): closed, not finalized, with a live score from
// the feed changed in the last three days (a round left unfinalized for long is not "live"),
// newest first, each with the player's own picks. /inicio shows the one he played; a liga's page
// the one its members played.
import { ROUND_WITH_MATCHES_SELECT, toRoundWithMatches, toSide, type MatchSide, type RoundWithMatches } from '@/lib/game/rounds';
import { supabase } from '@/lib/supabase';

export interface LiveRoundView {
  round: RoundWithMatches;
  /** His picks by match id (empty when he did not play it). */
  myPicks: Record<number, MatchSide>;
}

const RECENT_MS = 3 * 24 * 3600_000;
/** Rounds played at the same time are few; more would be a stale one left unfinalized. */
const MOST = 3;

export async function getLiveRounds(userId: string, now: Date = new Date()): Promise<LiveRoundView[]> {
  const { data, error } = await supabase
    .from('quinielas')
    .select(`${ROUND_WITH_MATCHES_SELECT}, picks(match_id, result), match_live!inner(match_id)`)
    .lte('deadline', now.toISOString())
    .eq('results_saved', false)
    .gte('match_live.changed_at', new Date(now.getTime() - RECENT_MS).toISOString())
    // An admin reads every player's picks: only his own are wanted.
    .eq('picks.user_id', userId)
    .order('deadline', { ascending: false })
    .order('match_order', { referencedTable: 'matches', ascending: true })
    .limit(MOST);
  if (error) throw error;
  return (data ?? []).map((row) => {
    const myPicks: Record<number, MatchSide> = {};
    for (const p of row.picks) {
      const side = toSide(p.result);
      if (side) myPicks[p.match_id] = side;
    }
    return { round: toRoundWithMatches(row), myPicks };
  });
}
