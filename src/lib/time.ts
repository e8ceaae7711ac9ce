// The game's clock is Mexico City time (no daylight saving since 2022): every deadline and
// kickoff is shown in it and labelled "hora del Centro", whatever the device's zone is.
export const GAME_TIME_ZONE = 'America/Mexico_City';
export const GAME_TIME_LABEL = 'hora del Centro';

const longFormat = new Intl.DateTimeFormat('es-MX', {
  timeZone: GAME_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const shortFormat = new Intl.DateTimeFormat('es-MX', {
  timeZone: GAME_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function toDate(value: string | Date): Date {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Fecha inválida: ${String(value)}`);
  return date;
}

/** "viernes, 21 de noviembre, 19:00" in Mexico City time, without the zone label. */
export function formatGameDateTime(value: string | Date): string {
  return longFormat.format(toDate(value));
}

/** "viernes, 21 de noviembre, 19:00 (hora del Centro)": for deadlines. */
export function formatDeadline(value: string | Date): string {
  return `${formatGameDateTime(value)} (${GAME_TIME_LABEL})`;
}

/** "vie 21 nov · 19:00": compact, for match rows under a heading that names the zone. */
export function formatKickoff(value: string | Date): string {
  const parts = shortFormat.formatToParts(toDate(value));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = part('weekday').replace(/\.$/, '');
  const month = part('month').replace(/\.$/, '');
  return `${weekday} ${part('day')} ${month} · ${part('hour')}:${part('minute')}`;
}

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: GAME_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The game's calendar day of an instant, "2026-11-23" (Mexico City). */
export function gameDay(value: string | Date = new Date()): string {
  return dayFormat.format(toDate(value));
}
