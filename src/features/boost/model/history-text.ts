// The Boost history's words for a game still open, in the app's Spanish dates (src/lib/time.ts,
// Mexico City).
import { formatDayAndTime, gameClock, gameDay } from '@/lib/time';

/**
 * The badge of a game not answered yet whose lock is still ahead: 'Abierto · cierra 23:59' when it
 * locks today (Mexico City), else with its day ('Abierto · cierra 27 nov, 23:59').
 */
export function openBadgeText(lockDate: string, now: Date = new Date()): string {
  if (gameDay(lockDate) !== gameDay(now)) return `Abierto · cierra ${formatDayAndTime(lockDate)}`;
  const { hour, minute } = gameClock(lockDate);
  return `Abierto · cierra ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}
