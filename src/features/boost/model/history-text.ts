// The Boost history's words for a game still open, in the app's Spanish dates (src/lib/time.ts,
// Mexico City).
import { formatDayAndTime, formatGameHour, gameDay } from '@/lib/time';

/**
 * The badge of a game not answered yet whose lock is still ahead: 'Abierto · cierra 23:59' when it
 * locks today (Mexico City), else with its day ('Abierto · cierra 27 nov, 23:59').
 */
export function openBadgeText(lockDate: string, now: Date = new Date()): string {
  return `Abierto · cierra ${gameDay(lockDate) === gameDay(now) ? formatGameHour(lockDate) : formatDayAndTime(lockDate)}`;
}
