// Which month the player's home ranks (docs/product.md#player-home): the previous month while a round whose
// deadline fell in an earlier month is still unscored, else the current month — so on the
// 1st the last round of the month keeps counting until its results are in. Only last month's
// rounds count, so a forgotten old round cannot pin the home to a stale month.
import { supabase } from '@/lib/supabase';
import { gameMonthOf, monthStart, previousMonth, type GameMonth } from '../months';

export async function getDashboardMonth(now: Date = new Date()): Promise<GameMonth> {
  const current = gameMonthOf(now);
  const { data, error } = await supabase
    .from('quinielas')
    .select('id')
    .eq('results_saved', false)
    .gte('deadline', monthStart(previousMonth(current)).toISOString())
    .lt('deadline', monthStart(current).toISOString())
    .limit(1);
  if (error) throw error;
  return data.length > 0 ? previousMonth(current) : current;
}
