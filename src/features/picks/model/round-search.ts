// `?quiniela={id|current}` for the picks screens; anything else falls back to the current round.
// Checked by hand: it runs in the route tree, so it is part of every first load (zod is not).
import type { RoundRef } from '../api/get-round-detail';

export function parseRoundSearch(search: Record<string, unknown>): { quiniela: RoundRef } {
  const value = search.quiniela;
  // The router hands numbers over parsed; a hand-typed URL may still carry the id as text.
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  return { quiniela: Number.isSafeInteger(id) && id > 0 ? id : 'current' };
}

/**
 * The weekly page's `?quiniela={id}`. Without one it shows the current round at its bare URL: a
 * default in the URL would have the router rewrite the prerendered page's address while it
 * hydrates, and the load that follows renders the whole page at once (a long task on a phone).
 */
export function parseWeeklySearch(search: Record<string, unknown>): { quiniela?: number } {
  const { quiniela } = parseRoundSearch(search);
  return quiniela === 'current' ? {} : { quiniela };
}
