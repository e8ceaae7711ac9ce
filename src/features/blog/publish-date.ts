// A post's publish date as the game shows dates: Mexico City's calendar day, in Spanish
// ("1 de agosto de 2025"), whatever the reader's device zone is.
import { formatGameDate, gameDay } from '@/lib/time';

export function formatPublishDate(value: string): string {
  return formatGameDate(value);
}

/** The same day as a machine-readable date (YYYY-MM-DD) for <time dateTime>. */
export function publishDateAttr(value: string): string {
  return gameDay(value);
}
