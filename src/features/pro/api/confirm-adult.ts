// The 18+ confirmation: read the player's own date, and set it (confirm_adult keeps the first).
import { supabase } from '@/lib/supabase';

export async function getAdultConfirmedAt(userId: string): Promise<string | null> {
  const { data, error } = await supabase.from('profiles').select('adult_confirmed_at').eq('id', userId).maybeSingle();
  if (error) throw error;
  return data?.adult_confirmed_at ?? null;
}

export async function confirmAdult(): Promise<string> {
  const { data, error } = await supabase.rpc('confirm_adult');
  if (error) throw error;
  return data;
}
