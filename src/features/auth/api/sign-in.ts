import { supabase } from '@/lib/supabase';
import { normalizeEmail } from '../validation';

export async function signIn(email: string, password: string): Promise<void> {
  const { error } = await supabase.auth.signInWithPassword({ email: normalizeEmail(email), password });
  if (error) throw error;
}
