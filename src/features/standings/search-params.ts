// The standings screens' URL parameters (`?mes=2026-11`, `?orden=boost`). Route files parse
// them in the route tree, which every first visit loads, so they live apart from months.ts and
// leaderboard-rows.ts, whose code then loads only with the screens.
import type { GameMonth } from './months';

export const LEADERBOARD_TABS = ['boost', 'quinielazo', 'total'] as const;
export type LeaderboardTab = (typeof LEADERBOARD_TABS)[number];

export function isLeaderboardTab(value: unknown): value is LeaderboardTab {
  return typeof value === 'string' && (LEADERBOARD_TABS as readonly string[]).includes(value);
}

/** "2026-11" → November 2026; anything else → undefined. */
export function parseMonthKey(key: unknown): GameMonth | undefined {
  if (typeof key !== 'string') return undefined;
  const match = /^(\d{4})-(\d{2})$/.exec(key);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { year, month } : undefined;
}
