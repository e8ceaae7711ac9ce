import { supabase } from '@/lib/supabase';

/** The address an e-mail change waits to confirm (Auth's `new_email`), or null when none is pending. */
export async function getPendingEmail(): Promise<string | null> {
  const { data, error } = await supabase.auth.getUser();
  if (error) throw error;
  return data.user.new_email ?? null;
}
