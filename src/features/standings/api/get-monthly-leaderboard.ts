// The month's ranking as the database computes it (get_monthly_leaderboard).
import type { GameMonth } from '../months';
import type { LeaderboardEntry } from '../leaderboard-rows';
import { callRpc } from './rpc';

interface LeaderboardRow {
  user_id: string;
  username: string | null;
  favorite_club_id: number | null;
  club_logo_url: string | null;
  total_points: number | null;
  daily_points: number | null;
  weekly_points: number | null;
  referral_points: number | null;
  rank_total: number;
  rank_weekly: number;
  rank_daily: number;
  previous_rank: number | null;
}

export async function getMonthlyLeaderboard({ year, month }: GameMonth): Promise<LeaderboardEntry[]> {
  const rows = await callRpc<LeaderboardRow>('get_monthly_leaderboard', { month_input: month, year_input: year });
  return rows.map((r) => ({
    userId: r.user_id,
    username: r.username,
    clubId: r.favorite_club_id,
    clubLogoUrl: r.club_logo_url,
    totalPoints: r.total_points ?? 0,
    dailyPoints: r.daily_points ?? 0,
    weeklyPoints: r.weekly_points ?? 0,
    referralPoints: r.referral_points ?? 0,
    rankTotal: r.rank_total,
    rankWeekly: r.rank_weekly,
    rankDaily: r.rank_daily,
    previousRank: r.previous_rank,
  }));
}
