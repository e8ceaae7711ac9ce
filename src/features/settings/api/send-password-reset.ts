import { supabase } from '@/lib/supabase';

/** Sends the recovery mail to the signed-in player; its link opens /reset-password. */
export async function sendPasswordReset(email: string): Promise<void> {
  const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: `${window.location.origin}/reset-password` });
  if (error) throw error;
}
