// The owner renames his liga or changes its prize line (public.update_league).
import { supabase } from '@/lib/supabase';
import { normalizeLeagueText } from '../league-rules';

export async function updateLeague(leagueId: string, name: string, prizeNote: string): Promise<void> {
  const { error } = await supabase.rpc('update_league', { league_id: leagueId, name: normalizeLeagueText(name), prize_note: normalizeLeagueText(prizeNote) || undefined });
  if (error) throw error;
}
