// Copies the player's free picks of the round into one of his entries (the database checks
// the entry is his and the round open). Answers how many picks were copied.
import { supabase } from '@/lib/supabase';

export async function copyFreePicks(entryId: number): Promise<number> {
  const { data, error } = await supabase.rpc('copy_free_picks_to_paid_entry', { p_entry: entryId });
  if (error) throw error;
  return data;
}
