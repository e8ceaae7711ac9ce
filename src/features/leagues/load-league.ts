// Everything /ligas/<id> shows, read together and kept in the read cache (src/lib/cached-read.ts),
// so the liga's table opens offline like the player's history: the liga, the month's table (its
// members), and the round: who still has to pick before its deadline; after it, everybody's picks
// and the round's table within the liga.
import type { Cached } from '@/lib/cached-read';
import { cachedRead, MAX_AGE } from '@/lib/cached-read';
import type { RoundWithMatches } from '@/lib/rounds';
import { gameMonthOf, monthKey, type GameMonth, type LeaderboardEntry } from '@/features/standings';
import { getLeague, type League } from './api/get-league';
import { getLeagueMissingPicks } from './api/get-league-missing-picks';
import { getLeagueRound } from './api/get-league-round';
import { getLeagueRoundPicks, type LeaguePicks } from './api/get-league-round-picks';
import { getLeagueRoundStandings, type RoundStanding } from './api/get-league-round-standings';
import { getLeagueStandings } from './api/get-league-standings';

export interface LeagueData {
  /** Null: no such liga, or the player is not in it. */
  league: League | null;
  month: GameMonth;
  /** Every member, with his month (0 points before his first). */
  entries: LeaderboardEntry[];
  /** The same members ranked by Boost, arrows against last month's Boost places. */
  boostEntries: LeaderboardEntry[];
  round: RoundWithMatches | null;
  /** The round's deadline had passed when read (the server keeps its own clock). */
  closed: boolean;
  /** Before the deadline: the members without complete picks. */
  missing: string[];
  /** After the deadline: every member's picks. */
  picks: LeaguePicks;
  /** The round within the liga (points, hits, rank). */
  roundStandings: RoundStanding[];
}

export function loadLeague(userId: string, leagueId: string, roundId: number | undefined): Promise<Cached<LeagueData>> {
  const now = new Date();
  const month = gameMonthOf(now);
  return cachedRead(
    `league:${leagueId}:${roundId ?? 'current'}:${monthKey(month)}`,
    userId,
    async (): Promise<LeagueData> => {
      const league = await getLeague(leagueId);
      if (!league) return { league, month, entries: [], boostEntries: [], round: null, closed: false, missing: [], picks: {}, roundStandings: [] };
      const [entries, boostEntries, round] = await Promise.all([
        getLeagueStandings(leagueId, month),
        getLeagueStandings(leagueId, month, true),
        getLeagueRound(roundId, now),
      ]);
      const closed = round ? round.resultsSaved || Date.parse(round.deadline) <= now.getTime() : false;
      const [missing, picks, roundStandings] = await Promise.all([
        round && !closed ? getLeagueMissingPicks(leagueId, round.id) : [],
        round && closed ? getLeagueRoundPicks(leagueId, round.id) : {},
        round ? getLeagueRoundStandings(leagueId, round.id) : [],
      ]);
      return { league, month, entries, boostEntries, round, closed, missing, picks, roundStandings };
    },
    MAX_AGE.league,
  );
}
