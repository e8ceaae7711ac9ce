// The app's copy of the rules picks the version in force in the Mexico City month of a date.
import { describe, expect, it } from 'vitest';
import { accuracy, bonusPoints, matchesPerRound, multiplierLabel, prizeAmounts, rulesFor, type GameRules } from '../../src/lib/game/game-rules.ts';

const version = (from: string, multiplier: number, welcome: number): GameRules => ({
  from,
  pointsByCorrect: [0, 0, 0, 0, 6, 8, 10, 15, 20, 30, 45, 65, 90],
  lastRoundPointsByCorrect: [0, 0, 0, 0, 9, 12, 15, 23, 30, 45, 68, 98, 135],
  bonuses: { last_round_multiplier: { label: 'Última quiniela del mes', points: multiplier }, welcome: { label: 'Bienvenida', points: welcome } },
  prizes: { monthly: [1000, 300, 200] },
  tieExample: { place: 2, tied: 2, share: 250 },
});
const versions = [version('2000-01-01', 1.5, 8), version('2030-12-01', 2, 10)];

describe('rulesFor', () => {
  it('uses the Mexico City month: 23:59 on November 30 is still November, 00:00 on December 1 is December', () => {
    // Mexico City is UTC−6 all year.
    expect(rulesFor('2030-12-01T05:59:00Z', versions).from).toBe('2000-01-01');
    expect(rulesFor('2030-12-01T06:00:00Z', versions).from).toBe('2030-12-01');
    expect(rulesFor(new Date('2031-06-15T12:00:00Z'), versions).from).toBe('2030-12-01');
  });

  it('falls back to the first version before any version starts', () => {
    expect(rulesFor('1999-05-05T00:00:00Z', versions).from).toBe('2000-01-01');
  });

  it('reads bonuses, prizes and the multiplier badge of the version', () => {
    const december = rulesFor('2030-12-10T00:00:00Z', versions);
    expect(multiplierLabel(december)).toBe('×2');
    expect(multiplierLabel(rulesFor('2030-11-10T00:00:00Z', versions))).toBe('×1.5');
    expect(bonusPoints(december, 'welcome')).toBe(10);
    expect(bonusPoints(december, 'streak')).toBe(0);
    expect(prizeAmounts(december, 'monthly')).toEqual([1000, 300, 200]);
    expect(prizeAmounts(december, 'perfect')).toEqual([]);
  });
});

describe('accuracy', () => {
  it('divides by the matches of a round times the rounds played', () => {
    const rules = versions[0];
    expect(matchesPerRound(rules)).toBe(12);
    expect(accuracy(18, 2, rules)).toBe(0.75);
    expect(accuracy(0, 0, rules)).toBe(0);
  });
});
