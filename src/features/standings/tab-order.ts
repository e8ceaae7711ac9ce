// A ranking's order for each tab, apart from the rest of the leaderboard's rows
// (leaderboard-rows.ts re-exports it): the player's homes order their top 3 with it and load
// nothing else of the leaderboard's (docs/performance.md).
import type { LeaderboardTab } from './search-params';

/** What the order reads of a LeaderboardEntry (leaderboard-rows.ts). */
interface TabFigures {
  username: string | null;
  totalPoints: number;
  dailyPoints: number;
  weeklyPoints: number;
  rankTotal: number | null;
  rankWeekly: number | null;
  rankDaily: number | null;
}

/** No place sorts after every place. */
const NO_PLACE = Number.MAX_SAFE_INTEGER;

/** The entry's points in the tab's ranking. */
export function tabPoints(entry: TabFigures, tab: LeaderboardTab): number {
  if (tab === 'boost') return entry.dailyPoints;
  if (tab === 'quinielazo') return entry.weeklyPoints;
  return entry.totalPoints;
}

/** The rank the database gave the entry for the tab's points (tied players share a rank); null: none. */
function tabRank(entry: TabFigures, tab: LeaderboardTab): number | null {
  if (tab === 'boost') return entry.rankDaily;
  if (tab === 'quinielazo') return entry.rankWeekly;
  return entry.rankTotal;
}

/** No points in a ranking, no place in it (issue 32: not everyone first with 0 points): the rank
 * while the points are above 0, else none ("–", and no movement arrow). The one rule of a place
 * on a screen — the leaderboard's rows, "Posición" on the homes, a liga's table as it would stand
 * — as the database's liga table (internal.league_table) and the month's race
 * (get_rank_history) hold it. */
export function placeOf(points: number, rank: number | null): number | null {
  return rank !== null && points > 0 ? rank : null;
}

/** The entry's place in the tab's ranking (placeOf). */
export function tabPlace(entry: TabFigures, tab: LeaderboardTab): number | null {
  return placeOf(tabPoints(entry, tab), tabRank(entry, tab));
}

/** The entries ordered for a tab: its points, highest first; ties by total points, then name. */
export function sortForTab<T extends TabFigures>(entries: readonly T[], tab: LeaderboardTab): T[] {
  return [...entries].sort(
    (a, b) =>
      tabPoints(b, tab) - tabPoints(a, tab) ||
      (tabRank(a, tab) ?? NO_PLACE) - (tabRank(b, tab) ?? NO_PLACE) ||
      b.totalPoints - a.totalPoints ||
      compareNames(a.username ?? '', b.username ?? ''),
  );
}

/** A name without case or accents ("Ángel" → "angel"). */
const nameKey = (name: string) => name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** Names in the order a Spanish reader expects, case and accents aside. Not localeCompare: ICU's
 * collator costs a phone 40–80 ms when made, at the first render of every table with a tie. */
function compareNames(a: string, b: string): number {
  const x = nameKey(a);
  const y = nameKey(b);
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
