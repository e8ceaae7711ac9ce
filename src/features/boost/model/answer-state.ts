// Where the player's Boost answer stands, in words (the card's status line and alert). Refused at
// the lock (42501) the game is closed; refused for good for another reason (src/lib/outbox-verdict.ts)
// the database says why, and the game stays open to answer again.
import type { DraftStatus } from '@/lib/db';

const ANSWER_STATE_TEXT = {
  saved: 'Respuesta guardada ✓',
  pending: 'Pendiente de enviar',
  rejected: 'No se envió: el Boost ya cerró',
} as const;

export function answerStateText(status: DraftStatus, refusal?: string): string {
  return status === 'rejected' && refusal ? `No se envió: ${refusal}` : ANSWER_STATE_TEXT[status];
}

export function refusedAlert(refusal?: string): string {
  return `Tu respuesta no se envió: ${refusal ?? 'el Boost ya cerró'}.`;
}

/** The server refused the answer because the game locked (its clock decides). */
export function lockedByServer(draft: { status: DraftStatus; refusal?: string } | null | undefined): boolean {
  return draft?.status === 'rejected' && draft.refusal === undefined;
}
