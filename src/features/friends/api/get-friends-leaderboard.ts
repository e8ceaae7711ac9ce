// The month's ranking among the player's friends and himself (public.get_friends_leaderboard).
import { supabase } from '@/lib/supabase';

export interface FriendRow {
  userId: string;
  username: string;
  clubLogoUrl: string | null;
  totalPoints: number;
  rank: number;
}

export async function getFriendsLeaderboard(year: number, month: number): Promise<FriendRow[]> {
  const { data, error } = await supabase.rpc('get_friends_leaderboard', { month_input: month, year_input: year });
  if (error) throw error;
  return data.map((r) => ({ userId: r.user_id, username: r.username, clubLogoUrl: r.club_logo_url, totalPoints: r.total_points, rank: r.rank_total }));
}
