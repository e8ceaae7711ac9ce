// The stats band's figures (public.get_home_stats).
import { supabase } from '@/lib/supabase';

export interface HomeStats {
  prizesMxn: number;
  winners: number;
  players: number;
}

export async function getHomeStats(): Promise<HomeStats> {
  const { data, error } = await supabase.rpc('get_home_stats');
  if (error) throw error;
  const row = data[0];
  return { prizesMxn: Number(row?.prizes_mxn ?? 0), winners: row?.winners ?? 0, players: row?.players ?? 0 };
}
