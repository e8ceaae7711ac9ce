// The game's rules as the app shows them: points table, bonuses and prizes of the month a round
// or a page is about. The database is the referee (score_round and the prize functions read
// the versioned tables scoring_points, scoring_bonuses and prizes); the versions themselves
// arrive in game-rules.gen.ts, generated from those tables by `npm run typegen` and checked
// against the database by tests/api/types.test.ts, so what is shown is what is scored and the
// rules page needs no request (it works offline, and for visitors).
import { RULE_VERSIONS } from './game-rules.gen';
import { gameClock } from '../time';

export type BonusCode = 'streak' | 'full_month' | 'welcome' | 'referral' | 'referral_monthly_cap' | 'last_round_multiplier';
export type PrizeKind = 'monthly' | 'weekly' | 'perfect';

export interface GameRules {
  /** First day (YYYY-MM-DD) of the Mexico City month these rules start. */
  from: string;
  /** Round points by number of correct picks (index = correct). */
  pointsByCorrect: readonly number[];
  /** The same on the last round of the month (×multiplier, rounded half up by the database). */
  lastRoundPointsByCorrect: readonly number[];
  bonuses: Readonly<Record<string, { label: string; points: number }>>;
  /** Amounts in MXN by place (index 0 = 1st place). */
  prizes: Readonly<Record<string, readonly number[]>>;
  /** What each of two players tied for 2nd place of the month wins (public.prize_share). */
  tieExample: { place: number; tied: number; share: number };
}

/** The rules in force in the Mexico City month of `at` (a round's deadline, or now). */
export function rulesFor(at: string | Date = new Date(), versions: readonly GameRules[] = RULE_VERSIONS): GameRules {
  const clock = gameClock(at);
  const month = `${clock.year}-${String(clock.month).padStart(2, '0')}-01`;
  let found = versions[0];
  for (const version of versions) if (version.from <= month) found = version;
  return found;
}

/** Points of a bonus (0 when the version has none). */
export function bonusPoints(rules: GameRules, code: BonusCode): number {
  return rules.bonuses[code]?.points ?? 0;
}

/** Prize amounts of a kind, 1st place first. */
export function prizeAmounts(rules: GameRules, kind: PrizeKind): readonly number[] {
  return rules.prizes[kind] ?? [];
}

/** Matches in a round: the points table runs from 0 to all of them correct. */
export function matchesPerRound(rules: GameRules): number {
  return rules.pointsByCorrect.length - 1;
}

/** The last round's multiplier as shown on badges, e.g. "×1.5". */
export function multiplierLabel(rules: GameRules): string {
  return `×${bonusPoints(rules, 'last_round_multiplier')}`;
}

/** Accuracy as a fraction: correct picks ÷ (matches per round × rounds played); 0 without rounds. */
export function accuracy(correct: number, rounds: number, rules: GameRules = rulesFor()): number {
  if (rounds <= 0) return 0;
  return correct / (matchesPerRound(rules) * rounds);
}
