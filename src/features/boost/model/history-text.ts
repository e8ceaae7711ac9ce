// The Boost history's words for a game's day and for a game still open, in the app's Spanish
// dates (src/lib/time.ts, Mexico City) rather than the database's yyyy-mm-dd.
import { formatDayAndTime, formatGameDate, gameClock, gameDay } from '@/lib/time';

/** A game's calendar day ('2026-11-26', Mexico City) in words: '26 de noviembre de 2026'. */
export function formatBoostDay(gameDate: string): string {
  // Noon in Mexico City is inside that day whatever the offset (−06:00, or −05:00 before 2022).
  return formatGameDate(`${gameDate}T12:00:00-06:00`);
}

/**
 * The badge of a game not answered yet whose lock is still ahead: 'Abierto · cierra 23:59' when it
 * locks today (Mexico City), else with its day ('Abierto · cierra 27 nov, 23:59').
 */
export function openBadgeText(lockDate: string, now: Date = new Date()): string {
  if (gameDay(lockDate) !== gameDay(now)) return `Abierto · cierra ${formatDayAndTime(lockDate)}`;
  const { hour, minute } = gameClock(lockDate);
  return `Abierto · cierra ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}
