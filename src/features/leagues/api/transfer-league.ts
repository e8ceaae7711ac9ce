// The owner hands his liga to another member (public.transfer_league).
import { supabase } from '@/lib/supabase';

export async function transferLeague(leagueId: string, userId: string): Promise<void> {
  const { error } = await supabase.rpc('transfer_league', { league_id: leagueId, new_owner: userId });
  if (error) throw error;
}
