import { describe, expect, it } from 'vitest';
import {
  formatCalendarDay,
  formatDayAndTime,
  formatDeadline,
  formatGameDate,
  formatGameDateTime,
  formatGameHour,
  formatGameTime,
  formatKickoff,
  GAME_TIME_LABEL,
  GAME_TIME_ZONE,
  gameClock,
  gameDay,
  gameTimeToInstant,
} from '../../src/lib/time.ts';

describe('game time (America/Mexico_City, "hora del Centro")', () => {
  it('shows a deadline in Mexico City time with its label, whatever the UTC date', () => {
    // 01:00 UTC on the 22nd is 19:00 on the 21st in Mexico City (UTC−6, no daylight saving).
    expect(formatDeadline('2025-11-22T01:00:00Z')).toBe('viernes, 21 de noviembre, 19:00 (hora del Centro)');
    expect(GAME_TIME_LABEL).toBe('hora del Centro');
  });

  it('ignores the old daylight-saving rule: summer is UTC−6 too since 2022', () => {
    expect(formatGameDateTime('2025-07-05T00:30:00Z')).toBe('viernes, 4 de julio, 18:30');
  });

  it('uses a 24-hour clock, midnight included', () => {
    expect(formatGameDateTime(new Date('2025-11-22T06:00:00Z'))).toBe('sábado, 22 de noviembre, 00:00');
  });

  it('formats kickoffs compactly without abbreviation dots', () => {
    expect(formatKickoff('2025-11-29T01:00:00Z')).toBe('vie 28 nov · 19:00');
    expect(formatKickoff('2025-10-12T17:05:00Z')).toBe('dom 12 oct · 11:05');
  });

  it('refuses an invalid date instead of printing "Invalid Date"', () => {
    expect(() => formatDeadline('no es fecha')).toThrow(RangeError);
    expect(() => gameDay('2026-13-45')).toThrow(RangeError);
  });

  it('reads summer 2022 with its daylight saving (UTC−5) and the fixed offset from 30 October 2022', () => {
    expect(formatGameDateTime('2022-07-01T17:00:00Z')).toBe('viernes, 1 de julio, 12:00');
    // The last change: 02:00 CDT became 01:00 CST at 07:00 UTC.
    expect(formatGameTime('2022-10-30T06:59:59Z')).toBe('01:59:59');
    expect(formatGameTime('2022-10-30T07:00:00Z')).toBe('01:00:00');
  });
});

describe('the hand-written game clock agrees with Intl', () => {
  // Intl is the oracle: every format, at instants spread over years on both sides of the
  // 2022 change (month and year ends, midnights, every weekday and month).
  const intl = (options: Intl.DateTimeFormatOptions, locale = 'es-MX') => new Intl.DateTimeFormat(locale, { timeZone: GAME_TIME_ZONE, hourCycle: 'h23', ...options });
  const long = intl({ weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });
  const short = intl({ weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  const dayTime = intl({ day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  const time = intl({ hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const hourMinute = intl({ hour: '2-digit', minute: '2-digit' });
  const date = intl({ day: 'numeric', month: 'long', year: 'numeric' });
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: GAME_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  const instants: Date[] = [];
  for (let t = Date.UTC(2021, 0, 1); t < Date.UTC(2031, 0, 1); t += 7 * 3_600_000 + 13 * 60_000 + 17_000) instants.push(new Date(t));
  for (let year = 2021; year <= 2030; year++) for (let month = 0; month < 12; month++) for (const hour of [5, 6, 7]) instants.push(new Date(Date.UTC(year, month, 1, hour)));

  // About 110,000 comparisons: 6–17 s on a loaded 2-core machine, past vitest's default 5 s.
  it(`formats ${instants.length} instants exactly as Intl does`, () => {
    for (const at of instants) {
      const iso = at.toISOString();
      expect(formatGameDateTime(at), iso).toBe(long.format(at));
      const parts = short.formatToParts(at);
      const part = (type: string) => parts.find((p) => p.type === type)?.value.replace(/\.$/, '');
      expect(formatKickoff(at), iso).toBe(`${part('weekday')} ${part('day')} ${part('month')} · ${part('hour')}:${part('minute')}`);
      expect(formatDayAndTime(at), iso).toBe(dayTime.format(at));
      expect(formatGameTime(at), iso).toBe(time.format(at));
      expect(formatGameHour(at), iso).toBe(hourMinute.format(at));
      expect(formatGameDate(at), iso).toBe(date.format(at));
      expect(gameDay(at), iso).toBe(day.format(at));
      expect(formatCalendarDay(gameDay(at)), iso).toBe(date.format(at));
      expect(gameClock(iso).weekday, iso).toBe(new Date(`${day.format(at)}T12:00:00Z`).getUTCDay());
    }
  }, 60_000);
});

describe('game time to instants (the months of the game, the admin\'s typed times)', () => {
  it('reads a wall-clock time as Mexico City time (UTC−6 since 2022), and summer time in 2021 (UTC−5)', () => {
    expect(gameTimeToInstant(2026, 11, 28, 18).toISOString()).toBe('2026-11-29T00:00:00.000Z');
    expect(gameTimeToInstant(2026, 7, 4, 23, 59).toISOString()).toBe('2026-07-05T05:59:00.000Z');
    expect(gameTimeToInstant(2021, 7, 1, 12).toISOString()).toBe('2021-07-01T17:00:00.000Z');
  });

  it('puts the last minute of a month in that month, though it is the next month in UTC', () => {
    const lastMinute = gameTimeToInstant(2026, 11, 30, 23, 59);
    expect(lastMinute.toISOString()).toBe('2026-12-01T05:59:00.000Z');
    expect(gameDay(lastMinute)).toBe('2026-11-30');
    expect(gameClock(lastMinute)).toMatchObject({ month: 11, day: 30, hour: 23, minute: 59 });
    const firstMinute = gameTimeToInstant(2026, 12, 1);
    expect(firstMinute.toISOString()).toBe('2026-12-01T06:00:00.000Z');
    expect(gameDay(firstMinute)).toBe('2026-12-01');
    expect(gameDay(new Date(firstMinute.getTime() - 1))).toBe('2026-11-30');
    // New Year's Eve, 23:30 in Mexico City: already 2027 in UTC.
    const newYearsEve = gameTimeToInstant(2026, 12, 31, 23, 30);
    expect(newYearsEve.toISOString()).toBe('2027-01-01T05:30:00.000Z');
    expect(gameClock(newYearsEve)).toMatchObject({ year: 2026, month: 12, day: 31 });
  });

  it('starts every month at 00:00 on the 1st in Mexico City, by Intl, before and after the 2022 change', () => {
    const wall = new Intl.DateTimeFormat('en-CA', { timeZone: GAME_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    for (let year = 2021; year <= 2030; year++) {
      for (let month = 1; month <= 12; month++) {
        const start = gameTimeToInstant(year, month, 1);
        const label = `${year}-${month}`;
        expect(wall.format(start), label).toBe(`${year}-${String(month).padStart(2, '0')}-01, 00:00:00`);
        expect(wall.format(new Date(start.getTime() - 1000)), label).toMatch(/, 23:59:59$/);
      }
    }
  });
});
