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
      /** The new month, when the page opened on the last one because this one has no scored round of his yet. */
      waiting: GameMonth | null;
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
  const read = (m: GameMonth) => cachedRead(`standings:history:${monthKey(m)}`, userId, () => getUserScoresByMonth(userId, m), MAX_AGE.history);
  const { data: rounds, cachedAt } = await read(month);
  // Opened with no month asked and none of his rounds scored in this one yet (the first days of a
  // month, issue 44 item 10): the last month he has, said so, rather than an empty month.
  if (!requested && rounds.length === 0 && months[1]) {
    const last = await read(months[1]).catch(() => null);
    if (last && last.data.length > 0) return { signedIn: true, userId, months, month: months[1], waiting: month, rounds: last.data, cachedAt: last.cachedAt };
  }
  return { signedIn: true, userId, months, month, waiting: null, rounds, cachedAt };
}
