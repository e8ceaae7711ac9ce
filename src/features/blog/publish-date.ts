// A post's publish date as the game shows dates: Mexico City's calendar day, in Spanish
// ("1 de agosto de 2025"), whatever the reader's device zone is.
import { GAME_TIME_ZONE } from '@/lib/time';

const dateFormat = new Intl.DateTimeFormat('es-MX', { timeZone: GAME_TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' });

export function formatPublishDate(value: string): string {
  return dateFormat.format(new Date(value));
}

/** The same day as a machine-readable date (YYYY-MM-DD) for <time dateTime>. */
export function publishDateAttr(value: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: GAME_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(value));
}
