// Issue 44, item 13: a round's deadline beside its name says the date once. A round named after
// its day ("Quiniela del 5 de diciembre") is followed by the weekday and the time only, on the
// invitation, the liga's round and the picks screen alike (formatDeadlineBeside).
import { describe, expect, it } from 'vitest';
import { roundLine } from '../../src/features/leagues/invite-words.ts';
import { formatDeadlineBeside } from '../../src/lib/time.ts';

const SATURDAY = '2026-12-06T00:00:00Z'; // sábado, 5 de diciembre, 18:00 in Mexico City

describe('the invitation round line', () => {
  it('says the date once when the name already has it', () => {
    expect(roundLine('Quiniela del 5 de diciembre', SATURDAY)).toBe('Quiniela del 5 de diciembre: cierra el sábado a las 18:00 (hora del Centro)');
  });
  it('keeps the whole date when the name does not say it, or names another day', () => {
    expect(roundLine('Quiniela 14', SATURDAY)).toBe('Quiniela 14: cierra el sábado, 5 de diciembre, 18:00 (hora del Centro)');
    expect(roundLine('Quiniela del 15 de diciembre', SATURDAY)).toBe('Quiniela del 15 de diciembre: cierra el sábado, 5 de diciembre, 18:00 (hora del Centro)');
    expect(roundLine(null, SATURDAY)).toBe('La quiniela: cierra el sábado, 5 de diciembre, 18:00 (hora del Centro)');
    expect(roundLine(null, null)).toBe('La próxima quiniela abre pronto');
  });
  it('is the same rule wherever a deadline stands beside the name', () => {
    expect(formatDeadlineBeside('Quiniela del 5 de diciembre', SATURDAY)).toBe('sábado a las 18:00 (hora del Centro)');
    expect(formatDeadlineBeside('QUINIELA DEL 5 DE DICIEMBRE', SATURDAY)).toBe('sábado a las 18:00 (hora del Centro)');
    expect(formatDeadlineBeside(null, SATURDAY)).toBe('sábado, 5 de diciembre, 18:00 (hora del Centro)');
  });
});
