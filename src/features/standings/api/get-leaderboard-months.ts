// The leaderboard's months as the database reports them (get_leaderboard_months), newest first.
import { supabase } from '@/lib/supabase';
import type { GameMonth } from '../months';

export async function getLeaderboardMonths(): Promise<GameMonth[]> {
  const { data, error } = await supabase.rpc('get_leaderboard_months');
  if (error) throw error;
  return data.map((r) => ({ year: r.year, month: r.month }));
}
