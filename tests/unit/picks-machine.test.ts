// The picks screen's one save model (docs/decisions/picks.md, "One save model on the picks screen")
// and the merge of drafts with server picks.
import { describe, expect, it } from 'vitest';
import { mergePicks, type ShownPick } from '../../src/features/picks/model/merge-picks';
import { allSaved, lateLine, saveCounts, statusLine } from '../../src/features/picks/model/picks-machine';
import type { PickDraft } from '../../src/lib/db';

const shownOf = (states: ShownPick['state'][]): Record<number, ShownPick> =>
  Object.fromEntries(states.map((state, i) => [i + 1, { result: 'Local', state, savedAt: null }]));

describe('the save status', () => {
  it('says how many are saved once, and that they can change until the close', () => {
    const counts = saveCounts(shownOf(Array(12).fill('saved')), 12, false);
    expect(statusLine(counts)).toBe('12 de 12 guardadas · puedes cambiarlas hasta el cierre');
    expect(allSaved(counts)).toBe(true);
  });

  it('counts what waits for a signal, and what failed with signal, apart', () => {
    const shown = shownOf([...Array(10).fill('saved'), 'pending', 'pending']);
    const waiting = saveCounts(shown, 12, false);
    expect(statusLine(waiting)).toBe('10 de 12 guardadas · 2 pendientes de enviar: se enviarán solas al volver la señal · puedes cambiarlas hasta el cierre');
    expect(allSaved(waiting)).toBe(false);
    const failing = saveCounts(shown, 12, true);
    expect(failing).toMatchObject({ pending: 0, failed: 2 });
    expect(statusLine(failing)).toContain('2 sin enviar: no pudimos enviarlas');
    expect(statusLine(saveCounts(shownOf(['saved', 'pending']), 12, false))).toContain('1 pendiente de enviar');
  });

  it('is not complete while a match has no pick', () => {
    expect(allSaved(saveCounts(shownOf(Array(11).fill('saved')), 12, false))).toBe(false);
    expect(allSaved(saveCounts({}, 0, false))).toBe(false);
  });

  it('says a refused pick did not reach the server before the close, not that it was made after', () => {
    expect(saveCounts(shownOf(['saved', 'rejected']), 2, false).late).toBe(1);
    expect(lateLine(1)).toMatch(/^1 predicción hecha sin señal no llegó al servidor antes del cierre/);
    expect(lateLine(2)).toMatch(/^2 predicciones hechas sin señal no llegaron al servidor antes del cierre/);
    expect(lateLine(2)).not.toMatch(/después del cierre/);
  });
});

describe('mergePicks', () => {
  const draft = (over: Partial<PickDraft>): PickDraft => ({
    userId: 'u',
    matchId: 1,
    quinielaId: 14,
    result: 'Visita',
    version: 1,
    status: 'pending',
    savedAt: null,
    deadline: null,
    ...over,
  });

  it('shows a pending draft over the server pick, and a newer server write over an old receipt', () => {
    const server = { 1: { result: 'Local' as const, updatedAt: '2026-11-21T10:00:00Z' } };
    expect(mergePicks([1], server, [draft({})], true)[1]).toEqual({ result: 'Visita', state: 'pending', savedAt: null });
    const oldReceipt = draft({ status: 'saved', savedAt: '2026-11-20T10:00:00Z' });
    expect(mergePicks([1], server, [oldReceipt], true)[1]).toEqual({ result: 'Local', state: 'saved', savedAt: '2026-11-21T10:00:00Z' });
  });

  it('shows a pending draft as not sent once the round closed, with what the server kept', () => {
    expect(mergePicks([1], {}, [draft({})], false)[1]).toMatchObject({ state: 'rejected', counted: null });
    const server = { 1: { result: 'Local' as const, updatedAt: '2026-11-21T10:00:00Z' } };
    expect(mergePicks([1], server, [draft({ status: 'rejected' })], true)[1]).toMatchObject({ result: 'Visita', state: 'rejected', counted: 'Local' });
  });
});
