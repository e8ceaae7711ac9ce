// Everything /leaderboard needs for one month. A failed read is logged ('Error loading
// leaderboard', docs/product.md#messages); the month's rows failing is said on the page too, so
// a dropped connection never reads as an empty month (docs/decisions.md).
import { currentSession } from '@/lib/session';
import { getLeaderboardMonths } from './api/get-leaderboard-months';
import { getMonthlyLeaderboard } from './api/get-monthly-leaderboard';
import { TOP_ROWS, type LeaderboardEntry } from './leaderboard-rows';
import { compareMonths, gameMonthOf, leaderboardMonths, type GameMonth } from './months';

export interface LeaderboardData {
  /** Newest first. */
  months: GameMonth[];
  month: GameMonth;
  entries: LeaderboardEntry[];
  /** The month's rows could not be read (not: the month has none). */
  failed: boolean;
}

export async function loadLeaderboard(requested: GameMonth | undefined, now: Date = new Date()): Promise<LeaderboardData> {
  const current = gameMonthOf(now);
  let withRounds: GameMonth[] = [];
  try {
    withRounds = await getLeaderboardMonths();
  } catch (error) {
    console.error('Error loading leaderboard', error);
  }
  const months = leaderboardMonths(withRounds, current);
  const month = (requested && months.find((m) => compareMonths(m, requested) === 0)) || current;
  let entries: LeaderboardEntry[] = [];
  let failed = false;
  try {
    const session = await currentSession();
    entries = await getMonthlyLeaderboard(month, { top: TOP_ROWS, userId: session?.user.id });
  } catch (error) {
    console.error('Error loading leaderboard', error);
    failed = true;
  }
  return { months, month, entries, failed };
}
