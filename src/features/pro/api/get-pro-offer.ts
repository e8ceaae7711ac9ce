// What /pro and the weekly page's promo show: the packs (prices are data, pro_packs) and the
// open round's live pool (pro_pool_stats: at least the minimum, from the credited payments).
import type { RoundSummary } from '@/lib/game/rounds';
import { supabase } from '@/lib/supabase';

interface ProPack {
  packType: string;
  entries: number;
  priceMxn: number;
  poolMxn: number;
  title: string;
}

export interface PoolStats {
  poolMxn: number;
  players: number;
  entries: number;
}

export interface ProOffer {
  packs: ProPack[];
  /** The smallest pool a round pays (pro_pool_minimum). */
  minimumMxn: number;
}

export async function getProOffer(): Promise<ProOffer> {
  const [packs, minimum] = await Promise.all([
    supabase.from('pro_packs').select('pack_type, entries, price_mxn, pool_mxn, title').order('price_mxn'),
    supabase.rpc('pro_pool_minimum'),
  ]);
  if (packs.error) throw packs.error;
  if (minimum.error) throw minimum.error;
  return {
    packs: packs.data.map((p) => ({ packType: p.pack_type, entries: p.entries, priceMxn: Number(p.price_mxn), poolMxn: Number(p.pool_mxn), title: p.title })),
    minimumMxn: Number(minimum.data),
  };
}

export async function getPoolStats(round: Pick<RoundSummary, 'id'>): Promise<PoolStats> {
  const { data, error } = await supabase.rpc('pro_pool_stats', { p_quiniela: round.id });
  if (error) throw error;
  const row = data[0];
  return { poolMxn: Number(row?.pool_mxn ?? 0), players: row?.players ?? 0, entries: row?.entries ?? 0 };
}
