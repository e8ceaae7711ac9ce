// Everything the signed-in home (/dashboard, /inicio) shows. Each part loads on its own, so a
// failed read empties one card (logged, docs/product.md#messages) instead of the whole page.
// Each goes through the read cache: offline, the home opens from the copy of the last visit and
// says from when (issue 32).
import { cachedRead, isOfflineMiss, MAX_AGE } from '@/lib/cached-read';
import { getDashboardMonth } from './api/get-dashboard-month';
import { getMonthlyLeaderboard } from './api/get-monthly-leaderboard';
import { getMonthlyPrizes, type MonthlyPrize } from './api/get-monthly-prizes';
import { getMyUsername } from './api/get-my-username';
import { getPrizeTable, type PrizeRow } from './api/get-prize-table';
import { getUserScoresByMonth, type RoundScore } from './api/get-user-scores-by-month';
import { getWeekMatches, type WeekRound } from './api/get-week-matches';
import type { LeaderboardEntry } from './leaderboard-rows';
import { sortForTab } from './tab-order';
import { gameMonthOf, monthKey, type GameMonth } from './months';

export type Part<T> = { ok: true; value: T } | { ok: false };

interface Reads {
  /** The oldest saved copy shown, when any part came from the cache. */
  cachedAt: number | null;
  /** Parts that failed offline for want of a copy. */
  missed: number;
}

function partReader(userId: string, reads: Reads) {
  return async function part<T>(what: string, key: string, read: () => Promise<T>): Promise<Part<T>> {
    try {
      const got = await cachedRead(`home:${key}`, userId, read, MAX_AGE.standings);
      if (got.cachedAt !== null) reads.cachedAt = Math.min(reads.cachedAt ?? got.cachedAt, got.cachedAt);
      return { ok: true, value: got.data };
    } catch (error) {
      if (isOfflineMiss(error)) reads.missed++;
      else console.error(what, error);
      return { ok: false };
    }
  };
}

export interface PlayerHomeData {
  username: string | null;
  /** The month the stats and top 3 are about (the previous one while its last round is unscored). */
  month: GameMonth;
  /** The new month, when the home shows the last one because the player has no points in it yet. */
  waiting: GameMonth | null;
  /** The player's leaderboard entry that month, null when he has no points yet. */
  me: Part<LeaderboardEntry | null>;
  top3: Part<LeaderboardEntry[]>;
  rounds: Part<RoundScore[]>;
  week: Part<WeekRound | null>;
  prizes: Part<PrizeRow[]>;
  prizeHolders: Part<MonthlyPrize[]>;
  /** Offline: when the copy shown was saved (the oldest part's); null when read from the server. */
  cachedAt: number | null;
  /** Offline and this phone has no copy of any of it. */
  noCopy: boolean;
}

export async function loadPlayerHome(userId: string, now: Date = new Date()): Promise<PlayerHomeData> {
  const reads: Reads = { cachedAt: null, missed: 0 };
  const part = partReader(userId, reads);
  const monthPart = await part('Error loading quinielas', 'shown-month', () => getDashboardMonth(userId, now));
  const month = monthPart.ok ? monthPart.value.month : gameMonthOf(now);
  const waiting = monthPart.ok ? monthPart.value.waiting : null;
  const m = monthKey(month);
  const [username, board, rounds, week, prizes, prizeHolders] = await Promise.all([
    part('Error loading profile data', 'username', () => getMyUsername(userId)),
    part('Error loading leaderboard', `top3:${m}`, () => getMonthlyLeaderboard(month, { top: 3, userId, rankings: ['rank_total'] })),
    part('Error loading quinielas', `rounds:${m}`, () => getUserScoresByMonth(userId, month)),
    part('Error loading matches', 'week', () => getWeekMatches(now)),
    part('Error loading prizes', 'prizes', () => getPrizeTable()),
    part('Error loading prizes', `prize-holders:${m}`, () => getMonthlyPrizes(month)),
  ]);
  return {
    username: username.ok ? username.value : null,
    month,
    waiting,
    me: board.ok ? { ok: true, value: board.value.find((e) => e.userId === userId) ?? null } : { ok: false },
    top3: board.ok ? { ok: true, value: sortForTab(board.value, 'total').slice(0, 3) } : { ok: false },
    rounds,
    week,
    prizes,
    prizeHolders,
    cachedAt: reads.cachedAt,
    noCopy: reads.missed === 7,
  };
}
