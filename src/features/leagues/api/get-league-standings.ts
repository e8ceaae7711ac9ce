// The liga's table for a month (public.get_league_standings): the same rows, points and tie
// rule as the global ranking (get_monthly_leaderboard), ranked among the liga's members.
import { supabase } from '@/lib/supabase';
import type { GameMonth, LeaderboardEntry } from '@/features/standings';

export async function getLeagueStandings(leagueId: string, { year, month }: GameMonth): Promise<LeaderboardEntry[]> {
  const { data, error } = await supabase.rpc('get_league_standings', { league_id: leagueId, month_input: month, year_input: year });
  if (error) throw error;
  return (data ?? []).map((r) => ({
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
  }));
}
