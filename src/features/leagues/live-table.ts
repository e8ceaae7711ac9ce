// A liga's month table as it would stand if the round being played ended now (docs/match-day.md):
// each member's month points plus his provisional points of the round ("Si terminara así", the
// same sum the player's own line shows: pointsIfItEndedNow), ranked with ties sharing, and how
// many places each would move. Provisional: shown marked so, never stored.
import { pointsIfItEndedNow, type LiveScore } from '@/features/picks';
import type { LeaderboardEntry } from '@/features/standings';
import { rulesFor } from '@/lib/game/game-rules';
import type { RoundWithMatches } from '@/lib/game/rounds';
import type { LeaguePicks } from './api/get-league-round-picks';

export interface ProvisionalRow {
  userId: string;
  username: string | null;
  /** His points this month, as the table has them now. */
  monthPoints: number;
  /** His points of the round if it ended now (0 without picks). */
  roundPoints: number;
  total: number;
  /** 1 + members with more points as it would stand. */
  rank: number;
  /** Places gained (positive) or lost (negative) against the table now. */
  move: number;
}

export function provisionalTable(entries: readonly LeaderboardEntry[], picks: LeaguePicks, round: RoundWithMatches, live: Record<number, LiveScore>): ProvisionalRow[] {
  const rules = rulesFor(round.deadline);
  const rows = entries.map((e) => {
    const mine = picks[e.userId];
    const roundPoints = mine ? pointsIfItEndedNow(round.matches, mine, live, rules, round.isLastOfMonth).points : 0;
    return { userId: e.userId, username: e.username, monthPoints: e.totalPoints, roundPoints, total: e.totalPoints + roundPoints };
  });
  // The table now ranks by month points with ties sharing (as the database ranks it).
  const rankOf = (points: number, key: 'monthPoints' | 'total') => 1 + rows.filter((r) => r[key] > points).length;
  return rows
    .map((r) => {
      const rank = rankOf(r.total, 'total');
      return { ...r, rank, move: rankOf(r.monthPoints, 'monthPoints') - rank };
    })
    .sort((a, b) => a.rank - b.rank || (a.username ?? '').localeCompare(b.username ?? '') || a.userId.localeCompare(b.userId));
}
