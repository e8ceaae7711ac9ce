import { describe, expect, it } from 'vitest';
import { splitBonusLine } from '../../src/features/standings/components/bonus-lines.tsx';
import {
  displayUsername,
  historyTone,
  leaderboardView,
  rankChange,
  rankChangeText,
  type LeaderboardEntry,
} from '../../src/features/standings/leaderboard-rows.ts';
import { placeOf, sortForTab, tabPlace } from '../../src/features/standings/tab-order.ts';
import { gameMonthOf, lastMonths, leaderboardMonths, monthLabel, monthStart, parseMonthKey } from '../../src/features/standings/months.ts';

function entry(n: number, points: { total: number; weekly: number; daily: number }, ranks?: Partial<LeaderboardEntry>): LeaderboardEntry {
  return {
    userId: `u${n}`,
    username: `Jugador${n}`,
    clubId: null,
    clubLogoUrl: null,
    totalPoints: points.total,
    weeklyPoints: points.weekly,
    dailyPoints: points.daily,
    referralPoints: 0,
    rankTotal: 1,
    rankWeekly: 1,
    rankDaily: 1,
    previousRank: null,
    ...ranks,
  };
}

/** n players, player i has total 100 − i (so u0 leads), ranked like the database would. */
function board(n: number): LeaderboardEntry[] {
  return Array.from({ length: n }, (_, i) =>
    entry(i, { total: 100 - i, weekly: 100 - i, daily: i }, { rankTotal: i + 1, rankWeekly: i + 1, rankDaily: n - i }),
  );
}

describe('leaderboard top 20 and own row', () => {
  it('pads a short month with empty placeholder rows up to 20', () => {
    const view = leaderboardView(board(3), 'total', null);
    expect(view.top).toHaveLength(20);
    expect(view.top.slice(0, 3).map((e) => e?.userId)).toEqual(['u0', 'u1', 'u2']);
    expect(view.top.slice(3).every((e) => e === null)).toBe(true);
    expect(view.own).toBeNull();
  });

  it('shows exactly the best 20 and puts the player below them when he is 21st or lower', () => {
    const view = leaderboardView(board(30), 'total', 'u24');
    expect(view.top).toHaveLength(20);
    expect(view.top.every((e) => e !== null)).toBe(true);
    expect(view.top.some((e) => e?.userId === 'u24')).toBe(false);
    expect(view.own?.userId).toBe('u24');
  });

  it('keeps the player in place (no extra row) when he is inside the top 20', () => {
    const view = leaderboardView(board(30), 'total', 'u19');
    expect(view.top[19]?.userId).toBe('u19');
    expect(view.own).toBeNull();
  });

  it('the own row depends on the tab: last in total is first in Boost', () => {
    expect(leaderboardView(board(30), 'total', 'u29').own?.userId).toBe('u29');
    expect(leaderboardView(board(30), 'boost', 'u29').own).toBeNull();
  });

  it('has no own row for a visitor or a player without points this month', () => {
    expect(leaderboardView(board(30), 'total', null).own).toBeNull();
    expect(leaderboardView(board(30), 'total', 'nobody').own).toBeNull();
  });
});

describe('tab sorting', () => {
  const entries = [
    entry(1, { total: 50, weekly: 40, daily: 10 }),
    entry(2, { total: 45, weekly: 20, daily: 25 }),
    entry(3, { total: 48, weekly: 45, daily: 3 }),
  ];
  it('orders by Boost, Quinielazo or total points, highest first', () => {
    expect(sortForTab(entries, 'boost').map((e) => e.userId)).toEqual(['u2', 'u1', 'u3']);
    expect(sortForTab(entries, 'quinielazo').map((e) => e.userId)).toEqual(['u3', 'u1', 'u2']);
    expect(sortForTab(entries, 'total').map((e) => e.userId)).toEqual(['u1', 'u3', 'u2']);
  });

  it('breaks a tie on the tab by total points, then by name', () => {
    const tied = [entry(1, { total: 10, weekly: 5, daily: 5 }), entry(2, { total: 20, weekly: 5, daily: 15 }), { ...entry(3, { total: 10, weekly: 5, daily: 5 }), username: 'Aaron' }];
    expect(sortForTab(tied, 'quinielazo').map((e) => e.userId)).toEqual(['u2', 'u3', 'u1']);
  });

  it('orders tied names as a Spanish reader does: case and accents aside', () => {
    const tie = { total: 10, weekly: 5, daily: 5 };
    const named = ['zeta', 'Ángel', 'beto', 'Álvaro', 'alba'].map((username, i) => ({ ...entry(i + 1, tie), username }));
    expect(sortForTab(named, 'total').map((e) => e.username)).toEqual(['alba', 'Álvaro', 'Ángel', 'beto', 'zeta']);
  });

  it('does not change the input order', () => {
    const copy = [...entries];
    sortForTab(entries, 'boost');
    expect(entries).toEqual(copy);
  });
});

describe('a place on a screen (issue 44): no points, no place', () => {
  it('is the rank while the points are above 0, else none', () => {
    expect(placeOf(15, 8)).toBe(8);
    expect(placeOf(0, 40)).toBeNull();
    expect(placeOf(12, null)).toBeNull();
  });

  it("reads the tab's points and rank: a player with Quinielazo points and no Boost has a place only where he scored", () => {
    const e = entry(1, { total: 15, weekly: 15, daily: 0 }, { rankTotal: 8, rankWeekly: 8, rankDaily: 40 });
    expect(tabPlace(e, 'total')).toBe(8);
    expect(tabPlace(e, 'quinielazo')).toBe(8);
    expect(tabPlace(e, 'boost')).toBeNull();
  });
});

describe('usernames in the table', () => {
  it('cuts names longer than 15 characters with an ellipsis', () => {
    expect(displayUsername('ValeriaQuinielera2025')).toBe('ValeriaQuiniele…');
    expect(Array.from(displayUsername('ValeriaQuinielera2025'))).toHaveLength(16);
  });
  it('keeps names of 15 characters or fewer whole', () => {
    expect(displayUsername('MarianaMerengue')).toBe('MarianaMerengue');
    expect(displayUsername('Ana_Aguila')).toBe('Ana_Aguila');
  });
  it('says Anónimo when there is no name', () => {
    expect(displayUsername('')).toBe('Anónimo');
    expect(displayUsername('   ')).toBe('Anónimo');
    expect(displayUsername(null)).toBe('Anónimo');
    expect(displayUsername(undefined)).toBe('Anónimo');
  });
  it('counts characters, not UTF-16 units', () => {
    expect(displayUsername('⚽⚽⚽⚽⚽⚽⚽⚽⚽⚽⚽⚽⚽⚽⚽⚽')).toBe('⚽⚽⚽⚽⚽⚽⚽⚽⚽⚽⚽⚽⚽⚽⚽…');
  });
});

describe('rank change since last month', () => {
  it('is up when the rank number went down', () => {
    expect(rankChange(2, 5)).toEqual({ kind: 'up', by: 3 });
    expect(rankChangeText(rankChange(2, 5))).toBe('▲3');
  });
  it('is down when the rank number went up', () => {
    expect(rankChange(7, 6)).toEqual({ kind: 'down', by: 1 });
    expect(rankChangeText(rankChange(7, 6))).toBe('▼1');
  });
  it('is = when unchanged and Nuevo without last month', () => {
    expect(rankChangeText(rankChange(4, 4))).toBe('=');
    expect(rankChangeText(rankChange(4, null))).toBe('Nuevo');
  });
});

describe('history bar colour', () => {
  it.each([
    [12, 'green'],
    [7, 'green'],
    [6, 'amber'],
    [4, 'amber'],
    [3, 'red'],
    [0, 'red'],
  ] as const)('%i correct is %s', (correct, tone) => {
    expect(historyTone(correct)).toBe(tone);
  });
});

describe('months', () => {
  it('uses Mexico City time: 05:59 UTC on the 1st is still last month there', () => {
    expect(gameMonthOf(new Date('2026-12-01T05:59:00Z'))).toEqual({ year: 2026, month: 11 });
    expect(gameMonthOf(new Date('2026-12-01T06:00:00Z'))).toEqual({ year: 2026, month: 12 });
    expect(monthStart({ year: 2026, month: 12 }).toISOString()).toBe('2026-12-01T06:00:00.000Z');
    // July 2022 started on summer time (UTC−5), before Mexico City gave it up.
    expect(monthStart({ year: 2022, month: 7 }).toISOString()).toBe('2022-07-01T05:00:00.000Z');
  });

  it('lists leaderboard months from the first with a round to the current one, newest first, across a year', () => {
    const months = leaderboardMonths([{ year: 2025, month: 11 }], { year: 2026, month: 2 });
    expect(months).toEqual([
      { year: 2026, month: 2 },
      { year: 2026, month: 1 },
      { year: 2025, month: 12 },
      { year: 2025, month: 11 },
    ]);
  });

  it('always offers the current month, even before any round', () => {
    expect(leaderboardMonths([], { year: 2026, month: 5 })).toEqual([{ year: 2026, month: 5 }]);
  });

  it('gives the history filter the current month and the five before it', () => {
    const months = lastMonths({ year: 2026, month: 3 });
    expect(months).toHaveLength(6);
    expect(months[0]).toEqual({ year: 2026, month: 3 });
    expect(months[5]).toEqual({ year: 2025, month: 10 });
  });

  it('names months in Spanish and parses URL keys', () => {
    expect(monthLabel({ year: 2026, month: 9 })).toBe('Septiembre 2026');
    expect(monthLabel({ year: 2026, month: 1 })).toBe('Enero 2026');
    expect(parseMonthKey('2026-09')).toEqual({ year: 2026, month: 9 });
    expect(parseMonthKey('2026-13')).toBeUndefined();
    expect(parseMonthKey(202609)).toBeUndefined();
  });
});

describe('bonus lines', () => {
  it('splits the label from the points', () => {
    expect(splitBonusLine('Racha 2 semanas: +5')).toEqual({ label: 'Racha 2 semanas', points: '+5' });
    expect(splitBonusLine('Última quiniela del mes ×1.5: +8')).toEqual({ label: 'Última quiniela del mes ×1.5', points: '+8' });
    expect(splitBonusLine('Texto libre')).toEqual({ label: 'Texto libre', points: null });
  });

  it('says a score stored before the game had one word per thing in today\'s words (issue 44, item 13)', () => {
    expect(splitBonusLine('Underdog: +3')).toEqual({ label: 'Sorpresa', points: '+3' });
    expect(splitBonusLine('Pick especial: +5')).toEqual({ label: 'Partido especial', points: '+5' });
  });
});
