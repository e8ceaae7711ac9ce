// The month's ranking as the database computes it (get_monthly_leaderboard). Only what the
// page shows is read: the top of each ranking (Boost, weekly, total) and the player's own
// row, so a month with 100,000 players costs four small indexed reads, not the whole table.
import { supabase } from '@/lib/supabase';
import type { LeaderboardEntry } from '../leaderboard-rows';
import type { GameMonth } from '../months';

type RankColumn = 'rank_total' | 'rank_weekly' | 'rank_daily';
const RANKING_OF: Record<RankColumn, 'total' | 'weekly' | 'daily'> = { rank_total: 'total', rank_weekly: 'weekly', rank_daily: 'daily' };

export interface LeaderboardQuery {
  /** How many of the best of each ranking to read. */
  top: number;
  /** Also read this player's row, wherever he stands. */
  userId?: string | null;
  /** Which rankings' tops to read; all three by default (the tabs re-sort). */
  rankings?: readonly RankColumn[];
}

export async function getMonthlyLeaderboard({ year, month }: GameMonth, query: LeaderboardQuery): Promise<LeaderboardEntry[]> {
  const rpc = (args: { limit_input?: number; ranking_input?: string; user_id_input?: string }) =>
    supabase.rpc('get_monthly_leaderboard', { month_input: month, year_input: year, ...args });
  const rankings = query.rankings ?? (['rank_total', 'rank_weekly', 'rank_daily'] as const);
  // The function orders and limits inside the database, where the month's index does the work;
  // PostgREST's order/limit on an RPC would first compute every row.
  const reads = rankings.map((rank) => rpc({ limit_input: query.top, ranking_input: RANKING_OF[rank] }));
  if (query.userId) reads.push(rpc({ user_id_input: query.userId }));
  const results = await Promise.all(reads);
  const byUser = new Map<string, LeaderboardEntry>();
  for (const { data, error } of results) {
    if (error) throw error;
    for (const r of data) {
      byUser.set(r.user_id, {
        userId: r.user_id,
        username: r.username,
        clubId: r.favorite_club_id ?? null,
        clubLogoUrl: r.club_logo_url ?? null,
        totalPoints: r.total_points ?? 0,
        dailyPoints: r.daily_points ?? 0,
        weeklyPoints: r.weekly_points ?? 0,
        referralPoints: r.referral_points ?? 0,
        rankTotal: r.rank_total,
        rankWeekly: r.rank_weekly,
        rankDaily: r.rank_daily,
        previousRank: r.previous_rank ?? null,
      });
    }
  }
  return [...byUser.values()];
}
