// Issue 44, item 13: the invitation's round line says the date once. A round named after its day
// ("Quiniela del 5 de diciembre") is followed by the weekday and the time only.
import { describe, expect, it } from 'vitest';
import { roundLine } from '../../src/features/leagues/invite-words.ts';
import { formatDeadline } from '../../src/lib/time.ts';

const SATURDAY = '2026-12-06T00:00:00Z'; // sábado, 5 de diciembre, 18:00 in Mexico City

describe('the invitation round line', () => {
  it('says the date once when the name already has it', () => {
    expect(roundLine('Quiniela del 5 de diciembre', SATURDAY, formatDeadline)).toBe('Quiniela del 5 de diciembre: cierra el sábado a las 18:00 (hora del Centro)');
  });
  it('keeps the whole date when the name does not say it, or names another day', () => {
    expect(roundLine('Jornada 14', SATURDAY, formatDeadline)).toBe('Jornada 14: cierra el sábado, 5 de diciembre, 18:00 (hora del Centro)');
    expect(roundLine('Quiniela del 15 de diciembre', SATURDAY, formatDeadline)).toBe('Quiniela del 15 de diciembre: cierra el sábado, 5 de diciembre, 18:00 (hora del Centro)');
    expect(roundLine(null, null, formatDeadline)).toBe('La próxima quiniela abre pronto');
  });
});
