import { supabase } from '@/lib/supabase';

/** Whether a username is free (case-insensitive), asked of the database as a visitor may. */
export async function checkUsernameAvailable(username: string): Promise<boolean> {
  const { data, error } = await supabase.rpc('username_available', { name: username.trim() });
  if (error) throw error;
  return data === true;
}
