import { supabase } from '@/lib/supabase';

/** Whether a username is free among other players (case-insensitive; the player's own name counts as free). */
export async function checkUsernameAvailable(username: string): Promise<boolean> {
  const { data, error } = await supabase.rpc('username_available', { name: username.trim() });
  if (error) throw error;
  return data === true;
}
