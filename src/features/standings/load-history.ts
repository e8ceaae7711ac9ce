// What /mis-quinielas needs: the signed-in player's scored rounds in one of the last six months.
import { cachedRead, MAX_AGE } from '@/lib/cached-read';
import { currentSession } from '@/lib/session';
import { getUserScoresByMonth, type RoundScore } from './api/get-user-scores-by-month';
import { compareMonths, gameMonthOf, lastMonths, monthKey, type GameMonth } from './months';

export type HistoryData =
  | { signedIn: false }
  | {
      signedIn: true;
      userId: string;
      /** The filter's months, newest first. */
      months: GameMonth[];
      month: GameMonth;
      rounds: RoundScore[];
      /** Set when offline: when the shown rounds were stored. */
      cachedAt: number | null;
    };

export async function loadHistory(requested: GameMonth | undefined, now: Date = new Date()): Promise<HistoryData> {
  const session = await currentSession();
  if (!session) return { signedIn: false };
  const months = lastMonths(gameMonthOf(now));
  const month = (requested && months.find((m) => compareMonths(m, requested) === 0)) || months[0]!;
  const userId = session.user.id;
  const { data: rounds, cachedAt } = await cachedRead(
    `standings:history:${monthKey(month)}`,
    userId,
    () => getUserScoresByMonth(userId, month),
    MAX_AGE.history,
  );
  return { signedIn: true, userId, months, month, rounds, cachedAt };
}
