import { describe, expect, it } from 'vitest';
import { checkPollText, remainingCharacters, takesOption, takesText } from '../../src/features/poll/poll-answer.ts';

describe('the poll text answer', () => {
  it('is trimmed, and blank means no text', () => {
    expect(checkPollText('  Me gusta  ')).toEqual({ text: 'Me gusta', error: null });
    expect(checkPollText(' \n\t ')).toEqual({ text: null, error: null });
  });

  it('takes 600 characters and refuses 601 with the count', () => {
    expect(checkPollText('a'.repeat(600)).error).toBeNull();
    expect(checkPollText(` ${'a'.repeat(600)} `).error).toBeNull();
    expect(checkPollText('a'.repeat(601)).error).toBe('Tu respuesta es muy larga (601/600)');
  });

  it('counts what is left after trimming', () => {
    expect(remainingCharacters('')).toBe(600);
    expect(remainingCharacters('  hola  ')).toBe(596);
    expect(remainingCharacters('a'.repeat(610))).toBe(-10);
  });
});

describe('what each kind of poll takes', () => {
  it('open: text only; mixed: option and text; choice: option, and text when allowed', () => {
    expect([takesOption('open'), takesText('open', false)]).toEqual([false, true]);
    expect([takesOption('mixed'), takesText('mixed', false)]).toEqual([true, true]);
    expect([takesOption('choice'), takesText('choice', false), takesText('choice', true)]).toEqual([true, false, true]);
  });
});
