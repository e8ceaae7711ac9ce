import { describe, expect, it } from 'vitest';
import { bannerCountdown, countdownParts, formatCountdown, msToNextMinute, TIME_UP } from '../../src/lib/countdown.ts';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('formatCountdown', () => {
  it('shows days, hours and minutes when a day or more is left', () => {
    expect(formatCountdown(2 * D + 5 * H + 12 * M + 30 * S)).toBe('2 d 5 h 12 min');
    expect(formatCountdown(D)).toBe('1 d 0 h 0 min');
  });

  it('drops the days under 24 hours', () => {
    expect(formatCountdown(5 * H + 12 * M)).toBe('5 h 12 min');
    expect(formatCountdown(D - 1)).toBe('23 h 59 min');
    expect(formatCountdown(59 * S)).toBe('0 h 0 min');
  });

  it('adds zero-padded seconds in seconds mode', () => {
    expect(formatCountdown(D + 2 * H + 3 * M + 9 * S, { seconds: true })).toBe('1 d 2 h 3 min 09 s');
    expect(formatCountdown(45 * S + 999, { seconds: true })).toBe('0 h 0 min 45 s');
    expect(formatCountdown(1 * S, { seconds: true })).toBe('0 h 0 min 01 s');
  });

  it("says 'Tiempo agotado' at zero and after", () => {
    expect(TIME_UP).toBe('Tiempo agotado');
    expect(formatCountdown(0)).toBe('Tiempo agotado');
    expect(formatCountdown(-5 * M)).toBe('Tiempo agotado');
    expect(formatCountdown(0, { seconds: true })).toBe('Tiempo agotado');
    expect(formatCountdown(999, { seconds: true })).toBe('Tiempo agotado');
  });

  it('splits a duration into whole parts, rounding down', () => {
    expect(countdownParts(3 * D + 4 * H + 5 * M + 6 * S + 700)).toEqual({ days: 3, hours: 4, minutes: 5, seconds: 6 });
    expect(countdownParts(-1)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('header banner countdown', () => {
  it('shows nothing after the deadline', () => {
    expect(bannerCountdown(0)).toBeNull();
    expect(bannerCountdown(-H)).toBeNull();
  });

  it('under 24 hours shows hours and minutes with the closing message', () => {
    expect(bannerCountdown(5 * H + 12 * M + 40 * S)).toEqual({ text: 'Cierra en 5 h 12 min — ¡haz tus predicciones!', closingSoon: true });
    expect(bannerCountdown(30 * S)).toEqual({ text: 'Cierra en 0 h 0 min — ¡haz tus predicciones!', closingSoon: true });
  });

  it('otherwise shows days, hours and minutes', () => {
    expect(bannerCountdown(D)).toEqual({ text: 'La quiniela cierra en 1 d 0 h 0 min', closingSoon: false });
    expect(bannerCountdown(3 * D + 2 * H + M)).toEqual({ text: 'La quiniela cierra en 3 d 2 h 1 min', closingSoon: false });
  });

  it('ticks on the minute', () => {
    expect(msToNextMinute(5 * M + 20 * S)).toBe(20 * S);
    expect(msToNextMinute(5 * M)).toBe(M);
  });
});
