// One round within the liga (public.get_league_round_standings): each member's points and hits,
// ranked with ties sharing; rank 1 is the liga's winner of the round. A member who made no picks
// in it (he joined later, or skipped it) has no place in it: rank null, after the rest (issue 44).
import { supabase } from '@/lib/supabase';

export interface RoundStanding {
  userId: string;
  username: string;
  clubLogoUrl: string | null;
  points: number;
  correct: number;
  /** Null: no picks in this round, no place in it. */
  rank: number | null;
}

export async function getLeagueRoundStandings(leagueId: string, roundId: number): Promise<RoundStanding[]> {
  const { data, error } = await supabase.rpc('get_league_round_standings', { league_id: leagueId, quiniela_id: roundId });
  if (error) throw error;
  return data.map((r) => ({ userId: r.user_id, username: r.username, clubLogoUrl: r.club_logo_url ?? null, points: r.points, correct: r.correct, rank: r.rank ?? null }));
}
