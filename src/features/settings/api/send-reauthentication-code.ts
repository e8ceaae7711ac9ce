import { supabase } from '@/lib/supabase';

/** Mails the signed-in player the six-digit code a password change in a long session needs. */
export async function sendReauthenticationCode(): Promise<void> {
  const { error } = await supabase.auth.reauthenticate();
  if (error) throw error;
}
