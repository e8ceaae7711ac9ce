// "Si terminara así" (issue 45): the result as it stands (the saved one, else the feed's
// 90-minute result once over — extra time and penalties never count — else the live score),
// and the round's provisional points with the points table and the match bonuses.
import { describe, expect, it } from 'vitest';
import { rulesFor } from '../../src/lib/game/game-rules';
import type { RoundMatch } from '../../src/lib/game/rounds';
import { liveLabel, pointsIfItEndedNow, resultAsItStands, type LiveScore } from '../../src/features/picks/model/live';

const live = (matchId: number, status: string, home: number | null, away: number | null, extra: Partial<LiveScore> = {}): LiveScore => ({
  matchId, status, elapsed: 50, extra: null, home, away, proposedResult: null, ...extra,
});
const match = (id: number, extra: Partial<RoundMatch> = {}): RoundMatch => ({
  id, order: id, homeTeam: `L${id}`, awayTeam: `V${id}`, kickoffAt: null, homeClub: null, awayClub: null,
  specialBonusPoints: 0, underdogBonusPoints: 0, underdogBonusSide: null, correctResult: null, voidedAt: null, ...extra,
});

describe('the result as it stands', () => {
  it('reads the live score in play, the 90 minutes once over or in extra time, nothing before kick-off or when postponed', () => {
    expect(resultAsItStands(match(1), live(1, '2H', 2, 1))).toBe('Local');
    expect(resultAsItStands(match(1), live(1, 'HT', 0, 0))).toBe('Empate');
    expect(resultAsItStands(match(1), live(1, 'ET', 2, 1, { proposedResult: 'Empate' }))).toBe('Empate');
    expect(resultAsItStands(match(1), live(1, 'PEN', 1, 1, { proposedResult: 'Empate' }))).toBe('Empate');
    expect(resultAsItStands(match(1), live(1, 'NS', null, null))).toBeNull();
    expect(resultAsItStands(match(1), live(1, 'PST', null, null))).toBeNull();
    expect(resultAsItStands(match(1, { correctResult: 'Visita' }), live(1, '2H', 3, 0))).toBe('Visita');
  });

  it('says the status in words', () => {
    expect(liveLabel(live(1, '2H', 1, 0, { elapsed: 67 }))).toBe("67'");
    expect(liveLabel(live(1, '1H', 1, 0, { elapsed: 45, extra: 2 }))).toBe("45+2'");
    expect(liveLabel(live(1, 'HT', 1, 0))).toBe('Medio tiempo');
    expect(liveLabel(live(1, 'PST', null, null))).toBe('Pospuesto');
    expect(liveLabel(live(1, 'SUSP', 1, 0))).toBe('Suspendido');
    expect(liveLabel(live(1, 'ABD', 1, 0))).toBe('Abandonado');
  });
});

describe('si terminara así', () => {
  const rules = rulesFor('2026-12-05T18:00:00-06:00');
  it('counts the picks right as it stands with the points table and the match bonuses; a goal changes it', () => {
    const matches = [match(1, { specialBonusPoints: 5 }), match(2, { underdogBonusSide: 'Visita', underdogBonusPoints: 3 }), match(3)];
    const picks = { 1: 'Local', 2: 'Visita', 3: 'Empate' } as const;
    const now = { 1: live(1, '2H', 1, 0), 2: live(2, '1H', 0, 0), 3: live(3, 'NS', null, null) };
    const before = pointsIfItEndedNow(matches, picks, now, rules, false);
    expect(before).toEqual({ correct: 1, counted: 2, points: rules.pointsByCorrect[1] + 5 });
    const afterGoal = pointsIfItEndedNow(matches, picks, { ...now, 2: live(2, '1H', 0, 1) }, rules, false);
    expect(afterGoal).toEqual({ correct: 2, counted: 2, points: rules.pointsByCorrect[2] + 5 + 3 });
    expect(pointsIfItEndedNow(matches, picks, { ...now, 2: live(2, '1H', 0, 1) }, rules, true).points).toBe(rules.lastRoundPointsByCorrect[2] + 8);
  });

  it('a void match counts as right for a pick on it, with no bonus; not for a player who did not pick it', () => {
    const matches = [match(1, { specialBonusPoints: 5, voidedAt: '2026-12-07T01:00:00Z' }), match(2)];
    const now = { 1: live(1, 'PST', null, null), 2: live(2, '2H', 1, 0) };
    expect(pointsIfItEndedNow(matches, { 1: 'Visita', 2: 'Local' }, now, rules, false)).toEqual({ correct: 2, counted: 2, points: rules.pointsByCorrect[2] });
    expect(pointsIfItEndedNow(matches, { 2: 'Local' }, now, rules, false)).toEqual({ correct: 1, counted: 2, points: rules.pointsByCorrect[1] });
    // A result typed by hand after the void (it was played) counts instead.
    expect(pointsIfItEndedNow([match(1, { voidedAt: '2026-12-07T01:00:00Z', correctResult: 'Local' })], { 1: 'Visita' }, {}, rules, false).correct).toBe(0);
  });
});
