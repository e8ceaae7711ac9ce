// The score as it happens (issue 45, docs/match-day.md): a match's live state from the football
// feed, in words a player reads, and "Si terminara así": the round's points if every match
// ended as it stands now. Provisional, always marked so, never stored: the database scores the
// round from its results when it is finalized.
import type { GameRules } from '@/lib/game/game-rules';
import { isVoid, type MatchSide, type RoundMatch } from '@/lib/game/rounds';

export interface LiveScore {
  matchId: number;
  /** API-Football's short status. */
  status: string;
  elapsed: number | null;
  extra: number | null;
  home: number | null;
  away: number | null;
  /** The feed's 90-minute result once the match is over. */
  proposedResult: MatchSide | null;
}

const IN_PLAY = new Set(['1H', 'HT', '2H', 'ET', 'BT', 'P', 'LIVE', 'SUSP', 'INT']);
const OVER = new Set(['FT', 'AET', 'PEN', 'AWD', 'WO']);

/**
 * The feed is paused (live_feed.state 'paused': the provider fails or the day's quota is spent):
 * what every screen that shows the score live says, in these words only (live-parts.tsx). The
 * game goes on: the picks stand and the last known score stays, marked as such.
 */
export const FEED_PAUSED = {
  /** The round's line, on the weekly page, the picks screen, /inicio and a liga's page. */
  notice: 'Marcador en pausa: el proveedor de resultados no responde. Seguimos intentando.',
  /** Beside a match's last known score instead of a minute that no longer moves, and the live card's badge instead of "● En vivo". */
  chip: 'En pausa',
} as const;

/**
 * What a match's chip says while the feed is paused: a match in play or about to start shows
 * "En pausa" (its minute or "Por empezar" would be stale); a finished or stopped one keeps its
 * status, which a pause does not make false.
 */
export function liveLabelWhile(live: LiveScore, paused: boolean): string {
  if (paused && !OVER.has(live.status) && !['PST', 'CANC', 'ABD'].includes(live.status)) return FEED_PAUSED.chip;
  return liveLabel(live);
}

/** What the match's card says: "67'", "45+2'", "Medio tiempo", "Final", "Pospuesto"… */
export function liveLabel(live: LiveScore): string {
  const minute = live.elapsed === null ? '' : live.extra ? `${live.elapsed}+${live.extra}'` : `${live.elapsed}'`;
  switch (live.status) {
    case 'NS':
    case 'TBD':
      return 'Por empezar';
    case '1H':
    case '2H':
    case 'LIVE':
      return minute || 'En juego';
    case 'HT':
      return 'Medio tiempo';
    case 'ET':
      return `Tiempo extra ${minute}`.trim();
    case 'BT':
      return 'Descanso del tiempo extra';
    case 'P':
      return 'Penales';
    case 'FT':
      return 'Final';
    case 'AET':
      return 'Final tras tiempo extra';
    case 'PEN':
      return 'Final tras penales';
    case 'SUSP':
      return 'Suspendido';
    case 'INT':
      return 'Interrumpido';
    case 'PST':
      return 'Pospuesto';
    case 'CANC':
      return 'Cancelado';
    case 'ABD':
      return 'Abandonado';
    case 'AWD':
    case 'WO':
      return 'Resultado por decisión';
    default:
      return '';
  }
}

/**
 * The result the match would have if it ended now: the saved result, else the feed's 90-minute
 * result once over (extra time and penalties never count), else the score as it stands while in
 * play. Null before kick-off and for a postponed, cancelled or abandoned match.
 */
export function resultAsItStands(match: Pick<RoundMatch, 'correctResult'>, live: LiveScore | undefined): MatchSide | null {
  if (match.correctResult) return match.correctResult;
  if (!live) return null;
  if (OVER.has(live.status)) return live.proposedResult;
  // In extra time the 90 minutes are over: the result is the feed's full-time one, once given.
  if (['ET', 'BT', 'P'].includes(live.status)) return live.proposedResult;
  if (!IN_PLAY.has(live.status) || live.home === null || live.away === null) return null;
  return live.home > live.away ? 'Local' : live.home === live.away ? 'Empate' : 'Visita';
}

/** "Si terminara así": correct picks and points if every match ended as it stands now. */
export function pointsIfItEndedNow(
  matches: RoundMatch[],
  picks: Record<number, MatchSide | null | undefined>,
  live: Record<number, LiveScore>,
  rules: GameRules,
  lastOfMonth: boolean,
): { correct: number; points: number; counted: number } {
  let correct = 0;
  let bonus = 0;
  let counted = 0;
  for (const match of matches) {
    // A void match counts as right for a pick on it and pays no bonus (pickCounts).
    if (isVoid(match)) {
      counted++;
      if (picks[match.id]) correct++;
      continue;
    }
    const result = resultAsItStands(match, live[match.id]);
    if (!result) continue;
    counted++;
    if (picks[match.id] !== result) continue;
    correct++;
    bonus += match.specialBonusPoints;
    if (match.underdogBonusSide === result) bonus += match.underdogBonusPoints;
  }
  const table = lastOfMonth ? rules.lastRoundPointsByCorrect : rules.pointsByCorrect;
  return { correct, points: (table[Math.min(correct, table.length - 1)] ?? 0) + bonus, counted };
}

/** The results as they stand, by match id (null: the match has none yet). */
export function resultsAsTheyStand(matches: Pick<RoundMatch, 'id' | 'correctResult'>[], live: Record<number, LiveScore>): Record<string, MatchSide | null> {
  return Object.fromEntries(matches.map((m) => [String(m.id), resultAsItStands(m, live[m.id])]));
}

/**
 * How many of the round's players would have each number of points if it ended as it stands
 * (public.get_live_standings, and the round's broadcast when it changes), with the results it
 * was computed from.
 */
export interface LiveStandings {
  quinielaId: number;
  results: Record<string, MatchSide | null>;
  players: number;
  /** [points, players], most points first. */
  histogram: Array<[number, number]>;
}

export interface RoundPlace {
  /** 1 + the players with more points (ties share a place). */
  place: number;
  players: number;
}

/**
 * His place among the round's players with these points, or null while the histogram was
 * computed from other results than the screen shows (a goal on its way), so a place never mixes
 * two moments of the match.
 */
export function placeInRound(standings: LiveStandings | null, points: number, results: Record<string, MatchSide | null>): RoundPlace | null {
  if (!standings || standings.players <= 0) return null;
  const keys = Object.keys(results);
  if (keys.length !== Object.keys(standings.results).length || keys.some((k) => (standings.results[k] ?? null) !== results[k])) return null;
  let above = 0;
  for (const [p, n] of standings.histogram) if (p > points) above += n;
  return { place: Math.min(above + 1, standings.players), players: standings.players };
}

const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * His place in words: "Entre el 3 % mejor de la quiniela" in the top half of a round of 100
 * players or more — the share rounded up (never "0 %": 1 % at best), to a multiple of 5 past
 * 10 % — else "Lugar 7 de 40 en la quiniela" (a share of a small round, or "entre el 80 % mejor",
 * says less than the place).
 */
export function placeWords({ place, players }: RoundPlace): string {
  const percent = Math.max(1, Math.ceil((place * 100) / players));
  if (players < 100 || percent > 50) return `Lugar ${thousands(place)} de ${thousands(players)} en la quiniela`;
  return `Entre el ${percent <= 10 ? percent : Math.ceil(percent / 5) * 5} % mejor de la quiniela`;
}

/** "Si terminara así" with his place in the round, for the screens that show the round live. */
export function ifItEndedNow(
  matches: RoundMatch[],
  picks: Record<number, MatchSide | null | undefined>,
  live: Record<number, LiveScore>,
  standings: LiveStandings | null,
  rules: GameRules,
  lastOfMonth: boolean,
): { correct: number; points: number; counted: number; place: RoundPlace | null } {
  const now = pointsIfItEndedNow(matches, picks, live, rules, lastOfMonth);
  return { ...now, place: placeInRound(standings, now.points, resultsAsTheyStand(matches, live)) };
}

/**
 * The round's matches with the voids and the results typed by hand that the screen heard of since
 * it loaded them (the round's message, or a re-read on reconnect): a match made void counts from
 * then on (pickCounts), a typed result is the match's result. The same array when nothing
 * changed, so memoized screens do not recompute.
 */
export function withVoids<M extends Pick<RoundMatch, 'id' | 'voidedAt' | 'correctResult'>>(
  matches: M[],
  voidedAt: Record<number, string>,
  typed: Record<number, MatchSide | null> = {},
): M[] {
  const heard = (m: M) => Boolean(voidedAt[m.id] && !m.voidedAt) || (m.id in typed && typed[m.id] !== m.correctResult);
  if (!matches.some(heard)) return matches;
  return matches.map((m) => {
    if (!heard(m)) return m;
    const voided = voidedAt[m.id] && !m.voidedAt ? { voidedAt: voidedAt[m.id]! } : {};
    const result = m.id in typed ? { correctResult: typed[m.id] ?? null } : {};
    return { ...m, ...voided, ...result };
  });
}
