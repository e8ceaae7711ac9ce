// The referral card's figures for the signed-in player (public.get_my_referral_stats).
import { supabase } from '@/lib/supabase';

export interface ReferralStats {
  code: string;
  invited: number;
  active: number;
  monthPoints: number;
  monthlyCap: number;
}

export async function getReferralStats(): Promise<ReferralStats | null> {
  const { data, error } = await supabase.rpc('get_my_referral_stats');
  if (error) throw error;
  const row = data[0];
  return row ? { code: row.referral_code, invited: row.invited, active: row.active, monthPoints: row.month_points, monthlyCap: row.monthly_cap } : null;
}
