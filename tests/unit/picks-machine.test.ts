// The picks screen's state machine (docs/product.md#picks-screen) and the merge of drafts with server picks.
import { describe, expect, it } from 'vitest';
import { mergePicks } from '../../src/features/picks/model/merge-picks';
import { canPick, initialMachine, MESSAGES, picksReducer, saveGate, saveLabel, type Picks } from '../../src/features/picks/model/picks-machine';
import type { PickDraft } from '../../src/lib/db';

const all12: Picks = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [i + 1, 'Local'])) as Picks;
const gateInput = (picks: Picks, extra: Partial<Parameters<typeof saveGate>[1]> = {}) => ({
  signedIn: true,
  open: true,
  picks,
  matchCount: 12,
  hasPending: false,
  ...extra,
});

describe('picks state machine', () => {
  it('starts not submitted without picks and submitted with a full saved set', () => {
    expect(picksReducer(initialMachine, { type: 'loaded', saved: {}, matchCount: 12, hasPending: false }).mode).toBe('new');
    expect(picksReducer(initialMachine, { type: 'loaded', saved: all12, matchCount: 12, hasPending: false }).mode).toBe('submitted');
    expect(picksReducer(initialMachine, { type: 'loaded', saved: all12, matchCount: 12, hasPending: true }).mode).toBe('editing');
  });

  it('walks Guardar Quiniela → Predicciones Guardadas → Editar Quiniela → Guardar Cambios', () => {
    let state = picksReducer(initialMachine, { type: 'loaded', saved: {}, matchCount: 12, hasPending: false });
    expect(saveLabel(state.mode)).toBe('Guardar Quiniela');
    expect(saveGate(state, gateInput(all12)).enabled).toBe(true);

    state = picksReducer(state, { type: 'save-started' });
    expect(saveGate(state, gateInput(all12)).enabled).toBe(false);
    state = picksReducer(state, { type: 'save-succeeded', picks: all12 });
    expect(state.mode).toBe('submitted');
    expect(saveLabel(state.mode)).toBe('Predicciones Guardadas');
    expect(state.notice).toEqual({ kind: 'success', text: 'Tus predicciones se guardaron correctamente.' });
    expect(canPick(state, true, true)).toBe(false);

    state = picksReducer(state, { type: 'edit' });
    expect(state.mode).toBe('editing');
    expect(saveLabel(state.mode)).toBe('Guardar Cambios');
    expect(canPick(state, true, true)).toBe(true);
    // Unchanged: nothing to save.
    expect(saveGate(state, gateInput(all12)).enabled).toBe(false);
    const changed = { ...all12, 3: 'Visita' } as Picks;
    expect(saveGate(state, gateInput(changed)).enabled).toBe(true);

    state = picksReducer(state, { type: 'save-succeeded', picks: changed });
    expect(state.mode).toBe('submitted');
    expect(state.baseline).toEqual(changed);
    state = picksReducer(state, { type: 'notice-expired' });
    expect(state.notice).toBeNull();
  });

  it('enables save only when signed in, open, changed and complete, with the spec messages', () => {
    const state = picksReducer(initialMachine, { type: 'loaded', saved: {}, matchCount: 12, hasPending: false });
    const eleven = { ...all12 };
    delete eleven[12];
    expect(saveGate(state, gateInput(eleven))).toMatchObject({ enabled: false, reason: MESSAGES.incomplete });
    expect(MESSAGES.incomplete).toBe('Debes seleccionar un resultado para todos los partidos.');
    expect(saveGate(state, gateInput(all12, { signedIn: false }))).toMatchObject({ enabled: false, reason: 'Debes iniciar sesión para guardar tus picks.' });
    expect(saveGate(state, gateInput(all12, { open: false })).enabled).toBe(false);
    expect(canPick(state, true, false)).toBe(false);
    expect(canPick(state, false, true)).toBe(false);
  });

  it('keeps the mode on a failed save and shows the failure; a closed round says so', () => {
    const editing = picksReducer(picksReducer(initialMachine, { type: 'loaded', saved: all12, matchCount: 12, hasPending: false }), { type: 'edit' });
    const failed = picksReducer(picksReducer(editing, { type: 'save-started' }), { type: 'save-failed' });
    expect(failed.mode).toBe('editing');
    expect(failed.notice).toEqual({ kind: 'error', text: 'Error al guardar predicciones. Intenta de nuevo.' });
    expect(picksReducer(editing, { type: 'closed-refused' }).notice?.kind).toBe('closed');
    expect(picksReducer(editing, { type: 'save-queued', picks: all12 }).mode).toBe('submitted');
  });

  it('replaces the offline notice once the queued picks are sent, or says they came too late', () => {
    const editing = picksReducer(picksReducer(initialMachine, { type: 'loaded', saved: all12, matchCount: 12, hasPending: false }), { type: 'edit' });
    const queued = picksReducer(editing, { type: 'save-queued', picks: all12 });
    expect(queued.notice?.kind).toBe('queued');
    expect(picksReducer(queued, { type: 'queue-drained', rejected: false }).notice).toEqual({ kind: 'success', text: 'Tus predicciones se guardaron correctamente.' });
    expect(picksReducer(queued, { type: 'queue-drained', rejected: true }).notice).toEqual({ kind: 'closed', text: 'La quiniela ya cerró: algunos cambios no se enviaron.' });
    // Any other notice is left alone.
    const failed = picksReducer(editing, { type: 'save-failed' });
    expect(picksReducer(failed, { type: 'queue-drained', rejected: false })).toBe(failed);
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

  it('shows a pending draft as not sent once the round closed', () => {
    expect(mergePicks([1], {}, [draft({})], false)[1]?.state).toBe('rejected');
  });
});
