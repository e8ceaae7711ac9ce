// The owner renews his liga's code (public.renew_league_code): the old links stop working.
import { supabase } from '@/lib/supabase';

/** The liga's new code. */
export async function renewLeagueCode(leagueId: string): Promise<string> {
  const { data, error } = await supabase.rpc('renew_league_code', { league_id: leagueId });
  if (error) throw error;
  return data;
}
