// The game's scoring rules and prizes for the client (rules page, simulations, displays).
// The database is the referee (public.score_round, get_monthly_prizes, get_round_prizes read
// the scoring_points, scoring_bonuses and prizes tables); these constants mirror those rows
// and tests/api/scoring.test.ts fails when they drift apart.

export type PickResult = 'Local' | 'Empate' | 'Visita';

/** Points by number of correct picks out of 12 (index = correct). Fewer than 4 → 0. */
export const POINTS_BY_CORRECT: readonly number[] = [0, 0, 0, 0, 6, 8, 10, 15, 20, 30, 45, 65, 90];

/** scoring_bonuses rows: code → points (the multiplier and the cap are numbers too). */
export const BONUSES = {
  streak: { label: 'Racha 2 semanas', points: 5 },
  full_month: { label: 'Mes completo', points: 10 },
  welcome: { label: 'Bienvenida', points: 8 },
  referral: { label: 'Referido', points: 3 },
  referral_monthly_cap: { label: 'Máximo de referidos por mes', points: 10 },
  last_round_multiplier: { label: 'Última quiniela del mes', points: 1.5 },
} as const;

export type BonusCode = keyof typeof BONUSES;

export const LAST_ROUND_MULTIPLIER = BONUSES.last_round_multiplier.points;
export const REFERRAL_MONTHLY_CAP = BONUSES.referral_monthly_cap.points;
export const MATCHES_PER_ROUND = 12;

export type PrizeKind = 'monthly' | 'weekly' | 'perfect';

/** prizes rows: kind → amounts in MXN by place (index 0 = 1st place). */
export const PRIZES: Record<PrizeKind, readonly number[]> = {
  monthly: [1000, 300, 200, 100, 100],
  weekly: [300],
  perfect: [5000],
};

/** Table points for a number of correct picks (0–12). */
export function pointsForCorrect(correct: number): number {
  if (!Number.isInteger(correct) || correct < 0 || correct >= POINTS_BY_CORRECT.length) {
    throw new RangeError(`Aciertos fuera de rango: ${correct}`);
  }
  return POINTS_BY_CORRECT[correct];
}

/**
 * Table points of the last round of the month: ×1.5 rounded half up (22.5 → 23). Bonuses are
 * added after the multiplier, never multiplied.
 */
export function applyLastRoundMultiplier(tablePoints: number, multiplier: number = LAST_ROUND_MULTIPLIER): number {
  // Integer arithmetic in tenths avoids binary-float surprises such as 2.675 × 100.
  const tenths = Math.round(multiplier * 10);
  return Math.floor((tablePoints * tenths + 5) / 10);
}

export interface RoundMatch {
  id: number | string;
  correctResult: PickResult | null;
  specialBonusPoints?: number;
  underdogBonusPoints?: number;
  underdogBonusSide?: PickResult | null;
}

export interface RoundScoreInput {
  matches: readonly RoundMatch[];
  /** The player's picks by match id; a missing match is an unpicked one. */
  picks: Readonly<Record<string, PickResult | undefined>>;
  isLastOfMonth?: boolean;
  /** He played the round before this one (by deadline). */
  playedPreviousRound?: boolean;
  /** This is the last round of the month and he played every round of the month. */
  playedWholeMonth?: boolean;
  /** This is the first round he ever plays. */
  firstRound?: boolean;
  /** Usernames of the referred friends credited in this round (after the monthly cap). */
  referrals?: readonly string[];
}

export interface RoundScore {
  correct: number;
  tablePoints: number;
  points: number;
  bonusDetails: string[];
}

/** The same rules as public.score_round, for display and simulation. */
export function scoreRound(input: RoundScoreInput): RoundScore {
  let correct = 0;
  let special = 0;
  let underdog = 0;
  for (const match of input.matches) {
    const pick = input.picks[String(match.id)];
    if (!pick || match.correctResult === null || pick !== match.correctResult) continue;
    correct++;
    if ((match.specialBonusPoints ?? 0) > 0) special += match.specialBonusPoints!;
    if ((match.underdogBonusPoints ?? 0) > 0 && match.underdogBonusSide === match.correctResult) underdog += match.underdogBonusPoints!;
  }
  const tablePoints = pointsForCorrect(Math.min(correct, POINTS_BY_CORRECT.length - 1));
  const base = input.isLastOfMonth ? applyLastRoundMultiplier(tablePoints) : tablePoints;
  const lines: string[] = [];
  let points = base + special + underdog;
  if (base > tablePoints) lines.push(`${BONUSES.last_round_multiplier.label} ×${LAST_ROUND_MULTIPLIER}: +${base - tablePoints}`);
  if (special > 0) lines.push(`Pick especial: +${special}`);
  if (underdog > 0) lines.push(`Underdog: +${underdog}`);
  const bonus = (code: 'streak' | 'full_month' | 'welcome') => {
    points += BONUSES[code].points;
    lines.push(`${BONUSES[code].label}: +${BONUSES[code].points}`);
  };
  if (input.playedPreviousRound) bonus('streak');
  if (input.isLastOfMonth && input.playedWholeMonth) bonus('full_month');
  if (input.firstRound) bonus('welcome');
  for (const friend of [...(input.referrals ?? [])].sort()) {
    points += BONUSES.referral.points;
    lines.push(`${BONUSES.referral.label} ${friend}: +${BONUSES.referral.points}`);
  }
  return { correct, tablePoints, points, bonusDetails: lines };
}

export interface RankedRow {
  rank: number;
}

/**
 * Splits prizes by rank (ties share the rank, as SQL rank() gives them): a tie group shares
 * the sum of the prizes of the places it occupies, split evenly and rounded to centavos;
 * places past the last prize pay nothing.
 */
export function splitPrizes<T extends RankedRow>(rows: readonly T[], prizes: readonly number[]): (T & { amountMxn: number })[] {
  const tied = new Map<number, number>();
  for (const row of rows) tied.set(row.rank, (tied.get(row.rank) ?? 0) + 1);
  return rows
    .filter((row) => row.rank <= prizes.length)
    .map((row) => {
      const size = tied.get(row.rank)!;
      const pot = prizes.slice(row.rank - 1, row.rank - 1 + size).reduce((a, b) => a + b, 0);
      return { ...row, amountMxn: Math.round((pot / size) * 100) / 100 };
    });
}

/** Accuracy as a fraction: correct picks ÷ (12 × rounds played). 0 when nothing was played. */
export function accuracy(correct: number, rounds: number): number {
  if (rounds <= 0) return 0;
  return correct / (MATCHES_PER_ROUND * rounds);
}

const mxn = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });

/** Money as the product shows it, e.g. "$1,000.00". */
export function formatMXN(amount: number): string {
  return mxn.format(amount);
}
