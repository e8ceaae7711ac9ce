// The Boost history's filter (Todos / Jugados / No jugados), kept apart from the page so the
// route's search validation, which runs in the entry chunk, does not pull the page in with it.
import type { HistoryItem } from '../api/games';

export type HistoryFilter = 'todos' | 'jugados' | 'no-jugados';

export const FILTERS: { value: HistoryFilter; label: string }[] = [
  { value: 'todos', label: 'Todos' },
  { value: 'jugados', label: 'Jugados' },
  { value: 'no-jugados', label: 'No jugados' },
];

/** The `?filtro=` of the URL when it names a filter. */
export function parseHistoryFilter(value: unknown): HistoryFilter | undefined {
  return FILTERS.find((f) => f.value === value)?.value;
}

/** Items shown per page of the history (issue 32: four months in one list were 9,000 px long). */
export const HISTORY_PAGE = 20;

/** The games of the player's time: a game played before he had an account is no "No jugado" of
 * his (an answer he gave is kept whatever its day). `since`: his first day, "2026-11-02". */
export function sinceJoined(items: HistoryItem[], since: string): HistoryItem[] {
  return items.filter((i) => i.answer !== null || i.gameDate >= since);
}

export function filterHistory(items: HistoryItem[], filter: HistoryFilter): HistoryItem[] {
  if (filter === 'jugados') return items.filter((i) => i.answer !== null);
  if (filter === 'no-jugados') return items.filter((i) => i.answer === null);
  return items;
}
