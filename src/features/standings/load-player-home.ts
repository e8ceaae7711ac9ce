// Everything the signed-in home (/dashboard, /inicio) shows. Each part loads on its own, so a
// failed read empties one card (logged, docs/product.md#messages) instead of the whole page.
import { getDashboardMonth } from './api/get-dashboard-month';
import { getMonthlyLeaderboard } from './api/get-monthly-leaderboard';
import { getMonthlyPrizes, type MonthlyPrize } from './api/get-monthly-prizes';
import { getMyUsername } from './api/get-my-username';
import { getPrizeTable, type PrizeRow } from './api/get-prize-table';
import { getUserScoresByMonth, type RoundScore } from './api/get-user-scores-by-month';
import { getWeekMatches, type WeekRound } from './api/get-week-matches';
import { sortForTab, type LeaderboardEntry } from './leaderboard-rows';
import { gameMonthOf, type GameMonth } from './months';

export type Part<T> = { ok: true; value: T } | { ok: false };

async function part<T>(what: string, read: () => Promise<T>): Promise<Part<T>> {
  try {
    return { ok: true, value: await read() };
  } catch (error) {
    console.error(what, error);
    return { ok: false };
  }
}

export interface PlayerHomeData {
  username: string | null;
  /** The month the stats and top 3 are about (the previous one while its last round is unscored). */
  month: GameMonth;
  /** The player's leaderboard entry that month, null when he has no points yet. */
  me: Part<LeaderboardEntry | null>;
  top3: Part<LeaderboardEntry[]>;
  rounds: Part<RoundScore[]>;
  week: Part<WeekRound | null>;
  prizes: Part<PrizeRow[]>;
  prizeHolders: Part<MonthlyPrize[]>;
}

export async function loadPlayerHome(userId: string, now: Date = new Date()): Promise<PlayerHomeData> {
  const monthPart = await part('Error loading quinielas', () => getDashboardMonth(now));
  const month = monthPart.ok ? monthPart.value : gameMonthOf(now);
  const [username, board, rounds, week, prizes, prizeHolders] = await Promise.all([
    part('Error loading profile data', () => getMyUsername(userId)),
    part('Error loading leaderboard', () => getMonthlyLeaderboard(month, { top: 3, userId, rankings: ['rank_total'] })),
    part('Error loading quinielas', () => getUserScoresByMonth(userId, month)),
    part('Error loading matches', () => getWeekMatches(now)),
    part('Error loading prizes', () => getPrizeTable()),
    part('Error loading prizes', () => getMonthlyPrizes(month)),
  ]);
  return {
    username: username.ok ? username.value : null,
    month,
    me: board.ok ? { ok: true, value: board.value.find((e) => e.userId === userId) ?? null } : { ok: false },
    top3: board.ok ? { ok: true, value: sortForTab(board.value, 'total').slice(0, 3) } : { ok: false },
    rounds,
    week,
    prizes,
    prizeHolders,
  };
}
