// Who currently holds the month's prizes, ties already split (get_monthly_prizes).
import type { GameMonth } from '../months';
import { supabase } from '@/lib/supabase';

export interface MonthlyPrize {
  userId: string;
  username: string | null;
  rank: number;
  amountMxn: number;
}


export async function getMonthlyPrizes({ year, month }: GameMonth): Promise<MonthlyPrize[]> {
  const { data: rows, error } = await supabase.rpc('get_monthly_prizes', { month_input: month, year_input: year });
  if (error) throw error;
  return rows.map((r) => ({ userId: r.user_id, username: r.username, rank: r.rank, amountMxn: Number(r.amount_mxn) }));
}
