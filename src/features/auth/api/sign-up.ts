// Sign-up (docs/product.md#sign-up): one call to the auth server. The username, newsletter opt-in and referral
// code travel as the account's metadata (raw_user_meta_data); the auth server's hook refuses
// values the rules do not accept, and the database builds the profile from them on confirmation.
import { supabase } from '@/lib/supabase';
import { normalizeUsername } from '@/lib/username';
import { normalizeEmail } from '../validation';

export interface SignUpInput {
  username: string;
  email: string;
  password: string;
  newsletterOptIn: boolean;
  referredBy: string | null;
  /** A liga's invitation code: the database joins the player to it on confirmation. */
  leagueCode?: string | null;
}

export async function signUp(input: SignUpInput): Promise<void> {
  const { error } = await supabase.auth.signUp({
    email: normalizeEmail(input.email),
    password: input.password,
    options: {
      // Invited to a liga: the mail's link lands on its invitation, which takes him into it.
      emailRedirectTo: input.leagueCode ? `${window.location.origin}/liga/${encodeURIComponent(input.leagueCode)}?unirme=1` : `${window.location.origin}/inicio`,
      data: {
        username: normalizeUsername(input.username),
        newsletter_opt_in: input.newsletterOptIn,
        referred_by: input.referredBy,
        ...(input.leagueCode ? { league_code: input.leagueCode } : {}),
      },
    },
  });
  if (error) throw error;
}
