// What each of the admin's 30-day charts says in words (its role="img" label): counts that add up
// (sign-ups, referrals, picks) say their total; players active each day do not add up (the same
// player is active on many days: 31 players read as "436 in total"), so they say their average.
// Counted words by Spanish plural rules: "1 referido", not "1 referidos".
import { countOf } from '@/lib/plural';

export interface ChartSeries {
  title: string;
  rows: ReadonlyArray<{ name: string; value: number }>;
  /** The counted word, singular and plural: ['referido', 'referidos']. */
  unit: readonly [one: string, other: string];
  /** 'total' for counts that add up; 'average' for a daily head count. */
  sum: 'total' | 'average';
}

export function chartSummary({ title, rows, unit, sum }: ChartSeries): string {
  if (rows.length === 0) return `${title}: sin datos.`;
  const total = rows.reduce((s, r) => s + r.value, 0);
  const peak = rows.reduce((best, r) => (r.value > best.value ? r : best), rows[0]!);
  const figure = sum === 'total' ? `${countOf(total, ...unit)} en total` : `${countOf(Math.round(total / rows.length), ...unit)} al día en promedio`;
  return `${title}: ${figure}; el máximo, ${peak.value} (${peak.name}).`;
}
