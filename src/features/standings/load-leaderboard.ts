// Everything /leaderboard needs for one month. A failed read is logged ('Error loading
// leaderboard', docs/product.md#messages); the month's rows failing is said on the page too, so
// a dropped connection never reads as an empty month (docs/decisions/scoring.md). A signed-in player's
// reads go through the read cache, so a month he opened once opens offline too (issue 32).
import { cachedRead, isOfflineMiss, MAX_AGE } from '@/lib/cached-read';
import { currentSession } from '@/lib/session';
import { getLeaderboardMonths } from './api/get-leaderboard-months';
import { getMonthlyLeaderboard } from './api/get-monthly-leaderboard';
import { TOP_ROWS, type LeaderboardEntry } from './leaderboard-rows';
import { compareMonths, gameMonthOf, leaderboardMonths, monthKey, type GameMonth } from './months';

export interface LeaderboardData {
  /** Newest first. */
  months: GameMonth[];
  month: GameMonth;
  entries: LeaderboardEntry[];
  /** The month's rows could not be read (not: the month has none). */
  failed: boolean;
  /** Offline with no copy of the month's rows on this phone. */
  noCopy: boolean;
  /** Offline: when the copy shown was saved; null when read from the server. */
  cachedAt: number | null;
}

export async function loadLeaderboard(requested: GameMonth | undefined, now: Date = new Date()): Promise<LeaderboardData> {
  const current = gameMonthOf(now);
  const userId = (await currentSession().catch(() => null))?.user.id ?? null;
  let withRounds: GameMonth[] = [];
  try {
    withRounds = (await cachedRead('standings:months', userId, getLeaderboardMonths, MAX_AGE.standings)).data;
  } catch (error) {
    console.error('Error loading leaderboard', error);
  }
  const months = leaderboardMonths(withRounds, current);
  const month = (requested && months.find((m) => compareMonths(m, requested) === 0)) || current;
  let entries: LeaderboardEntry[] = [];
  let failed = false;
  let noCopy = false;
  let cachedAt: number | null = null;
  try {
    const read = await cachedRead(`standings:month:${monthKey(month)}`, userId, () => getMonthlyLeaderboard(month, { top: TOP_ROWS, userId }), MAX_AGE.standings);
    entries = read.data;
    cachedAt = read.cachedAt;
  } catch (error) {
    console.error('Error loading leaderboard', error);
    failed = true;
    noCopy = isOfflineMiss(error);
  }
  return { months, month, entries, failed, noCopy, cachedAt };
}
