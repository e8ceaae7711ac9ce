// What the weekly page's Pro promo needs about a round: its pool and whether the player
// already has a live entry in it.
import { supabase } from '@/lib/supabase';
import { getPoolStats, type PoolStats } from './get-pro-offer';

export interface ProPromoData {
  stats: PoolStats;
  hasEntry: boolean;
}

export async function getProPromo(roundId: number, userId: string | null): Promise<ProPromoData> {
  const [stats, mine] = await Promise.all([
    getPoolStats({ id: roundId }),
    userId
      ? supabase.from('paid_entries').select('id', { count: 'exact', head: true }).eq('quiniela_id', roundId).eq('user_id', userId).is('voided_at', null)
      : Promise.resolve({ count: 0, error: null }),
  ]);
  if (mine.error) throw mine.error;
  return { stats, hasEntry: (mine.count ?? 0) > 0 };
}
