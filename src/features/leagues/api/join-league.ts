// Joins the liga an invitation code names (public.join_league): idempotent, so a second tap or
// a second device answers "already a member" with the same liga. The answer is one object,
// {league_id, already_member}; an unknown code is a 404 whose body is the refusal (supabase-js
// hands it over as the error, with its Spanish message), and too many unknown codes a 429.
import { supabase } from '@/lib/supabase';

export async function joinLeague(code: string): Promise<{ leagueId: string; alreadyMember: boolean }> {
  const { data, error } = await supabase.rpc('join_league', { code });
  if (error) throw error;
  const joined = data as { league_id?: unknown; already_member?: unknown } | null;
  if (typeof joined?.league_id !== 'string') throw new Error('join_league answered no liga');
  return { leagueId: joined.league_id, alreadyMember: joined.already_member === true };
}
