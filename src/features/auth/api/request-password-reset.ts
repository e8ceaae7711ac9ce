import { supabase } from '@/lib/supabase';
import { normalizeEmail } from '../validation';

/** Sends the recovery mail; its link opens /reset-password with a recovery session. */
export async function requestPasswordReset(email: string): Promise<void> {
  const { error } = await supabase.auth.resetPasswordForEmail(normalizeEmail(email), {
    redirectTo: `${window.location.origin}/reset-password`,
  });
  if (error) throw error;
}
