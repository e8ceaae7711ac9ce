// A closed match's vote split in whole percentages: one rounding for every place that shows it
// (the Local / Empate / Visita buttons and the bar under them, issue 44 item 7), so the screen
// never says 53 % on a button and 52 % on the bar.
import type { MatchSide } from './rounds';

const SIDES: MatchSide[] = ['Local', 'Empate', 'Visita'];

/** Whole percentages of the votes that add up to 100 (largest remainders); all 0 when nobody voted. */
export function splitPercents(votes: Record<MatchSide, number>): Record<MatchSide, number> {
  const total = SIDES.reduce((sum, side) => sum + votes[side], 0);
  if (total === 0) return { Local: 0, Empate: 0, Visita: 0 };
  const exact = SIDES.map((side) => (votes[side] * 100) / total);
  const floors = exact.map(Math.floor);
  let left = 100 - floors.reduce((a, b) => a + b, 0);
  const order = exact.map((v, i) => [v - floors[i], i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) if (left-- > 0) floors[i]++;
  return { Local: floors[0], Empate: floors[1], Visita: floors[2] };
}
