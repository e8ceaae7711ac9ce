// What the ligas' routes read from their URL. Route files parse search in the route tree, which
// every first visit loads, so these parsers import nothing.

/** The month's total, this round within the liga, the month's Boost. */
export const LEAGUE_TABS = ['total', 'quiniela', 'boost'] as const;
export type LeagueTab = (typeof LEAGUE_TABS)[number];

export interface LeagueSearch {
  /** A round's id; absent = the open round (else the last one that closed). */
  quiniela?: number;
  /** The table's month, "2026-10"; absent = the current month. */
  mes?: string;
  orden?: LeagueTab;
}

/** "2026-10", as the leaderboard's `?mes=` (features/standings/search-params.ts). */
const MONTH_KEY = /^\d{4}-(0[1-9]|1[0-2])$/;

export function parseLeagueSearch(search: Record<string, unknown>): LeagueSearch {
  // `?jornada=` and `?orden=jornada` are the addresses links had before the round had one name
  // (issue 44, item 13): they still open the same round and tab.
  const round = Number(search.quiniela ?? search.jornada);
  const tab = LEAGUE_TABS.find((t) => t === (search.orden === 'jornada' ? 'quiniela' : search.orden));
  return {
    quiniela: Number.isInteger(round) && round > 0 ? round : undefined,
    mes: typeof search.mes === 'string' && MONTH_KEY.test(search.mes) ? search.mes : undefined,
    orden: tab === 'total' ? undefined : tab,
  };
}

/** `?unirme=1` on an invitation: the player came back from sign-in or sign-up to join. */
export function parseInviteSearch(search: Record<string, unknown>): { unirme?: 1 } {
  return search.unirme === 1 || search.unirme === '1' ? { unirme: 1 } : {};
}
