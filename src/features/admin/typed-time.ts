// The admin types times as game time ("hora del Centro"), whatever zone his computer is in; the
// database stores instants (timestamptz) and dates. The zone itself is lib/time.ts.
import { gameClock, gameTimeToInstant } from '@/lib/time';

/** "2026-11-28T18:00" (a datetime-local value) read as Mexico City time → ISO instant, or null when malformed. */
export function typedGameTimeToIso(local: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number);
  return gameTimeToInstant(year, month, day, hour, minute).toISOString();
}

/** The game's calendar day `days` days before the one of `now` ("2026-11-01"): the analytics window's start. */
export function gameDayBefore(days: number, now: number = Date.now()): string {
  const c = gameClock(new Date(now));
  return new Date(Date.UTC(c.year, c.month - 1, c.day - days)).toISOString().slice(0, 10);
}
