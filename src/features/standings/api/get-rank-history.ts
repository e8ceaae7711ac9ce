// The month's race (issue 33): one player's rank per Mexico City day (public.get_rank_history),
// and the lines the signed-in player may compare it with — the month's top 3 and his friends
// (public.get_rank_history_compare).
import { supabase } from '@/lib/supabase';
import type { GameMonth } from '../months';
import type { RacePoint } from '../race';

export async function getRankHistory(userId: string, { year, month }: GameMonth): Promise<RacePoint[]> {
  const { data, error } = await supabase.rpc('get_rank_history', { user_id_input: userId, month_input: month, year_input: year });
  if (error) throw error;
  return data.map((r) => ({ day: r.day, rank: r.rank_total }));
}

export interface CompareLine {
  userId: string;
  username: string;
  line: 'top' | 'friend';
  points: RacePoint[];
}

export async function getRankHistoryCompare({ year, month }: GameMonth): Promise<CompareLine[]> {
  const { data, error } = await supabase.rpc('get_rank_history_compare', { month_input: month, year_input: year });
  if (error) throw error;
  const lines = new Map<string, CompareLine>();
  for (const r of data) {
    const line = lines.get(r.user_id) ?? { userId: r.user_id, username: r.username, line: r.line === 'top' ? 'top' : 'friend', points: [] };
    line.points.push({ day: r.day, rank: r.rank_total });
    lines.set(r.user_id, line);
  }
  return [...lines.values()];
}
