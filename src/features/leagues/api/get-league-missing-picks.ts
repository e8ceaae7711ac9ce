// The members who have not completed a round's picks (public.get_league_missing_picks):
// usernames only, and nobody once the deadline passed.
import { supabase } from '@/lib/supabase';

export async function getLeagueMissingPicks(leagueId: string, roundId: number): Promise<string[]> {
  const { data, error } = await supabase.rpc('get_league_missing_picks', { league_id: leagueId, quiniela_id: roundId });
  if (error) throw error;
  return data.map((row) => row.username);
}
