// What the leaderboard shows, as pure functions of the monthly rows the database ranks:
// sorting by tab, the top 20 padded with placeholders, the player's own row below them,
// names cut for the table, and the rank-change marker.

import type { LeaderboardTab } from './search-params';
import { sortForTab, tabPoints } from './tab-order';

export { LEADERBOARD_TABS, type LeaderboardTab } from './search-params';
export { placeOf, tabPlace } from './tab-order';

export interface LeaderboardEntry {
  userId: string;
  username: string | null;
  clubId: number | null;
  clubLogoUrl: string | null;
  totalPoints: number;
  /** Boost (daily game) points. */
  dailyPoints: number;
  /** Weekly round (quinielazo) points. */
  weeklyPoints: number;
  referralPoints: number;
  /** The database's places (ties share); null where it gives none: a liga member without points
   * in that ranking has no place in it (internal.league_table, issue 44). */
  rankTotal: number | null;
  rankWeekly: number | null;
  rankDaily: number | null;
  /** Total rank at the end of the previous month; null when the player was not ranked then. */
  previousRank: number | null;
}

/** Each tab's name, also its column's heading in the table (one name for one thing). */
export const TAB_LABELS: Record<LeaderboardTab, string> = { boost: 'Boost', quinielazo: 'Quinielazo', total: 'Total' };

export const TOP_ROWS = 20;
const USERNAME_MAX = 15;

/** Whether anyone has points in the tab's ranking: a month without Boost games ranks nobody on
 * the Boost tab (issue 32: not everyone first with a gold medal and 0 points). */
export function anyoneRanked(entries: readonly LeaderboardEntry[], tab: LeaderboardTab): boolean {
  return entries.some((e) => tabPoints(e, tab) > 0);
}

export interface LeaderboardView {
  /** Exactly `size` slots: the best entries, then null placeholders. */
  top: (LeaderboardEntry | null)[];
  /** The signed-in player's entry when he is ranked but outside the top; else null. */
  own: LeaderboardEntry | null;
}

export function leaderboardView(
  entries: readonly LeaderboardEntry[],
  tab: LeaderboardTab,
  userId: string | null,
  size: number = TOP_ROWS,
): LeaderboardView {
  const sorted = sortForTab(entries, tab);
  const best = sorted.slice(0, size);
  const top: (LeaderboardEntry | null)[] = [...best, ...Array.from({ length: size - best.length }, () => null)];
  const ownIndex = userId ? sorted.findIndex((e) => e.userId === userId) : -1;
  return { top, own: ownIndex >= size ? sorted[ownIndex]! : null };
}

/** A username for the table: 'Anónimo' when empty, cut at 15 characters with an ellipsis. */
export function displayUsername(username: string | null | undefined, max: number = USERNAME_MAX): string {
  const name = username?.trim() ?? '';
  if (!name) return 'Anónimo';
  const chars = Array.from(name);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : name;
}

export type RankChange = { kind: 'new' } | { kind: 'same' } | { kind: 'up'; by: number } | { kind: 'down'; by: number };

/** Movement since last month's snapshot: a smaller rank number is a better place. */
export function rankChange(current: number, previous: number | null): RankChange {
  if (previous === null) return { kind: 'new' };
  if (previous > current) return { kind: 'up', by: previous - current };
  if (previous < current) return { kind: 'down', by: current - previous };
  return { kind: 'same' };
}

/** What the marker reads: '▲2', '▼1', '=' or 'Nuevo'. */
export function rankChangeText(change: RankChange): string {
  switch (change.kind) {
    case 'new':
      return 'Nuevo';
    case 'same':
      return '=';
    case 'up':
      return `▲${change.by}`;
    case 'down':
      return `▼${change.by}`;
  }
}

/** The same, for screen readers. */
export function rankChangeLabel(change: RankChange): string {
  switch (change.kind) {
    case 'new':
      return 'Nuevo este mes';
    case 'same':
      return 'Sin cambio respecto al mes pasado';
    case 'up':
      return `Subió ${change.by} ${change.by === 1 ? 'lugar' : 'lugares'} respecto al mes pasado`;
    case 'down':
      return `Bajó ${change.by} ${change.by === 1 ? 'lugar' : 'lugares'} respecto al mes pasado`;
  }
}

export type HistoryTone = 'green' | 'amber' | 'red';

/** The bar colour of a round in the history: 7+ correct green, 4+ amber, else red. */
export function historyTone(correct: number): HistoryTone {
  if (correct >= 7) return 'green';
  if (correct >= 4) return 'amber';
  return 'red';
}
