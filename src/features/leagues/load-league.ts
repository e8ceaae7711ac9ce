// Everything /ligas/<id> shows, read together and kept in the read cache (src/lib/cached-read.ts),
// so the liga's table opens offline like the player's history: the liga, the month's table (its
// members, with their clubs' names) of the month asked for, the months it can show, and the
// round: who still has to pick before its deadline and whether "Recordarles" already went; after
// it, everybody's picks and the round's table within the liga.
import type { Cached } from '@/lib/cached-read';
import { cachedRead, MAX_AGE } from '@/lib/cached-read';
import type { RoundWithMatches } from '@/lib/game/rounds';
import { compareMonths, gameMonthOf, leaderboardMonths, monthKey, parseMonthKey, type GameMonth, type LeaderboardEntry } from '@/features/standings';
import { getClubNames } from './api/get-club-names';
import { getLeague, type League } from './api/get-league';
import { getLeagueMissingPicks } from './api/get-league-missing-picks';
import { getLeagueReminder } from './api/get-league-reminder';
import { getLeagueRound } from './api/get-league-round';
import { getLeagueRoundPicks, type LeaguePicks } from './api/get-league-round-picks';
import { getLeagueRoundStandings, type RoundStanding } from './api/get-league-round-standings';
import { getLeagueRounds, type RoundOption } from './api/get-league-rounds';
import { getLeagueStandings } from './api/get-league-standings';

export interface LeagueData {
  /** Null: no such liga, or the player is not in it. */
  league: League | null;
  /** The months the table offers: from the liga's first month to the current one, newest first. */
  months: GameMonth[];
  month: GameMonth;
  /** The new month, when the table opened on the last one because nobody has points in this one yet. */
  waiting: GameMonth | null;
  /** Every member, with his month (0 points before his first). */
  entries: LeaderboardEntry[];
  /** The same members ranked by Boost, arrows against last month's Boost places. */
  boostEntries: LeaderboardEntry[];
  /** The members' clubs by id. */
  clubNames: Record<number, string>;
  round: RoundWithMatches | null;
  /** The rounds a member can browse: the open one and the closed ones, newest first. */
  rounds: RoundOption[];
  /** The round's deadline had passed when read (the server keeps its own clock). */
  closed: boolean;
  /** Before the deadline: the members without complete picks. */
  missing: string[];
  /** Before the deadline: when this round's "Recordarles" went (null: not yet). */
  remindedAt: string | null;
  /** After the deadline: every member's picks. */
  picks: LeaguePicks;
  /** The round within the liga (points, hits, rank). */
  roundStandings: RoundStanding[];
}

/** The liga's months: from the month it was created (Mexico City) to the current one, newest first. */
function leagueMonths(createdAt: string, current: GameMonth): GameMonth[] {
  return leaderboardMonths([gameMonthOf(new Date(createdAt))], current);
}

export function loadLeague(userId: string, leagueId: string, roundId: number | undefined, monthAsked?: string): Promise<Cached<LeagueData>> {
  const now = new Date();
  const current = gameMonthOf(now);
  const requested = parseMonthKey(monthAsked) ?? current;
  // "liga:", not the first version's "league:": a copy of that shape (no months, no clubs) is never read.
  return cachedRead(
    `liga:${leagueId}:${roundId ?? 'current'}:${monthKey(requested)}`,
    userId,
    async (): Promise<LeagueData> => {
      const league = await getLeague(leagueId);
      const empty = { months: [current], month: current, waiting: null, entries: [], boostEntries: [], clubNames: {}, round: null, rounds: [], closed: false, missing: [], remindedAt: null, picks: {}, roundStandings: [] };
      if (!league) return { league, ...empty };
      const months = leagueMonths(league.createdAt, current);
      // A month the liga cannot show (before it existed, or ahead of the clock) shows the current one.
      let month = months.find((m) => compareMonths(m, requested) === 0) ?? current;
      let waiting: GameMonth | null = null;
      const [monthEntries, monthBoost, round, rounds] = await Promise.all([
        getLeagueStandings(leagueId, month),
        getLeagueStandings(leagueId, month, true),
        getLeagueRound(roundId, now),
        getLeagueRounds(now),
      ]);
      let [entries, boostEntries] = [monthEntries, monthBoost];
      // Opened with no month asked while nobody in the liga has points this month (its first
      // days, issue 44 item 10): last month's final table, said so, not everyone at 0.
      const last = months[1];
      if (!monthAsked && compareMonths(month, current) === 0 && last && entries.every((e) => e.totalPoints === 0)) {
        const [lastEntries, lastBoost] = await Promise.all([getLeagueStandings(leagueId, last), getLeagueStandings(leagueId, last, true)]);
        if (lastEntries.some((e) => e.totalPoints > 0)) [month, waiting, entries, boostEntries] = [last, current, lastEntries, lastBoost];
      }
      const closed = round ? round.resultsSaved || Date.parse(round.deadline) <= now.getTime() : false;
      const [missing, remindedAt, picks, roundStandings, clubNames] = await Promise.all([
        round && !closed ? getLeagueMissingPicks(leagueId, round.id) : [],
        round && !closed ? getLeagueReminder(leagueId, round.id) : null,
        round && closed ? getLeagueRoundPicks(leagueId, round.id) : {},
        round ? getLeagueRoundStandings(leagueId, round.id) : [],
        getClubNames(entries.flatMap((e) => (e.clubId === null ? [] : [e.clubId]))),
      ]);
      return { league, months, month, waiting, entries, boostEntries, clubNames, round, rounds, closed, missing, remindedAt, picks, roundStandings };
    },
    MAX_AGE.league,
  );
}
