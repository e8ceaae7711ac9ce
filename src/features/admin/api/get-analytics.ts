import { supabase } from '@/lib/supabase';
import { gameDayBefore } from '../typed-time';

export interface Analytics {
  activeUsers: number;
  totalSignups: number;
  newReferrals: number;
  referralTop: Array<{ username: string; count: number }>;
  /** Per Mexico City day of the window, oldest first. */
  days: Array<{ day: string; active: number; signups: number; referrals: number }>;
  /** Picks of each round that closed in the window. */
  rounds: Array<{ name: string; picks: number }>;
}

/** The last 30 days (Mexico City dates) from admin_analytics_30d. */
export async function getAnalytics(): Promise<Analytics> {
  const { data, error } = await supabase.rpc('admin_analytics_30d', { p_from: gameDayBefore(30) });
  if (error) throw error;
  const d = data as {
    active_users: number; total_signups: number; new_referrals: number; referral_top: Array<{ username: string; count: number }> | null;
    days: Analytics['days'] | null; rounds: Analytics['rounds'] | null;
  };
  return {
    activeUsers: d.active_users, totalSignups: d.total_signups, newReferrals: d.new_referrals, referralTop: d.referral_top ?? [],
    days: d.days ?? [], rounds: d.rounds ?? [],
  };
}
