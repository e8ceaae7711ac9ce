import { supabase } from '@/lib/supabase';

/** Signs out on this device; the session store hears SIGNED_OUT. */
export async function signOut(): Promise<void> {
  const { error } = await supabase.auth.signOut({ scope: 'local' });
  if (error) throw error;
}
