// The picks screen's state machine (docs/product.md#picks-screen): not submitted → 'Guardar Quiniela' → submitted
// (read-only, 'Predicciones Guardadas') → 'Editar Quiniela' → editing → 'Guardar Cambios' →
// submitted. Pure, so it is unit-tested; the screen feeds it events and reads `saveGate`.
import type { PickResult } from '@/lib/db';

export type PicksMode = 'new' | 'submitted' | 'editing';

type PicksNotice =
  | { kind: 'success'; text: string }
  | { kind: 'error'; text: string }
  | { kind: 'queued'; text: string }
  | { kind: 'closed'; text: string };

export const MESSAGES = {
  saved: 'Tus predicciones se guardaron correctamente.',
  saveFailed: 'Error al guardar predicciones. Intenta de nuevo.',
  incomplete: 'Debes seleccionar un resultado para todos los partidos.',
  signedOut: 'Debes iniciar sesión para guardar tus picks.',
  queued: 'Sin conexión: tus predicciones quedaron guardadas en este teléfono y se enviarán solas al volver la señal.',
  closed: 'La quiniela ya cerró: algunos cambios no se enviaron.',
} as const;

/** How long the success and failure messages stay (docs/product.md#timings-and-limits: 4 s). */
export const NOTICE_MS = 4000;

export type Picks = Record<number, PickResult>;

export interface PicksMachine {
  mode: PicksMode;
  /** The set as last confirmed (loaded or saved): "changed" is measured against it. */
  baseline: Picks;
  saving: boolean;
  notice: PicksNotice | null;
}

export type PicksEvent =
  | { type: 'loaded'; saved: Picks; matchCount: number; hasPending: boolean }
  | { type: 'edit' }
  | { type: 'save-started' }
  | { type: 'save-succeeded'; picks: Picks }
  | { type: 'save-queued'; picks: Picks }
  | { type: 'save-failed' }
  | { type: 'closed-refused' }
  /** Nothing waits any more: what a save made offline queued has reached the server (or was refused as late). */
  | { type: 'queue-drained'; rejected: boolean }
  | { type: 'notice-expired' };

export const initialMachine: PicksMachine = { mode: 'new', baseline: {}, saving: false, notice: null };

const isComplete = (picks: Picks, matchCount: number) => matchCount > 0 && Object.keys(picks).length >= matchCount;

export function picksReducer(state: PicksMachine, event: PicksEvent): PicksMachine {
  switch (event.type) {
    case 'loaded': {
      // Changes still waiting to be sent mean the player was editing; a full saved set is submitted.
      const mode: PicksMode = event.hasPending ? 'editing' : isComplete(event.saved, event.matchCount) ? 'submitted' : 'new';
      return { ...state, mode, baseline: event.saved };
    }
    case 'edit':
      return state.mode === 'submitted' ? { ...state, mode: 'editing', notice: null } : state;
    case 'save-started':
      return { ...state, saving: true, notice: null };
    case 'save-succeeded':
      return { mode: 'submitted', baseline: event.picks, saving: false, notice: { kind: 'success', text: MESSAGES.saved } };
    case 'save-queued':
      return { mode: 'submitted', baseline: event.picks, saving: false, notice: { kind: 'queued', text: MESSAGES.queued } };
    case 'save-failed':
      return { ...state, saving: false, notice: { kind: 'error', text: MESSAGES.saveFailed } };
    case 'closed-refused':
      return { ...state, saving: false, notice: { kind: 'closed', text: MESSAGES.closed } };
    case 'queue-drained':
      // "Sin conexión…" would now be wrong: the player is told what became of the save.
      if (state.notice?.kind !== 'queued') return state;
      return { ...state, notice: event.rejected ? { kind: 'closed', text: MESSAGES.closed } : { kind: 'success', text: MESSAGES.saved } };
    case 'notice-expired':
      return { ...state, notice: null };
  }
}

function samePicks(a: Picks, b: Picks): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[Number(k)] === b[Number(k)]);
}

export interface SaveGateInput {
  signedIn: boolean;
  open: boolean;
  picks: Picks;
  matchCount: number;
  /** Drafts not yet accepted by the server. */
  hasPending: boolean;
}

export interface SaveGate {
  enabled: boolean;
  /** Why it is disabled, when the player can act on it (docs/product.md#validation wording). */
  reason: string | null;
  changed: boolean;
}

/** Save is enabled only when signed in, open, changed and complete (docs/product.md#picks-screen). */
export function saveGate(state: PicksMachine, input: SaveGateInput): SaveGate {
  const changed = input.hasPending || !samePicks(input.picks, state.baseline);
  if (!input.signedIn) return { enabled: false, reason: MESSAGES.signedOut, changed };
  if (!input.open || state.mode === 'submitted' || state.saving) return { enabled: false, reason: null, changed };
  if (!isComplete(input.picks, input.matchCount)) return { enabled: false, reason: changed ? MESSAGES.incomplete : null, changed };
  return { enabled: changed, reason: null, changed };
}

/** Whether taps change picks: signed in, round open, and not in the read-only submitted state. */
export function canPick(state: PicksMachine, signedIn: boolean, open: boolean): boolean {
  return signedIn && open && state.mode !== 'submitted';
}

export function saveLabel(mode: PicksMode): string {
  if (mode === 'submitted') return 'Predicciones Guardadas';
  if (mode === 'editing') return 'Guardar Cambios';
  return 'Guardar Quiniela';
}
