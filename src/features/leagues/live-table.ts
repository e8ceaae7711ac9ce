// A liga's month table as it would stand if the round being played ended now (docs/match-day.md):
// each member's month points plus his provisional points of the round ("Si terminara así", the
// same sum the player's own line shows: pointsIfItEndedNow), ranked with ties sharing, and how
// many places each would move. Provisional: shown marked so, never stored. A member at 0 points
// as it would stand has no place ("–") and no arrow, as in the liga's table (placeOf, the one
// rule of a place on a screen); one who would enter the table has no arrow either (he has no
// place now to move from).
import { pointsIfItEndedNow, type LiveScore } from '@/features/picks';
import { placeOf, rankChange, type LeaderboardEntry, type RankChange } from '@/features/standings';
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
  /** 1 + members with more points as it would stand; null at 0 points (no place). */
  rank: number | null;
  /** Against his place in the table now; null without a place now or as it would stand. */
  move: RankChange | null;
}

export function provisionalTable(entries: readonly LeaderboardEntry[], picks: LeaguePicks, round: RoundWithMatches, live: Record<number, LiveScore>): ProvisionalRow[] {
  const rules = rulesFor(round.deadline);
  const rows = entries.map((e) => {
    const mine = picks[e.userId];
    const roundPoints = mine ? pointsIfItEndedNow(round.matches, mine, live, rules, round.isLastOfMonth).points : 0;
    return { userId: e.userId, username: e.username, monthPoints: e.totalPoints, roundPoints, total: e.totalPoints + roundPoints };
  });
  // The table now ranks by month points with ties sharing (as the database ranks it).
  const placeIn = (points: number, key: 'monthPoints' | 'total') => placeOf(points, 1 + rows.filter((r) => r[key] > points).length);
  return rows
    .map((r) => {
      const rank = placeIn(r.total, 'total');
      const now = placeIn(r.monthPoints, 'monthPoints');
      return { ...r, rank, move: rank === null || now === null ? null : rankChange(rank, now) };
    })
    // Those without a place after the rest (they have the fewest points: 0).
    .sort((a, b) => b.total - a.total || (a.username ?? '').localeCompare(b.username ?? '') || a.userId.localeCompare(b.userId));
}
