import { supabase } from '@/lib/supabase';

/** Logs a visit through a referral link (write-only for clients; admins read it). */
export async function recordReferralClick(referralCode: string, userAgent: string): Promise<void> {
  const { error } = await supabase.from('referral_clicks').insert({ referral_code: referralCode, user_agent: userAgent.slice(0, 512) });
  if (error) throw error;
}
