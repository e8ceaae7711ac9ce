import { supabase } from '@/lib/supabase';

/**
 * Asks to change the player's e-mail: Auth mails a link to the current address and one to the
 * new (double confirmation, supabase/config.toml), which bring him back to /settings. Nothing
 * changes until both are opened.
 */
export async function requestEmailChange(newEmail: string): Promise<void> {
  const { error } = await supabase.auth.updateUser({ email: newEmail }, { emailRedirectTo: `${window.location.origin}/settings` });
  if (error) throw error;
}
