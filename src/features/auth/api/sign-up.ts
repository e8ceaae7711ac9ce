// Sign-up (spec §4): the account with its metadata (the database turns it into a profile on
// confirmation) plus the pending signup record the chain also reads.
import { supabase } from '@/lib/supabase';
import { normalizeEmail } from '../validation';

export interface SignUpInput {
  username: string;
  email: string;
  password: string;
  newsletterOptIn: boolean;
  referredBy: string | null;
}

export async function signUp(input: SignUpInput): Promise<void> {
  const email = normalizeEmail(input.email);
  const username = input.username.trim();
  const { error } = await supabase.auth.signUp({
    email,
    password: input.password,
    options: {
      emailRedirectTo: `${window.location.origin}/inicio`,
      data: { username, newsletter_opt_in: input.newsletterOptIn, referred_by: input.referredBy },
    },
  });
  if (error) throw error;
  const { error: pendingError } = await supabase
    .from('pending_signups')
    .insert({ email, username, newsletter_opt_in: input.newsletterOptIn, referred_by: input.referredBy });
  // 23505: a pending signup for this e-mail exists already (a second attempt); the metadata suffices.
  if (pendingError && pendingError.code !== '23505') console.warn('No se guardó el registro pendiente', pendingError);
}
