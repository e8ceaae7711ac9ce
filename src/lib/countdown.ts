// Countdown wording shared by the header banner (minute steps) and the picks screen (second
// steps, 'Tiempo agotado' at zero). Pure: callers pass the milliseconds left.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const TIME_UP = 'Tiempo agotado';

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Splits a non-negative duration into whole days, hours, minutes and seconds (rounded down). */
export function countdownParts(ms: number): CountdownParts {
  const left = Math.max(0, Math.floor(ms / 1000)) * 1000;
  return {
    days: Math.floor(left / DAY),
    hours: Math.floor((left % DAY) / HOUR),
    minutes: Math.floor((left % HOUR) / MINUTE),
    seconds: Math.floor((left % MINUTE) / 1000),
  };
}

/**
 * "2 d 5 h 12 min" (days only when there are any), "5 h 12 min" under a day, and with
 * `seconds: true` "5 h 12 min 09 s". Zero or less is 'Tiempo agotado'.
 */
export function formatCountdown(ms: number, options: { seconds?: boolean } = {}): string {
  const showSeconds = options.seconds ?? false;
  // Without seconds, anything under a minute still reads "0 min" until it is really over.
  if (ms <= 0 || (showSeconds && ms < 1000)) return TIME_UP;
  const { days, hours, minutes, seconds } = countdownParts(ms);
  const parts: string[] = [];
  if (days > 0) parts.push(`${days} d`);
  parts.push(`${hours} h`, `${minutes} min`);
  if (showSeconds) parts.push(`${String(seconds).padStart(2, '0')} s`);
  return parts.join(' ');
}

export interface BannerCountdown {
  /** What the header banner says. */
  text: string;
  /** Under 24 hours: shown with the closing call. */
  closingSoon: boolean;
}

/**
 * The header banner (docs/product.md#countdowns): nothing after the deadline; under 24 h hours and minutes with
 * the closing message; otherwise days, hours and minutes.
 */
export function bannerCountdown(ms: number): BannerCountdown | null {
  if (ms <= 0) return null;
  const { days, hours, minutes } = countdownParts(ms);
  if (ms < DAY) return { text: `Cierra en ${hours} h ${minutes} min — ¡haz tus predicciones!`, closingSoon: true };
  return { text: `La quiniela cierra en ${days} d ${hours} h ${minutes} min`, closingSoon: false };
}

/** Milliseconds until the next whole minute of the countdown, so the banner ticks on the minute. */
export function msToNextMinute(ms: number): number {
  const rest = ms % MINUTE;
  return rest === 0 ? MINUTE : rest;
}
