// The liga's table for a month (public.get_league_standings): the same rows, points and tie
// rule as the global ranking (get_monthly_leaderboard), ranked among the liga's members. The
// Boost month (public.get_league_boost_standings) has the same columns, its previous_rank being
// last month's Boost place: the table's arrow compares rank_total with it, so there rank_total
// carries the Boost rank. A rank is null where the member has no points in that ranking: no place
// (the SQL's rule, the one home of a liga place, issue 44).
import { supabase } from '@/lib/supabase';
import type { GameMonth, LeaderboardEntry } from '@/features/standings';

export async function getLeagueStandings(leagueId: string, { year, month }: GameMonth, boost = false): Promise<LeaderboardEntry[]> {
  const args = { league_id: leagueId, month_input: month, year_input: year };
  const { data, error } = await (boost ? supabase.rpc('get_league_boost_standings', args) : supabase.rpc('get_league_standings', args));
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
    rankTotal: (boost ? r.rank_daily : r.rank_total) ?? null,
    rankWeekly: r.rank_weekly ?? null,
    rankDaily: r.rank_daily ?? null,
    previousRank: r.previous_rank ?? null,
  }));
}
