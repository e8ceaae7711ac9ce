import { describe, expect, it } from 'vitest';
import { formatDeadline, formatGameDateTime, formatKickoff, GAME_TIME_LABEL } from '../../src/lib/time.ts';

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
  });
});
