// The month's race in words (issue 33): what the rank chart says to someone who does not look
// at it — the climb of the week beside the chart, and the chart's own text alternative.
import { MONTHS } from '@/lib/time';
import { rankText } from '@/lib/words';

export interface RacePoint {
  /** Mexico City day, YYYY-MM-DD. */
  day: string;
  rank: number;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;


/** "27 de noviembre" */
function dayLabel(day: string): string {
  const [, month, date] = day.split('-').map(Number);
  return `${date} de ${MONTHS[month - 1]}`;
}

/**
 * Places climbed over the last week of the line (positive = up): the latest point against the
 * last one at least 7 days older, or the month's first point when the line is younger than a
 * week. Null with fewer than two points.
 */
export function weekClimb(points: readonly RacePoint[]): number | null {
  if (points.length < 2) return null;
  const latest = points[points.length - 1];
  const weekAgo = dayNumber(latest.day) - 7;
  const base = [...points].reverse().find((p) => dayNumber(p.day) <= weekAgo) ?? points[0];
  return base.rank - latest.rank;
}

/** "Subiste 12 lugares esta semana" beside the chart. */
export function climbSentence(climb: number | null, subject: 'me' | 'other' = 'me'): string | null {
  if (climb === null) return null;
  const n = Math.abs(climb);
  const places = n === 1 ? 'lugar' : 'lugares';
  if (subject === 'me') {
    return climb > 0 ? `Subiste ${n} ${places} esta semana` : climb < 0 ? `Bajaste ${n} ${places} esta semana` : 'Mantienes tu lugar esta semana';
  }
  return climb > 0 ? `Subió ${n} ${places} esta semana` : climb < 0 ? `Bajó ${n} ${places} esta semana` : 'Mantiene su lugar esta semana';
}

/**
 * The sentence above the race chart, naming the month (issue 44: "de este mes" over a past
 * month's chart). `ended`: the month is over, so its line ends on his final place and there is
 * no week to climb in nor a round left to play.
 */
export function raceSentence(points: readonly RacePoint[], monthName: string, subject: 'me' | 'other', ended: boolean): string | null {
  const last = points[points.length - 1];
  if (!last) {
    if (ended) return subject === 'me' ? `No tuviste lugar en el ranking de ${monthName}.` : `Sin lugar en el ranking de ${monthName}.`;
    return subject === 'me' ? `Aún no apareces en el ranking de ${monthName}: juega la quiniela y aquí verás tu línea.` : `Aún sin lugar en el ranking de ${monthName}.`;
  }
  if (ended) return subject === 'me' ? `Terminaste ${monthName} en ${rankText(last.rank)} lugar.` : `Terminó ${monthName} en ${rankText(last.rank)} lugar.`;
  if (points.length === 1) {
    return subject === 'me'
      ? `Tu primer día en el ranking: ${rankText(last.rank)} lugar. Cada día que juegues sumará un punto a tu línea.`
      : `Su primer día en el ranking: ${rankText(last.rank)} lugar.`;
  }
  return climbSentence(weekClimb(points), subject);
}

/** The rank chart's text alternative: where the line starts and ends, and its best place. */
export function raceLabel(points: readonly RacePoint[], monthName: string, subject: 'me' | 'other' = 'me'): string {
  const whose = subject === 'me' ? 'Tu posición' : 'Su posición';
  if (points.length === 0) return `${whose} en ${monthName}: sin lugar en el ranking.`;
  const first = points[0];
  const last = points[points.length - 1];
  if (points.length === 1) return `${whose} en ${monthName}: ${rankText(first.rank)} lugar el ${dayLabel(first.day)}.`;
  const best = Math.min(...points.map((p) => p.rank));
  const trend = last.rank < first.rank ? 'subió' : last.rank > first.rank ? 'bajó' : 'se mantuvo';
  return (
    `${whose} en ${monthName} ${trend}: del ${rankText(first.rank)} lugar el ${dayLabel(first.day)} ` +
    `al ${rankText(last.rank)} lugar el ${dayLabel(last.day)}; el mejor, ${rankText(best)}.`
  );
}

/** The points-per-round chart's text alternative. */
export function roundPointsLabel(rounds: readonly { name: string; points: number }[]): string {
  if (rounds.length === 0) return 'Sin quinielas calificadas este mes.';
  return `Puntos por quiniela: ${rounds.map((r) => `${r.name}, ${r.points}`).join('; ')}.`;
}
