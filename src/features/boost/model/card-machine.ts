// The Boost card's buttons (spec §4): 'Responder' until the player has an answer, then
// 'Actualizar'; 'Cancelar' returns the selection to the saved answer; after the lock the
// answer is read-only with 'Este juego ya está cerrado.'.
export const CLOSED_TEXT = 'Este juego ya está cerrado.';

export interface CardInput {
  /** The answer the player has (his last one, on the server or waiting to be sent). */
  saved: string | null;
  /** What the controls show now. */
  selection: string | null;
  open: boolean;
}

export interface CardView {
  mode: 'answering' | 'closed';
  submitLabel: 'Responder' | 'Actualizar';
  /** The submit button is enabled: open, something selected and different from the saved answer. */
  canSubmit: boolean;
  /** 'Cancelar' is shown: an answer exists and the selection differs from it. */
  canCancel: boolean;
  message: string | null;
}

export function cardView({ saved, selection, open }: CardInput): CardView {
  const submitLabel = saved === null ? 'Responder' : 'Actualizar';
  if (!open) return { mode: 'closed', submitLabel, canSubmit: false, canCancel: false, message: CLOSED_TEXT };
  const changed = selection !== null && selection !== saved;
  return { mode: 'answering', submitLabel, canSubmit: changed, canCancel: saved !== null && selection !== saved, message: null };
}
