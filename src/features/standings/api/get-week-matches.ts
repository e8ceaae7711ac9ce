// This week's round for the player's home: the open round (deadline ahead, results not
// saved), soonest first, with its matches, clubs and bonus markers.
import { getOpenRound } from '@/lib/game/open-round';
import { teamName, type RoundMatch, type RoundWithMatches } from '@/lib/game/rounds';

interface WeekMatch extends RoundMatch {
  /** The team names as shown (club short name, else club name, else the typed text). */
  home: string;
  away: string;
}

export interface WeekRound extends RoundWithMatches {
  matches: WeekMatch[];
}

export async function getWeekMatches(now: Date = new Date()): Promise<WeekRound | null> {
  const round = await getOpenRound(now);
  if (!round) return null;
  return {
    ...round,
    matches: round.matches.map((m) => ({ ...m, home: teamName(m.homeClub, m.homeTeam), away: teamName(m.awayClub, m.awayTeam) })),
  };
}
