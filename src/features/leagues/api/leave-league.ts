// A member leaves a liga (public.leave_league).
import { supabase } from '@/lib/supabase';

export async function leaveLeague(leagueId: string): Promise<void> {
  const { error } = await supabase.rpc('leave_league', { league_id: leagueId });
  if (error) throw error;
}
