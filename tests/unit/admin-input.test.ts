// Admin input parsing: results and recipients typed as text (the closing time typed in Mexico
// City time is game time: tests/unit/time.test.ts).
import { describe, expect, it } from 'vitest';
import { parseResult } from '../../src/features/admin/results.ts';
import { parseRecipients } from '../../src/features/admin/recipients.ts';

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
