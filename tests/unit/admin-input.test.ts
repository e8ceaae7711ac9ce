// Admin input parsing: the closing time typed in Mexico City time, and results typed as text.
import { describe, expect, it } from 'vitest';
import { gameDayBefore, typedGameTimeToIso } from '../../src/features/admin/typed-time.ts';
import { parseResult } from '../../src/features/admin/results.ts';
import { parseRecipients } from '../../src/features/admin/recipients.ts';

describe('typedGameTimeToIso', () => {
  it('reads the typed wall-clock time in Mexico City (UTC-6 since 2022), whatever the machine zone', () => {
    expect(typedGameTimeToIso('2026-11-28T18:00')).toBe('2026-11-29T00:00:00.000Z');
    expect(typedGameTimeToIso('2026-07-04T23:59')).toBe('2026-07-05T05:59:00.000Z');
    // A Boost game locks at 23:59 of its day: the next day in UTC, across a month's end.
    expect(typedGameTimeToIso('2026-11-30T23:59')).toBe('2026-12-01T05:59:00.000Z');
  });

  it("follows the zone's history: summer time still applied in 2021 (UTC-5)", () => {
    expect(typedGameTimeToIso('2021-07-01T12:00')).toBe('2021-07-01T17:00:00.000Z');
  });

  it('answers null for an incomplete value', () => {
    expect(typedGameTimeToIso('')).toBeNull();
    expect(typedGameTimeToIso('2026-11-28')).toBeNull();
  });

  it('counts days back from the Mexico City date, across a month and a year', () => {
    // 03:00 UTC on 2 Dec is still 1 Dec in Mexico City.
    expect(gameDayBefore(30, Date.parse('2026-12-02T03:00:00Z'))).toBe('2026-11-01');
    // 05:59 UTC on 1 Jan 2027 is still 31 Dec 2026 there.
    expect(gameDayBefore(1, Date.parse('2027-01-01T05:59:00Z'))).toBe('2026-12-30');
    expect(gameDayBefore(0, Date.parse('2027-01-01T06:00:00Z'))).toBe('2027-01-01');
  });
});

describe('parseResult', () => {
  it('accepts Local / Empate / Visita in any case and L / E / V', () => {
    expect(['local', 'LOCAL', ' Local ', 'l', 'L'].map(parseResult)).toEqual(Array(5).fill('Local'));
    expect(['empate', 'E', 'e'].map(parseResult)).toEqual(Array(3).fill('Empate'));
    expect(['Visita', 'v', 'VISITA'].map(parseResult)).toEqual(Array(3).fill('Visita'));
  });

  it('treats empty as "no result yet" and anything else as invalid', () => {
    expect(parseResult('  ')).toBeNull();
    expect(parseResult('gana local')).toBeUndefined();
    expect(parseResult('1')).toBeUndefined();
    expect(parseResult('X')).toBeUndefined();
  });
});

describe('parseRecipients', () => {
  it('splits a comma-separated list, trims, lowercases and drops repeats and blanks', () => {
    expect(parseRecipients(' Ana@Quinielazo.mx, beto@quinielazo.mx,,ana@quinielazo.mx ;\ncarla@quinielazo.mx ')).toEqual(['ana@quinielazo.mx', 'beto@quinielazo.mx', 'carla@quinielazo.mx']);
  });
});
