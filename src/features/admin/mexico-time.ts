// The admin types a round's closing time as Mexico City wall-clock time ("hora del Centro"),
// whatever zone his computer is in; the database stores the instant (timestamptz).
import { GAME_TIME_ZONE } from '../../lib/time';

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: GAME_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Mexico City wall-clock fields of an instant, as if they were UTC (for offset arithmetic). */
function wallClockAsUtc(instant: number): number {
  const p = Object.fromEntries(parts.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
}

/** "2026-11-28T18:00" (a datetime-local value) read in Mexico City time → ISO instant, or null when malformed. */
export function mexicoCityLocalToIso(local: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local.trim());
  if (!m) return null;
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  if (Number.isNaN(asUtc)) return null;
  // First guess with the zone's offset at that moment, then once more in case the guess
  // crossed an offset change (Mexico City has none since 2022, but history has them).
  let instant = asUtc - (wallClockAsUtc(asUtc) - asUtc);
  instant = asUtc - (wallClockAsUtc(instant) - instant);
  return new Date(instant).toISOString();
}

/** An instant → the datetime-local value of its Mexico City wall-clock time. */
export function isoToMexicoCityLocal(iso: string): string {
  return new Date(wallClockAsUtc(new Date(iso).getTime())).toISOString().slice(0, 16);
}

/** A Mexico City calendar date (YYYY-MM-DD) `days` before now: the analytics window start. */
export function mexicoCityDateDaysAgo(days: number, now = Date.now()): string {
  return new Date(wallClockAsUtc(now) - days * 86_400_000).toISOString().slice(0, 10);
}
