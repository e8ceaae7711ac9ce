import { supabase } from '@/lib/supabase';
import { gameDayBefore } from '../typed-time';

export interface Analytics {
  activeUsers: number;
  totalSignups: number;
  newReferrals: number;
  referralTop: Array<{ username: string; count: number }>;
}

/** The last 30 days (Mexico City dates) from admin_analytics_30d. */
export async function getAnalytics(): Promise<Analytics> {
  const { data, error } = await supabase.rpc('admin_analytics_30d', { p_from: gameDayBefore(30) });
  if (error) throw error;
  const d = data as { active_users: number; total_signups: number; new_referrals: number; referral_top: Array<{ username: string; count: number }> | null };
  return { activeUsers: d.active_users, totalSignups: d.total_signups, newReferrals: d.new_referrals, referralTop: d.referral_top ?? [] };
}
