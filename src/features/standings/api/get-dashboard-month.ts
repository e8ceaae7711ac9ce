// Which month the player's home ranks (docs/product.md#player-home): the previous month while a round whose
// deadline fell in an earlier month is still unscored, else the current month — so on the
// 1st the last round of the month keeps counting until its results are in. Only last month's
// rounds count, so a forgotten old round cannot pin the home to a stale month.
// And until the player has points this month, the month he had points in last (issue 44, item
// 10: the first days of a month showed an empty month), with `waiting` naming the new month so
// the home says why it shows the last one.
import { supabase } from '@/lib/supabase';
import { gameMonthOf, monthStart, previousMonth, type GameMonth } from '../months';

export interface DashboardMonth {
  month: GameMonth;
  /** Set when the home shows last month because this one has no points of his yet. */
  waiting: GameMonth | null;
}

export async function getDashboardMonth(userId: string, now: Date = new Date()): Promise<DashboardMonth> {
  const current = gameMonthOf(now);
  const previous = previousMonth(current);
  const [unscored, mine] = await Promise.all([
    supabase
      .from('quinielas')
      .select('id')
      .eq('results_saved', false)
      .gte('deadline', monthStart(previous).toISOString())
      .lt('deadline', monthStart(current).toISOString())
      .limit(1),
    supabase
      .from('monthly_standings')
      .select('year, month')
      .eq('user_id', userId)
      .gt('total_points', 0)
      .or(`and(year.eq.${current.year},month.eq.${current.month}),and(year.eq.${previous.year},month.eq.${previous.month})`),
  ]);
  if (unscored.error) throw unscored.error;
  if (mine.error) throw mine.error;
  const has = (m: GameMonth) => mine.data.some((r) => r.year === m.year && r.month === m.month);
  const waiting = !has(current) && has(previous) ? current : null;
  return { month: unscored.data.length > 0 || waiting ? previous : current, waiting };
}
