// The poll's answer rules (docs/product.md, poll): a text answer is trimmed, not empty (nor made
// only of characters that show nothing) and at most 600 characters; the messages are the
// product's own.
import { showsNothing } from '@/lib/shows-nothing';

const POLL_TEXT_MAX = 600;

export const POLL_MESSAGES = {
  loadFailed: 'Error al cargar la encuesta. Por favor, intenta recargar la página.',
  duplicate: 'Ya habías votado en esta encuesta.',
  alreadyVoted: 'Ya votaste en esta encuesta.',
  voteFailed: 'Error al guardar tu voto. Por favor, intenta de nuevo.',
  textFailed: 'Error al guardar tu respuesta. Intenta de nuevo.',
  signIn: 'Inicia sesión para participar en la encuesta.',
} as const;

export type PollKind = 'choice' | 'open' | 'mixed';

/** The text answer to send (trimmed, or null when blank) and what is wrong with it, if anything. */
export function checkPollText(raw: string): { text: string | null; error: string | null } {
  const text = raw.trim();
  if (text.length > POLL_TEXT_MAX) return { text, error: `Tu respuesta es muy larga (${text.length}/${POLL_TEXT_MAX})` };
  return { text: showsNothing(text) ? null : text, error: null };
}

/** Characters left for the counter under the text box. */
export function remainingCharacters(raw: string): number {
  return POLL_TEXT_MAX - raw.trim().length;
}

/** Open polls take only text; mixed ones an option and a text; choice ones an option, and a
 * text too when the poll allows it (the database's insert policy says the same). */
export function takesText(kind: PollKind, allowText: boolean): boolean {
  return kind !== 'choice' || allowText;
}

export function takesOption(kind: PollKind): boolean {
  return kind !== 'open';
}
