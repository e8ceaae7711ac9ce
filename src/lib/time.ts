// The game's clock is Mexico City time (no daylight saving since 2022): every deadline and
// kickoff is shown in it and labelled "hora del Centro", whatever the device's zone is; a month of
// the game starts at 00:00 there, and the admin types closing times in it. This is the one module
// that knows the zone: the standings' months and the admin's typed times (features/admin/typed-time.ts)
// convert through it.
//
// Written by hand rather than with Intl.DateTimeFormat (docs/decisions/database.md,
// "Mexico City time"): a page's first Intl date formatter loads ICU's calendar and zone data, 15–50 ms
// of one task in Chromium on this machine and four times that on a mid-range phone, in the
// middle of the first render of every page that shows a date. Mexico City keeps −06:00 all year
// since 30 October 2022; an earlier instant (daylight saving then) is read through Intl with the
// zone's own rules. tests/unit/time.test.ts holds every format and conversion here against Intl's.
export const GAME_TIME_ZONE = 'America/Mexico_City';
export const GAME_TIME_LABEL = 'hora del Centro';

/** Mexico City's last change of offset: 2022-10-30 02:00 CDT became 01:00 CST (07:00 UTC). */
const FIXED_OFFSET_SINCE = Date.UTC(2022, 9, 30, 7);
/** Mexico City's clock is behind UTC by 6 hours since then (−06:00). */
const OFFSET_MS = 6 * 60 * 60 * 1000;

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
const WEEKDAYS_SHORT = ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'];
export const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const MONTHS_SHORT = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

/** The wall clock in Mexico City at an instant. */
export interface GameClock {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** 0 = domingo … 6 = sábado */
  weekday: number;
  hour: number;
  minute: number;
  second: number;
}

function toDate(value: string | Date): Date {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Fecha inválida: ${String(value)}`);
  return date;
}

let historicParts: Intl.DateTimeFormat | undefined;

/** Mexico City's wall clock at an instant, as the UTC fields of a Date: −06:00 since the last
 * change, the zone's history from Intl before it (the formatter made on first need). */
function wallClock(instant: number): Date {
  if (instant >= FIXED_OFFSET_SINCE) return new Date(instant - OFFSET_MS);
  historicParts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: GAME_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  const part = Object.fromEntries(historicParts.formatToParts(new Date(instant)).map((p) => [p.type, Number(p.value)]));
  return new Date(Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second));
}

/** Mexico City's wall clock at an instant. */
export function gameClock(value: string | Date = new Date()): GameClock {
  const wall = wallClock(toDate(value).getTime());
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    weekday: wall.getUTCDay(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** "viernes, 21 de noviembre, 19:00" in Mexico City time, without the zone label. */
export function formatGameDateTime(value: string | Date): string {
  const c = gameClock(value);
  return `${WEEKDAYS[c.weekday]}, ${c.day} de ${MONTHS[c.month - 1]}, ${two(c.hour)}:${two(c.minute)}`;
}

/** "viernes, 21 de noviembre, 19:00 (hora del Centro)": for deadlines. */
export function formatDeadline(value: string | Date): string {
  return `${formatGameDateTime(value)} (${GAME_TIME_LABEL})`;
}

/**
 * A round's deadline said beside its name, the date once (issue 44, item 13): "sábado, 5 de
 * diciembre, 18:00 (hora del Centro)", or "sábado a las 18:00 (hora del Centro)" when the name
 * already says the day ("Quiniela del 5 de diciembre"). "Quiniela del 15 de diciembre" does not
 * say the 5th.
 */
export function formatDeadlineBeside(roundName: string | null, value: string | Date): string {
  const c = gameClock(value);
  const named = roundName !== null && new RegExp(`(^|\\D)${c.day} de ${MONTHS[c.month - 1]}(\\P{L}|$)`, 'iu').test(roundName);
  return named ? `${WEEKDAYS[c.weekday]} a las ${two(c.hour)}:${two(c.minute)} (${GAME_TIME_LABEL})` : formatDeadline(value);
}

/** "vie 21 nov · 19:00": compact, for match rows under a heading that names the zone. */
export function formatKickoff(value: string | Date): string {
  const c = gameClock(value);
  return `${WEEKDAYS_SHORT[c.weekday]} ${c.day} ${MONTHS_SHORT[c.month - 1]} · ${two(c.hour)}:${two(c.minute)}`;
}

/** "21 nov, 19:00": a moment of another day, compact. */
export function formatDayAndTime(value: string | Date): string {
  const c = gameClock(value);
  return `${c.day} ${MONTHS_SHORT[c.month - 1]}, ${two(c.hour)}:${two(c.minute)}`;
}

/** "28 nov": a day, as short as it gets (a chart's bar under the round it stands for). */
export function formatShortDay(value: string | Date): string {
  const c = gameClock(value);
  return `${c.day} ${MONTHS_SHORT[c.month - 1]}`;
}

/** "19:00": a moment of today. */
export function formatGameHour(value: string | Date): string {
  const c = gameClock(value);
  return `${two(c.hour)}:${two(c.minute)}`;
}

/** "19:00:05": a moment of today, to the second. */
export function formatGameTime(value: string | Date): string {
  const c = gameClock(value);
  return `${two(c.hour)}:${two(c.minute)}:${two(c.second)}`;
}

/** "21 de noviembre de 2026": a calendar day in Mexico City. */
export function formatGameDate(value: string | Date): string {
  const c = gameClock(value);
  return `${c.day} de ${MONTHS[c.month - 1]} de ${c.year}`;
}

/** A calendar day ("2026-11-26", e.g. a Boost game's date) as the app writes dates: "26 de noviembre de 2026". */
export function formatCalendarDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${date} de ${MONTHS[month - 1]} de ${year}`;
}

/** The game's calendar day of an instant, "2026-11-23" (Mexico City). */
export function gameDay(value: string | Date = new Date()): string {
  const c = gameClock(value);
  return `${c.year}-${two(c.month)}-${two(c.day)}`;
}

/** The instant Mexico City's clock shows a wall-clock time (month 1–12; 00:00 of the 1st: when that month of the game starts). */
export function gameTimeToInstant(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // A guess with the zone's offset at the guess, twice: the second guess corrects a first one that
  // crossed an offset change (Mexico City has had none since 2022, but its history has them).
  let instant = asUtc;
  for (let guess = 0; guess < 2; guess++) instant = asUtc - (wallClock(instant).getTime() - instant);
  return new Date(instant);
}
