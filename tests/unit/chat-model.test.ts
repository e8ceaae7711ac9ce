import { describe, expect, it } from 'vitest';
import {
  addMessages,
  applyCatchUp,
  checkChatText,
  displayAuthor,
  remainingCharacters,
  removeMessage,
  sendErrorText,
  type ChatList,
  type ChatMessage,
} from '../../src/features/chat/chat-model.ts';

const msg = (id: number, message = `m${id}`): ChatMessage => ({
  id,
  quinielaId: 1,
  userId: 'u',
  message,
  createdAt: '2026-11-20T18:00:00Z',
  author: { username: 'ana', clubName: null, clubLogoUrl: null },
});
const ids = (list: ChatList) => list.messages.map((m) => m.id);
const none = new Set<number>();

describe('the chat text', () => {
  it('is trimmed; blank and whitespace-only text cannot be sent', () => {
    expect(checkChatText('  Hola  ')).toEqual({ text: 'Hola', error: null });
    expect(checkChatText('').error).toBe('Escribe un mensaje antes de enviarlo.');
    expect(checkChatText(' \n\t\u00a0 ').error).toBe('Escribe un mensaje antes de enviarlo.');
  });

  it('takes 500 characters (emoji count as one, as in the database) and refuses 501 with the count', () => {
    expect(checkChatText('a'.repeat(500)).error).toBeNull();
    expect(checkChatText('🦅'.repeat(500)).error).toBeNull();
    expect(checkChatText('a'.repeat(501)).error).toBe('Tu mensaje es muy largo (501/500).');
    expect(remainingCharacters(` ${'a'.repeat(10)} `)).toBe(490);
    expect(remainingCharacters('🦅🦅')).toBe(498);
  });
});

describe('the database refusals', () => {
  it('read in Spanish', () => {
    expect(sendErrorText({ code: 'QZ429', message: 'x' })).toBe('Espera unos segundos antes de enviar otro mensaje.');
    expect(sendErrorText({ code: '23514', message: 'Tu mensaje es muy largo: máximo 500 caracteres.' })).toBe('Tu mensaje es muy largo: máximo 500 caracteres.');
    expect(sendErrorText({ code: '23514', message: 'new row for relation "chat_messages" violates check constraint' })).toBe(
      'No se pudo enviar tu mensaje. Intenta de nuevo.',
    );
    expect(sendErrorText({ code: '42501', message: 'new row violates row-level security policy' })).toMatch(/la quiniela ya terminó o tu sesión expiró/);
    expect(sendErrorText({ code: '08006' })).toBe('No se pudo enviar tu mensaje. Intenta de nuevo.');
    // In a liga's chat the refusal is about the liga (a member who left, or was removed), not a finished round.
    expect(sendErrorText({ code: '42501' }, 'liga')).toBe('No se pudo enviar tu mensaje: ya no estás en esta liga o tu sesión expiró. Recarga la página.');
  });
});

describe('the message list', () => {
  it('stays ordered by id with no duplicates, whatever order pages and live inserts come in', () => {
    let list: ChatList = { messages: [], hasOlder: true };
    list = addMessages(list, [msg(5), msg(7)], none);
    list = addMessages(list, [msg(9)], none);
    list = addMessages(list, [msg(1), msg(3), msg(5, 'again')], none, false);
    expect(ids(list)).toEqual([1, 3, 5, 7, 9]);
    expect(list.messages.find((m) => m.id === 5)!.message).toBe('again');
    expect(list.hasOlder).toBe(false);
  });

  it('never brings back a removed message', () => {
    const removed = new Set([7]);
    let list = addMessages({ messages: [], hasOlder: false }, [msg(5), msg(7)], none);
    list = removeMessage(list, 7);
    expect(ids(list)).toEqual([5]);
    expect(ids(addMessages(list, [msg(7)], removed))).toEqual([5]);
    expect(removeMessage(list, 42)).toBe(list);
  });

  it('catches up: adds what was missed, drops what was removed meanwhile, keeps what arrived live after the read began', () => {
    const list = addMessages({ messages: [], hasOlder: true }, [msg(10), msg(11), msg(12), msg(20)], none);
    // The read began when 12 was the newest shown; 20 arrived live since; 11 was removed while asleep.
    const caughtUp = applyCatchUp(list, [msg(10), msg(12), msg(13), msg(14)], 12, none);
    expect(ids(caughtUp)).toEqual([10, 12, 13, 14, 20]);
    expect(caughtUp.hasOlder).toBe(true);
    // Every shown message gone, nothing new: the chat is empty.
    expect(ids(applyCatchUp(addMessages({ messages: [], hasOlder: false }, [msg(3)], none), [], 3, none))).toEqual([]);
  });

  it('shows at most 15 characters of a name, and a name for a missing profile', () => {
    expect(displayAuthor({ username: 'Ana_Aguila', clubName: null, clubLogoUrl: null })).toBe('Ana_Aguila');
    expect(displayAuthor({ username: 'abcdefghijklmnopq', clubName: null, clubLogoUrl: null })).toBe('abcdefghijklmno…');
    expect(displayAuthor(null)).toBe('Anónimo');
  });
});
