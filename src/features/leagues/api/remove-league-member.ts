// The owner removes a member from his liga (public.remove_league_member).
import { supabase } from '@/lib/supabase';

export async function removeLeagueMember(leagueId: string, userId: string): Promise<void> {
  const { error } = await supabase.rpc('remove_league_member', { league_id: leagueId, user_id: userId });
  if (error) throw error;
}
