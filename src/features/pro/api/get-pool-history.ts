// The Pro pool through the week (public.pro_pool_history, issue 33): the open ledger's
// contributions added up over time, one point per hour with a payment, after a 0 at publication.
import { supabase } from '@/lib/supabase';
import type { PoolPoint } from '../model/pool-history';

export async function getPoolHistory(roundId: number): Promise<PoolPoint[]> {
  const { data, error } = await supabase.rpc('pro_pool_history', { p_quiniela: roundId });
  if (error) throw error;
  return data.map((p) => ({ at: Date.parse(p.at), mxn: Number(p.contributed_mxn) }));
}
