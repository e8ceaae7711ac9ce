// The members × matches grid of a closed round (round-picks-grid.tsx): each match's result in a
// letter and whether a member's pick counts, by the one rule (pickCounts, the app's copy of
// public.pick_counts): a void match counts as right for every member who picked it, whatever he
// picked, and shows "A" (anulado) as its result.
import { isVoid, pickCounts, type MatchSide, type RoundMatch } from '@/lib/game/rounds';

const LETTER: Record<MatchSide, string> = { Local: 'L', Empate: 'E', Visita: 'V' };

/** The result row's letter: L, E, V; A for a void match; – while it has none. */
export function resultLetter(match: Pick<RoundMatch, 'correctResult' | 'voidedAt'>): string {
  if (match.correctResult) return LETTER[match.correctResult];
  return isVoid(match) ? 'A' : '–';
}

/** A member's pick in a letter (null: none). */
export const pickLetter = (pick: MatchSide | undefined): string | null => (pick ? LETTER[pick] : null);

/** Whether his pick counts (true), does not (false), or cannot be told yet (null: no pick, or no result and not void). */
export function pickVerdict(pick: MatchSide | undefined, match: Pick<RoundMatch, 'correctResult' | 'voidedAt'>): boolean | null {
  if (!pick || (!match.correctResult && !isVoid(match))) return null;
  return pickCounts(pick, match);
}
