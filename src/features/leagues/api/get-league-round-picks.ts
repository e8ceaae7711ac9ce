// The members' picks of a round side by side (public.get_league_round_picks): the database
// answers them only once the round's deadline has passed.
import { supabase } from '@/lib/supabase';
import { toSide, type MatchSide } from '@/lib/game/rounds';

/** user id → match id → the member's pick. */
export type LeaguePicks = Record<string, Record<number, MatchSide>>;

export async function getLeagueRoundPicks(leagueId: string, roundId: number): Promise<LeaguePicks> {
  const { data, error } = await supabase.rpc('get_league_round_picks', { league_id: leagueId, quiniela_id: roundId });
  if (error) throw error;
  const picks: LeaguePicks = {};
  for (const row of data) {
    const side = toSide(row.result);
    if (side) (picks[row.user_id] ??= {})[row.match_id] = side;
  }
  return picks;
}
