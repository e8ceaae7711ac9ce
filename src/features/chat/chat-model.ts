// The round chat's rules on the device (docs/product.md, chat): what may be sent, how the
// database's refusals read in Spanish, and how the messages on screen stay one ordered list
// while pages, live inserts, removals and catch-up reads arrive in any order.
import { showsNothing } from '@/lib/shows-nothing';

const CHAT_MESSAGE_MAX = 500;
/** Messages read per page: the latest on opening, then older ones on request. */
export const CHAT_PAGE_SIZE = 50;
/** A catch-up read brings back at most this many; past it the chat starts again from the latest page. */
export const CHAT_CATCH_UP_MAX = 300;
const USERNAME_MAX = 15;

export const CHAT_MESSAGES = {
  loadFailed: 'No pudimos cargar el chat. Revisa tu conexión e intenta de nuevo.',
  olderFailed: 'No pudimos cargar los mensajes anteriores. Intenta de nuevo.',
  empty: 'Todavía no hay mensajes en esta quiniela. ¡Escribe el primero!',
  emptyLiga: 'Todavía no hay mensajes en esta liga. ¡Escribe el primero!',
  blank: 'Escribe un mensaje antes de enviarlo.',
  tooFast: 'Espera unos segundos antes de enviar otro mensaje.',
  closed: 'Esta quiniela ya terminó: su chat es solo de lectura.',
  refused: 'No se pudo enviar tu mensaje: la quiniela ya terminó o tu sesión expiró. Recarga la página.',
  refusedLiga: 'No se pudo enviar tu mensaje: ya no estás en esta liga o tu sesión expiró. Recarga la página.',
  sendFailed: 'No se pudo enviar tu mensaje. Intenta de nuevo.',
  removeFailed: 'No se pudo borrar el mensaje. Intenta de nuevo.',
} as const;

/** The trigger's refusal of an over-long message (supabase/migrations/…_chat.sql). */
const DATABASE_TOO_LONG = 'Tu mensaje es muy largo: máximo 500 caracteres.';

const tooLongMessage = (length: number) => `Tu mensaje es muy largo (${length}/${CHAT_MESSAGE_MAX}).`;

/** Which chat: a round's (anyone reads it) or a liga's (its members only; issue 44, item 14). One table and one set of rules. */
export type ChatPlace = { kind: 'round'; id: number } | { kind: 'liga'; id: string };

/** The column that names the chat's place, and the live channel's filter on it. */
export const placeColumn = (place: ChatPlace) => (place.kind === 'round' ? 'quiniela_id' : 'league_id');

export interface ChatAuthor {
  username: string;
  clubName: string | null;
  clubLogoUrl: string | null;
}

export interface ChatMessage {
  id: number;
  /** The round's; null in a liga's chat. */
  quinielaId: number | null;
  userId: string;
  message: string;
  createdAt: string;
  /** Null when the author's profile is gone (the message stays until its row goes too). */
  author: ChatAuthor | null;
}

/** The text to send (trimmed) and what is wrong with it, if anything. */
export function checkChatText(raw: string): { text: string; error: string | null } {
  const text = raw.trim();
  if (showsNothing(text)) return { text, error: CHAT_MESSAGES.blank };
  const length = Array.from(text).length;
  if (length > CHAT_MESSAGE_MAX) return { text, error: tooLongMessage(length) };
  return { text, error: null };
}

/** Characters left, for the counter under the box (code points, as the database counts). */
export function remainingCharacters(raw: string): number {
  return CHAT_MESSAGE_MAX - Array.from(raw.trim()).length;
}

/** The database's refusal of a post, in the player's words (codes set by the chat's trigger and policy). */
export function sendErrorText(error: { code?: string; message?: string }, place: ChatPlace['kind'] = 'round'): string {
  switch (error.code) {
    case 'QZ429':
      return CHAT_MESSAGES.tooFast;
    case '23514':
      // The trigger's own Spanish text says which rule was broken; a bare constraint name would not.
      return error.message === CHAT_MESSAGES.blank || error.message === DATABASE_TOO_LONG ? error.message : CHAT_MESSAGES.sendFailed;
    case '42501':
      return place === 'liga' ? CHAT_MESSAGES.refusedLiga : CHAT_MESSAGES.refused;
    default:
      return CHAT_MESSAGES.sendFailed;
  }
}

export function displayAuthor(author: ChatAuthor | null): string {
  const name = author?.username.trim() ?? '';
  if (!name) return 'Anónimo';
  const chars = Array.from(name);
  return chars.length > USERNAME_MAX ? `${chars.slice(0, USERNAME_MAX).join('')}…` : name;
}

/** Oldest first; ids are the database's insert order. */
function sorted(messages: Iterable<ChatMessage>): ChatMessage[] {
  return [...messages].sort((a, b) => a.id - b.id);
}

export interface ChatList {
  messages: ChatMessage[];
  /** Whether older messages than the first shown may exist. */
  hasOlder: boolean;
}

/** Adds messages (a live insert, an older page); a message already shown is replaced, removed ones stay out. */
export function addMessages(list: ChatList, incoming: readonly ChatMessage[], removed: ReadonlySet<number>, hasOlder = list.hasOlder): ChatList {
  const byId = new Map(list.messages.map((m) => [m.id, m]));
  for (const m of incoming) if (!removed.has(m.id)) byId.set(m.id, m);
  return { messages: sorted(byId.values()), hasOlder };
}

export function removeMessage(list: ChatList, id: number): ChatList {
  return list.messages.some((m) => m.id === id) ? { ...list, messages: list.messages.filter((m) => m.id !== id) } : list;
}

/**
 * Applies a catch-up read: every message from the first one shown onwards, as the database has
 * them now. A message that was shown when the read began (id up to `shownUpTo`) and that the
 * read lacks was removed while the socket was down; newer ones arrived live meanwhile and stay.
 */
export function applyCatchUp(list: ChatList, fresh: readonly ChatMessage[], shownUpTo: number, removed: ReadonlySet<number>): ChatList {
  const keptLive = list.messages.filter((m) => m.id > shownUpTo);
  return addMessages({ messages: keptLive, hasOlder: list.hasOlder }, fresh, removed);
}
