// One liga as its members see it: name, prize line, code, owner and since when it exists (RLS:
// only members read it).
import { supabase } from '@/lib/supabase';

export interface League {
  id: string;
  name: string;
  code: string;
  prizeNote: string | null;
  ownerId: string;
  createdAt: string;
}

/** The liga, or null when it does not exist or the player is not in it. */
export async function getLeague(leagueId: string): Promise<League | null> {
  const { data, error } = await supabase.from('leagues').select('id, name, code, prize_note, owner_id, created_at').eq('id', leagueId).maybeSingle();
  if (error) throw error;
  return data ? { id: data.id, name: data.name, code: data.code, prizeNote: data.prize_note ?? null, ownerId: data.owner_id, createdAt: data.created_at } : null;
}
