// The signed-in player's username, for the greeting (a player reads his own profile).
import { supabase } from '@/lib/supabase';

export async function getMyUsername(userId: string): Promise<string | null> {
  const { data, error } = await supabase.from('profiles').select('username').eq('id', userId).maybeSingle();
  if (error) throw error;
  return data?.username ?? null;
}
