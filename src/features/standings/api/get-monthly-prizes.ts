// Who currently holds the month's prizes, ties already split (get_monthly_prizes).
import type { GameMonth } from '../months';
import { callRpc } from './rpc';

export interface MonthlyPrize {
  userId: string;
  username: string | null;
  rank: number;
  amountMxn: number;
}

interface MonthlyPrizeRow {
  user_id: string;
  username: string | null;
  rank: number;
  amount_mxn: number | string;
}

export async function getMonthlyPrizes({ year, month }: GameMonth): Promise<MonthlyPrize[]> {
  const rows = await callRpc<MonthlyPrizeRow>('get_monthly_prizes', { month_input: month, year_input: year });
  return rows.map((r) => ({ userId: r.user_id, username: r.username, rank: r.rank, amountMxn: Number(r.amount_mxn) }));
}
