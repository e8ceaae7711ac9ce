import { supabase } from '@/lib/supabase';

/**
 * Logs a visit through a referral link, once per visitor and code: the database keeps one row
 * per (code, visitor id), so a repeat (23505) is already logged (write-only for clients).
 */
export async function recordReferralClick(referralCode: string, visitorId: string, userAgent: string): Promise<void> {
  const { error } = await supabase
    .from('referral_clicks')
    .insert({ referral_code: referralCode, visitor_id: visitorId, user_agent: userAgent.slice(0, 512) });
  if (error && error.code !== '23505') throw error;
}
