// Months of the game, in Mexico City time: a round belongs to the month of its deadline there
// (docs/product.md#time), so "this month" is the month on a wall clock in Mexico City, not the
// device's. The clock itself is lib/time.ts.
import { gameClock, gameTimeToInstant, MONTHS } from '@/lib/time';

export interface GameMonth {
  year: number;
  /** 1–12 */
  month: number;
}

/** The month a moment falls in, on Mexico City's clock. */
export function gameMonthOf(date: Date = new Date()): GameMonth {
  const { year, month } = gameClock(date);
  return { year, month };
}

export function previousMonth({ year, month }: GameMonth): GameMonth {
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

export function compareMonths(a: GameMonth, b: GameMonth): number {
  return a.year - b.year || a.month - b.month;
}

/** The instant a month starts in Mexico City (00:00 hora del Centro on the 1st). */
export function monthStart({ year, month }: GameMonth): Date {
  return gameTimeToInstant(year, month, 1);
}

/** "Noviembre 2026" */
export function monthLabel({ year, month }: GameMonth): string {
  const name = MONTHS[month - 1];
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${year}`;
}

/** "noviembre de 2026": a month and its year inside a sentence ("Tu resumen de noviembre de
 * 2026."); monthLabel's capital is for a label standing alone (issue 44, item 13). */
export function monthPhrase({ year, month }: GameMonth): string {
  return `${MONTHS[month - 1]} de ${year}`;
}

/** "noviembre": the month's name inside a sentence (lower case, as Spanish writes it). */
export function monthWord({ month }: GameMonth): string {
  return MONTHS[month - 1];
}

/** "2026-11", the month in a URL. */
export function monthKey({ year, month }: GameMonth): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

export { parseMonthKey } from './search-params';

/**
 * The leaderboard's months: from the first month that has a round up to the current month,
 * newest first (docs/product.md#monthly-ranking). `withRounds` is what the database reports, in any order; the
 * current month is always offered, and months without rounds in between are kept so the
 * list has no gaps.
 */
export function leaderboardMonths(withRounds: readonly GameMonth[], current: GameMonth): GameMonth[] {
  const first = withRounds.reduce<GameMonth>((earliest, m) => (compareMonths(m, earliest) < 0 ? m : earliest), current);
  const months: GameMonth[] = [];
  for (let m = current; compareMonths(m, first) >= 0; m = previousMonth(m)) months.push(m);
  return months;
}

/** The history filter's months: the current month and the five before it, newest first. */
export function lastMonths(current: GameMonth, count = 6): GameMonth[] {
  const months: GameMonth[] = [];
  for (let i = 0, m = current; i < count; i++, m = previousMonth(m)) months.push(m);
  return months;
}
