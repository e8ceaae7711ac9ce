// Joins the liga an invitation code names (public.join_league): idempotent, so a second tap or
// a second device answers "already a member" with the same liga.
import { supabase } from '@/lib/supabase';

export async function joinLeague(code: string): Promise<{ leagueId: string; alreadyMember: boolean }> {
  const { data, error } = await supabase.rpc('join_league', { code });
  if (error) throw error;
  const row = data?.[0];
  if (!row) throw new Error('join_league answered no liga');
  return { leagueId: row.league_id, alreadyMember: row.already_member };
}
