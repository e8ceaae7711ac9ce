// This week's round for the player's home: the open round (deadline ahead, results not
// saved), soonest first, with its matches, clubs and bonus markers.
import { ROUND_WITH_MATCHES_SELECT, teamName, toRoundWithMatches, type RoundMatch, type RoundWithMatches } from '@/lib/rounds';
import { supabase } from '@/lib/supabase';

export interface WeekMatch extends RoundMatch {
  /** The team names as shown (club short name, else club name, else the typed text). */
  home: string;
  away: string;
}

export interface WeekRound extends RoundWithMatches {
  matches: WeekMatch[];
}

export async function getWeekMatches(now: Date = new Date()): Promise<WeekRound | null> {
  const { data, error } = await supabase
    .from('quinielas')
    .select(ROUND_WITH_MATCHES_SELECT)
    .gt('deadline', now.toISOString())
    .eq('results_saved', false)
    .order('deadline', { ascending: true })
    .order('match_order', { referencedTable: 'matches', ascending: true })
    .limit(1)
    .maybeSingle();
  if (error) throw error;
  if (!data) return null;
  const round = toRoundWithMatches(data);
  return {
    ...round,
    matches: round.matches.map((m) => ({ ...m, home: teamName(m.homeClub, m.homeTeam), away: teamName(m.awayClub, m.awayTeam) })),
  };
}
