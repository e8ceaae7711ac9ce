import { supabase } from '@/lib/supabase';

/**
 * Sets a new password for the signed-in player. In a session older than 24 hours Auth asks for
 * the code it mailed (`nonce`, from sendReauthenticationCode): without it the answer is the
 * `reauthentication_needed` error, with a wrong one `reauthentication_not_valid`.
 */
export async function changePassword(password: string, nonce?: string): Promise<void> {
  const { error } = await supabase.auth.updateUser(nonce ? { password, nonce } : { password });
  if (error) throw error;
}
