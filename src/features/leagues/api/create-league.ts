// Creates a liga owned by the player (public.create_league): the database checks the name, the
// prize line, his 20-liga limit and the rate of creation, and answers the id and the code.
import { supabase } from '@/lib/supabase';
import { normalizeLeagueText } from '../league-rules';

export async function createLeague(name: string, prizeNote: string): Promise<{ id: string; code: string }> {
  const { data, error } = await supabase.rpc('create_league', { name: normalizeLeagueText(name), prize_note: normalizeLeagueText(prizeNote) || undefined });
  if (error) throw error;
  const row = data?.[0];
  if (!row) throw new Error('create_league answered no liga');
  return { id: row.id, code: row.code };
}
