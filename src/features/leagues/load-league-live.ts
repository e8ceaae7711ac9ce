// A liga's page during a round being played (docs/match-day.md): the round its members played,
// with every member's picks (the database answers them once the deadline has passed), from which
// the page builds the liga's table as it would stand. Not kept in the read cache: a provisional
// table from another moment of the match would show a score that no longer holds.
import { getLiveRounds } from '@/features/picks';
import type { RoundWithMatches } from '@/lib/game/rounds';
import { getLeagueRoundPicks, type LeaguePicks } from './api/get-league-round-picks';

export interface LeagueLive {
  round: RoundWithMatches;
  /** user id → match id → the member's pick. */
  picks: LeaguePicks;
}

/** The round being played that someone in the liga played; null when none (or it cannot be read). */
export async function loadLeagueLive(userId: string, leagueId: string): Promise<LeagueLive | null> {
  if (!navigator.onLine) return null;
  try {
    for (const { round } of await getLiveRounds(userId)) {
      const picks = await getLeagueRoundPicks(leagueId, round.id);
      if (Object.keys(picks).length > 0) return { round, picks };
    }
  } catch (error) {
    // The page stands without it: the live part is extra.
    console.warn('La jornada en vivo de la liga no está disponible', error);
  }
  return null;
}
