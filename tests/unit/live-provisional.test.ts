// "Si terminara así" (issue 45): the result as it stands (the saved one, else the feed's
// 90-minute result once over — extra time and penalties never count — else the live score),
// and the round's provisional points with the points table and the match bonuses; his place in
// the round from the round's histogram, in words ("entre el 3 % mejor"); a liga's table as it
// would stand.
import { describe, expect, it } from 'vitest';
import { rulesFor } from '../../src/lib/game/game-rules';
import type { RoundMatch } from '../../src/lib/game/rounds';
import { ifItEndedNow, liveLabel, placeInRound, placeWords, pointsIfItEndedNow, resultAsItStands, resultsAsTheyStand, withVoids, type LiveScore, type LiveStandings } from '../../src/features/picks/model/live';
import { provisionalTable } from '../../src/features/leagues/live-table';
import { pickVerdict, resultLetter } from '../../src/features/leagues/round-grid';
import type { LeaderboardEntry } from '../../src/features/standings';

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

describe("what the round's messages bring to the page's matches", () => {
  it('a void heard of, and a result typed by hand (a void match included), become the match\'s; nothing heard keeps the same array', () => {
    const matches = [match(1), match(2, { voidedAt: '2026-12-05T00:00:00Z' }), match(3, { correctResult: 'Local' })];
    expect(withVoids(matches, {}, { 3: 'Local' })).toBe(matches);
    const heard = withVoids(matches, { 1: '2026-12-06T00:00:00Z' }, { 2: 'Visita', 3: 'Empate' });
    expect(heard.map((m) => [m.voidedAt, m.correctResult])).toEqual([
      ['2026-12-06T00:00:00Z', null],
      ['2026-12-05T00:00:00Z', 'Visita'],
      [null, 'Empate'],
    ]);
    // A typed result beats the void: the match counts by it as it stands.
    expect(resultAsItStands(heard[1]!, live(2, 'PST', null, null))).toBe('Visita');
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

describe('his place in the round', () => {
  const standings = (results: LiveStandings['results'], histogram: Array<[number, number]>): LiveStandings => ({
    quinielaId: 1, results, players: histogram.reduce((n, [, k]) => n + k, 0), histogram,
  });
  const results = { '1': 'Local', '2': null } as const;

  it('is 1 + the players with more points, ties sharing it', () => {
    const s = standings(results, [[20, 3], [12, 10], [5, 87]]);
    expect(placeInRound(s, 20, results)).toEqual({ place: 1, players: 100 });
    expect(placeInRound(s, 12, results)).toEqual({ place: 4, players: 100 });
    expect(placeInRound(s, 5, results)).toEqual({ place: 14, players: 100 });
  });

  it('is not shown while the histogram was computed from other results than the screen shows (a goal on its way)', () => {
    const s = standings(results, [[20, 3], [12, 97]]);
    expect(placeInRound(s, 12, { '1': 'Empate', '2': null })).toBeNull();
    expect(placeInRound(s, 12, { '1': 'Local', '2': null, '3': 'Visita' })).toBeNull();
    expect(placeInRound(null, 12, results)).toBeNull();
    expect(placeInRound(standings(results, []), 0, results)).toBeNull();
  });

  it('says the share rounded up, never 0 %, in fives past 10 %, and the place in a small round or the lower half', () => {
    expect(placeWords({ place: 1, players: 100_000 })).toBe('Entre el 1 % mejor de la quiniela');
    expect(placeWords({ place: 3_000, players: 100_000 })).toBe('Entre el 3 % mejor de la quiniela');
    expect(placeWords({ place: 3_001, players: 100_000 })).toBe('Entre el 4 % mejor de la quiniela');
    expect(placeWords({ place: 10_000, players: 100_000 })).toBe('Entre el 10 % mejor de la quiniela');
    expect(placeWords({ place: 10_001, players: 100_000 })).toBe('Entre el 15 % mejor de la quiniela');
    expect(placeWords({ place: 50_000, players: 100_000 })).toBe('Entre el 50 % mejor de la quiniela');
    expect(placeWords({ place: 61_234, players: 100_000 })).toBe('Lugar 61,234 de 100,000 en la quiniela');
    expect(placeWords({ place: 2, players: 40 })).toBe('Lugar 2 de 40 en la quiniela');
  });

  it('goes with "si terminara así": the place of his provisional points among the results the screen shows', () => {
    const rules = rulesFor('2026-12-05T18:00:00-06:00');
    const matches = [match(1, { specialBonusPoints: 5 }), match(2)];
    const now = { 1: live(1, '2H', 1, 0), 2: live(2, 'NS', null, null) };
    const shown = resultsAsTheyStand(matches, now);
    expect(shown).toEqual({ '1': 'Local', '2': null });
    const one = rules.pointsByCorrect[1] + 5;
    const s = standings(shown, [[one, 30], [rules.pointsByCorrect[0], 70]]);
    expect(ifItEndedNow(matches, { 1: 'Local' }, now, s, rules, false).place).toEqual({ place: 1, players: 100 });
    expect(ifItEndedNow(matches, { 1: 'Visita' }, now, s, rules, false).place).toEqual({ place: 31, players: 100 });
  });
});

describe("a liga's table as it would stand", () => {
  const rules = rulesFor('2026-12-05T18:00:00-06:00');
  const entry = (userId: string, totalPoints: number, rankTotal: number): LeaderboardEntry => ({
    userId, username: userId, clubId: null, clubLogoUrl: null, totalPoints, dailyPoints: 0, weeklyPoints: totalPoints, referralPoints: 0,
    rankTotal, rankWeekly: rankTotal, rankDaily: 1, previousRank: null,
  });
  const round = { id: 9, name: 'J9', week: 9, deadline: '2026-12-05T18:00:00-06:00', resultsSaved: false, isLastOfMonth: false, matches: [match(1, { specialBonusPoints: 5 }), match(2)] };

  it("adds each member's provisional points of the round, ranks with ties sharing, and says who moves", () => {
    const entries = [entry('ana', 30, 1), entry('beto', 28, 2), entry('caro', 10, 3)];
    const picks = { ana: { 1: 'Visita', 2: 'Visita' }, beto: { 1: 'Local', 2: 'Local' } } as const;
    const now = { 1: live(1, '2H', 1, 0), 2: live(2, '2H', 2, 0) };
    const rows = provisionalTable(entries, picks, round, now);
    const two = rules.pointsByCorrect[2] + 5;
    const zero = rules.pointsByCorrect[0];
    expect(rows.map((r) => [r.userId, r.roundPoints, r.total, r.rank, r.move])).toEqual([
      ['beto', two, 28 + two, 1, { kind: 'up', by: 1 }],
      ['ana', zero, 30 + zero, 2, { kind: 'down', by: 1 }],
      ['caro', 0, 10, 3, { kind: 'same' }],
    ]);
  });

  it('gives a member at 0 points no place and no arrow, as the liga table does; one entering the table has no arrow either', () => {
    // Ana has points; Beto and Caro none yet this month; the round gives Beto two right, Caro nothing.
    const entries = [entry('caro', 0, 2), entry('beto', 0, 2), entry('ana', 100, 1)];
    const picks = { beto: { 1: 'Local', 2: 'Local' }, caro: { 1: 'Visita', 2: 'Visita' } } as const;
    const now = { 1: live(1, '2H', 1, 0), 2: live(2, '2H', 2, 0) };
    const rows = provisionalTable(entries, picks, round, now);
    const two = rules.pointsByCorrect[2] + 5;
    expect(rules.pointsByCorrect[0]).toBe(0);
    expect(rows.map((r) => [r.userId, r.total, r.rank, r.move])).toEqual([
      ['ana', 100, 1, { kind: 'same' }],
      ['beto', two, 2, null],
      ['caro', 0, null, null],
    ]);
  });

  it('counts a void match as public.pick_counts says: right for every member who picked it, with no bonus; nothing for one who did not', () => {
    const entries = [entry('ana', 10, 1), entry('beto', 10, 1), entry('caro', 10, 1)];
    const voided = { ...round, matches: [match(1, { specialBonusPoints: 5, voidedAt: '2026-12-07T01:00:00Z' }), match(2), match(3), match(4), match(5)] };
    // Ana and Beto picked the void match (different sides), Caro did not; all three have the other four right.
    const rest = { 2: 'Local', 3: 'Local', 4: 'Local', 5: 'Local' } as const;
    const picks = { ana: { 1: 'Local', ...rest }, beto: { 1: 'Visita', ...rest }, caro: rest } as const;
    const now = Object.fromEntries([2, 3, 4, 5].map((id) => [id, live(id, '2H', 1, 0)]));
    const rows = provisionalTable(entries, picks, voided, { ...now, 1: live(1, 'PST', null, null) });
    expect(rows.map((r) => [r.userId, r.roundPoints, r.rank])).toEqual([
      ['ana', rules.pointsByCorrect[5], 1],
      ['beto', rules.pointsByCorrect[5], 1],
      ['caro', rules.pointsByCorrect[4], 3],
    ]);
  });
});

describe("a liga's members × matches grid", () => {
  const voided = match(1, { voidedAt: '2026-12-07T01:00:00Z' });
  it('shows a void match as "A" and marks every pick on it right, as public.pick_counts counts it', () => {
    expect(resultLetter(voided)).toBe('A');
    expect(pickVerdict('Local', voided)).toBe(true);
    expect(pickVerdict('Visita', voided)).toBe(true);
    expect(pickVerdict(undefined, voided)).toBeNull();
  });

  it('a result beats void (typed for a match that was played); no result yet tells nothing', () => {
    const played = match(1, { voidedAt: '2026-12-07T01:00:00Z', correctResult: 'Empate' });
    expect(resultLetter(played)).toBe('E');
    expect(pickVerdict('Empate', played)).toBe(true);
    expect(pickVerdict('Local', played)).toBe(false);
    expect(resultLetter(match(2))).toBe('–');
    expect(pickVerdict('Local', match(2))).toBeNull();
  });
});
