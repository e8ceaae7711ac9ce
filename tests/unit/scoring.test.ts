// The client's copy of the scoring rules (src/lib/scoring.ts), checked against figures worked
// out by hand from decisions.md — never against the same code.
import { describe, expect, it } from 'vitest';
import {
  accuracy, applyLastRoundMultiplier, formatMXN, pointsForCorrect, PRIZES, scoreRound, splitPrizes,
  type PickResult, type RoundMatch,
} from '../../src/lib/scoring.ts';

describe('pointsForCorrect', () => {
  const table: [number, number][] = [
    [0, 0], [1, 0], [2, 0], [3, 0], [4, 6], [5, 8], [6, 10], [7, 15], [8, 20], [9, 30], [10, 45], [11, 65], [12, 90],
  ];
  for (const [correct, points] of table) {
    it(`${correct} correct → ${points}`, () => expect(pointsForCorrect(correct)).toBe(points));
  }
  it('refuses counts outside 0–12', () => {
    expect(() => pointsForCorrect(13)).toThrow(RangeError);
    expect(() => pointsForCorrect(-1)).toThrow(RangeError);
    expect(() => pointsForCorrect(2.5)).toThrow(RangeError);
  });
});

describe('applyLastRoundMultiplier (×1.5, half up)', () => {
  it.each([
    [0, 0], [6, 9], [8, 12], [10, 15], [15, 23], [20, 30], [30, 45], [45, 68], [65, 98], [90, 135],
  ])('%i → %i', (table, expected) => expect(applyLastRoundMultiplier(table)).toBe(expected));
  it('rounds .5 up, not to even', () => {
    expect(applyLastRoundMultiplier(15)).toBe(23); // 22.5
    expect(applyLastRoundMultiplier(1)).toBe(2); // 1.5
    expect(applyLastRoundMultiplier(5)).toBe(8); // 7.5
  });
});

/** 12 matches: match 1 is the special pick (+5), match 2 the underdog (+3 when Visita wins). */
function round(results: PickResult[], opts: { underdogWins?: boolean } = {}): RoundMatch[] {
  return results.map((r, i) => ({
    id: i + 1,
    correctResult: i === 1 ? (opts.underdogWins ? 'Visita' : 'Local') : r,
    specialBonusPoints: i === 0 ? 5 : 0,
    underdogBonusPoints: i === 1 ? 3 : 0,
    underdogBonusSide: i === 1 ? 'Visita' : null,
  }));
}
const results: PickResult[] = ['Local', 'Local', 'Empate', 'Visita', 'Local', 'Local', 'Empate', 'Visita', 'Local', 'Local', 'Empate', 'Visita'];
/** Picks with exactly `n` correct among matches 3–12 (match 1 and 2 wrong unless given). */
function picks(matches: RoundMatch[], n: number, extra: Record<number, PickResult> = {}): Record<string, PickResult> {
  const out: Record<string, PickResult> = {};
  const wrong = (r: PickResult | null): PickResult => (r === 'Local' ? 'Empate' : 'Local');
  matches.forEach((m, i) => {
    out[String(m.id)] = i >= 2 && i - 2 < n ? m.correctResult! : wrong(m.correctResult);
  });
  for (const [id, r] of Object.entries(extra)) out[id] = r;
  return out;
}

describe('scoreRound', () => {
  it('scores table points only when no bonus applies', () => {
    const m = round(results);
    expect(scoreRound({ matches: m, picks: picks(m, 7) })).toEqual({ correct: 7, tablePoints: 15, points: 15, bonusDetails: [] });
    expect(scoreRound({ matches: m, picks: picks(m, 3) }).points).toBe(0);
  });

  it('adds the special pick when it is correct', () => {
    const m = round(results);
    const s = scoreRound({ matches: m, picks: picks(m, 3, { 1: 'Local' }) });
    expect(s).toEqual({ correct: 4, tablePoints: 6, points: 11, bonusDetails: ['Pick especial: +5'] });
  });

  it('adds the underdog only when the underdog side won and was picked', () => {
    const won = round(results, { underdogWins: true });
    expect(scoreRound({ matches: won, picks: picks(won, 0, { 2: 'Visita' }) }))
      .toEqual({ correct: 1, tablePoints: 0, points: 3, bonusDetails: ['Underdog: +3'] });
    const lost = round(results);
    // Picking the favourite when the favourite wins: correct, but no underdog bonus.
    expect(scoreRound({ matches: lost, picks: picks(lost, 0, { 2: 'Local' }) }).points).toBe(0);
  });

  it('adds streak, full month, welcome and referrals, each with its line', () => {
    const m = round(results);
    expect(scoreRound({ matches: m, picks: picks(m, 0), playedPreviousRound: true }).bonusDetails).toEqual(['Racha 2 semanas: +5']);
    expect(scoreRound({ matches: m, picks: picks(m, 0), isLastOfMonth: true, playedWholeMonth: true }).points).toBe(10);
    // Full month counts only on the last round of the month.
    expect(scoreRound({ matches: m, picks: picks(m, 0), playedWholeMonth: true }).points).toBe(0);
    expect(scoreRound({ matches: m, picks: picks(m, 0), firstRound: true })).toMatchObject({ points: 8, bonusDetails: ['Bienvenida: +8'] });
    expect(scoreRound({ matches: m, picks: picks(m, 0), referrals: ['Zeta', 'Beto'] }))
      .toMatchObject({ points: 6, bonusDetails: ['Referido Beto: +3', 'Referido Zeta: +3'] });
  });

  it('multiplies only the table points on the last round of the month, then adds every bonus', () => {
    const m = round(results, { underdogWins: true });
    // 8 correct: matches 1 (special), 2 (underdog) and 6 more → 20 table points ×1.5 = 30.
    const s = scoreRound({
      matches: m, picks: picks(m, 6, { 1: 'Local', 2: 'Visita' }), isLastOfMonth: true,
      playedPreviousRound: true, playedWholeMonth: true, firstRound: false, referrals: ['Pepe'],
    });
    // 30 + 5 special + 3 underdog + 5 streak + 10 month + 3 referral = 56
    expect(s).toEqual({
      correct: 8, tablePoints: 20, points: 56,
      bonusDetails: ['Última quiniela del mes ×1.5: +10', 'Pick especial: +5', 'Underdog: +3', 'Racha 2 semanas: +5', 'Mes completo: +10', 'Referido Pepe: +3'],
    });
  });

  it('rounds 7 correct on the last round (15 × 1.5 = 22.5) up to 23', () => {
    const m = round(results);
    const s = scoreRound({ matches: m, picks: picks(m, 7), isLastOfMonth: true });
    expect(s).toEqual({ correct: 7, tablePoints: 15, points: 23, bonusDetails: ['Última quiniela del mes ×1.5: +8'] });
  });

  it('counts a perfect round as 90 and ignores matches without a result', () => {
    const m = round(results);
    const all = Object.fromEntries(m.map((x) => [String(x.id), x.correctResult!]));
    expect(scoreRound({ matches: m, picks: all })).toMatchObject({ correct: 12, tablePoints: 90, points: 95 });
    const pending = m.map((x, i) => (i === 11 ? { ...x, correctResult: null } : x));
    expect(scoreRound({ matches: pending, picks: all }).correct).toBe(11);
  });
});

describe('splitPrizes', () => {
  const monthly = PRIZES.monthly; // 1000 / 300 / 200 / 100 / 100
  it('pays the top 5 without ties', () => {
    const rows = [1, 2, 3, 4, 5, 6].map((rank) => ({ rank, id: `p${rank}` }));
    expect(splitPrizes(rows, monthly).map((r) => r.amountMxn)).toEqual([1000, 300, 200, 100, 100]);
  });
  it('splits a 2-way tie for 1st: (1000 + 300) / 2 each', () => {
    const rows = [{ rank: 1 }, { rank: 1 }, { rank: 3 }];
    expect(splitPrizes(rows, monthly).map((r) => r.amountMxn)).toEqual([650, 650, 200]);
  });
  it('splits a 3-way tie for 2nd: (300 + 200 + 100) / 3 each', () => {
    const rows = [{ rank: 1 }, { rank: 2 }, { rank: 2 }, { rank: 2 }, { rank: 5 }];
    expect(splitPrizes(rows, monthly).map((r) => r.amountMxn)).toEqual([1000, 200, 200, 200, 100]);
  });
  it('shares only the paid places when a tie straddles 5th place', () => {
    // Three tied at 4th occupy places 4–6; only 4 and 5 pay: (100 + 100) / 3 = 66.67.
    const rows = [{ rank: 1 }, { rank: 2 }, { rank: 3 }, { rank: 4 }, { rank: 4 }, { rank: 4 }, { rank: 7 }];
    expect(splitPrizes(rows, monthly).map((r) => r.amountMxn)).toEqual([1000, 300, 200, 66.67, 66.67, 66.67]);
  });
  it('splits the weekly and the perfect prize among the tied', () => {
    expect(splitPrizes([{ rank: 1 }, { rank: 1 }], PRIZES.weekly).map((r) => r.amountMxn)).toEqual([150, 150]);
    expect(splitPrizes([{ rank: 1 }, { rank: 1 }, { rank: 1 }], PRIZES.perfect).map((r) => r.amountMxn)).toEqual([1666.67, 1666.67, 1666.67]);
  });
});

describe('accuracy and money', () => {
  it('is correct ÷ 12 per round played', () => {
    expect(accuracy(6, 1)).toBe(0.5);
    expect(accuracy(18, 2)).toBe(0.75);
    expect(accuracy(0, 0)).toBe(0);
  });
  it('formats MXN the es-MX way', () => {
    expect(formatMXN(1000)).toBe('$1,000.00');
    expect(formatMXN(66.67)).toBe('$66.67');
  });
});
