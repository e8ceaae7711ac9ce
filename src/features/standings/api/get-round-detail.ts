// One scored round for the history's detail modal: its matches with the result and both
// clubs, and the signed-in player's own pick on each (RLS lets him read only his own).
import { MATCH_SELECT, teamName, toRoundMatch, toSide, type MatchSide, type RoundMatch } from '@/lib/game/rounds';
import { supabase } from '@/lib/supabase';

export interface RoundDetailMatch extends RoundMatch {
  /** The team names as shown (club short name, else club name, else the typed text). */
  home: string;
  away: string;
  /** The saved result; the offline cache stores these rows under this name. */
  result: MatchSide | null;
  pick: MatchSide | null;
}

export async function getRoundDetail(roundId: number, userId: string): Promise<RoundDetailMatch[]> {
  const [matches, picks] = await Promise.all([
    supabase.from('matches').select(MATCH_SELECT).eq('quiniela_id', roundId).order('match_order'),
    supabase.from('picks').select('match_id, result').eq('quiniela_id', roundId).eq('user_id', userId),
  ]);
  if (matches.error) throw matches.error;
  if (picks.error) throw picks.error;
  const pickByMatch = new Map(picks.data.map((p) => [p.match_id, toSide(p.result)]));
  return matches.data.map((row) => {
    const match = toRoundMatch(row);
    return {
      ...match,
      home: teamName(match.homeClub, match.homeTeam),
      away: teamName(match.awayClub, match.awayTeam),
      result: match.correctResult,
      pick: pickByMatch.get(match.id) ?? null,
    };
  });
}
