// The owner deletes his liga (public.delete_league); the members' points stay theirs.
import { supabase } from '@/lib/supabase';

export async function deleteLeague(leagueId: string): Promise<void> {
  const { error } = await supabase.rpc('delete_league', { league_id: leagueId });
  if (error) throw error;
}
