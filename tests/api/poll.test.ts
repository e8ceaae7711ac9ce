// The poll: one vote per player (23505 on a second), only on an active poll and only for one of
// its options; results (votes and whole percentages) for players who voted and for admins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, db } from '../support/clients.ts';
import { createPlayer, type Player } from '../support/players.ts';
import { checkPollText } from '../../src/features/poll/poll-answer.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);
let A: Player, B: Player, C: Player, D: Player, admin: Player;
let poll: number, closedPoll: number, openPoll: number;

beforeAll(async () => {
  [A, B, C, D, admin] = await Promise.all([createPlayer(), createPlayer(), createPlayer(), createPlayer(), createPlayer({ admin: true })]);
  poll = Number((await q(`insert into public.polls (question, kind, options, is_active) values ('¿Quién gana el clásico?', 'choice', '{América,Chivas,Empate}', true) returning id`)).rows[0].id);
  closedPoll = Number((await q(`insert into public.polls (question, kind, options, is_active) values ('¿Cerrada?', 'choice', '{Sí,No}', false) returning id`)).rows[0].id);
  openPoll = Number((await q(`insert into public.polls (question, kind, is_active) values ('¿Qué mejorarías?', 'open', true) returning id`)).rows[0].id);
});

afterAll(async () => {
  await q('delete from public.polls where id = any($1)', [[poll, closedPoll, openPoll]]);
  await db().end();
});

describe('voting', () => {
  it('takes one vote per player; the second is refused with 23505', async () => {
    expect((await A.client.from('poll_votes').insert({ poll_id: poll, user_id: A.id, option: 'América' })).error).toBeNull();
    const again = await A.client.from('poll_votes').insert({ poll_id: poll, user_id: A.id, option: 'Chivas' });
    expect(again.error?.code).toBe('23505');
    const { rows } = await q('select option from public.poll_votes where poll_id = $1 and user_id = $2', [poll, A.id]);
    expect(rows).toEqual([{ option: 'América' }]);
  });

  it('refuses a vote on a closed poll, for an option the poll does not have, and in someone else\'s name', async () => {
    expect((await B.client.from('poll_votes').insert({ poll_id: closedPoll, user_id: B.id, option: 'Sí' })).error?.code).toBe('42501');
    expect((await B.client.from('poll_votes').insert({ poll_id: poll, user_id: B.id, option: 'Pumas' })).error?.code).toBe('42501');
    expect((await B.client.from('poll_votes').insert({ poll_id: poll, user_id: C.id, option: 'Chivas' })).error?.code).toBe('42501');
    const { rows } = await q('select count(*)::int as n from public.poll_votes where poll_id = any($1) and user_id = any($2)', [[poll, closedPoll], [B.id, C.id]]);
    expect(rows[0].n).toBe(0);
  });

  it('refuses a blank or over-long text answer on an open poll, blank including characters that show nothing', async () => {
    expect((await B.client.from('poll_votes').insert({ poll_id: openPoll, user_id: B.id, text_answer: '   ' })).error?.code).toBe('23514');
    for (const blank of ['\u200b\u200b\u2060\u3000\u00a0', '\u3164', '\u2800\u2028', '\u2066\u2069', '\u2068\u{E0041}']) {
      expect((await B.client.from('poll_votes').insert({ poll_id: openPoll, user_id: B.id, text_answer: blank })).error?.code, JSON.stringify(blank)).toBe('23514');
      expect(checkPollText(blank).text, JSON.stringify(blank)).toBeNull();
    }
    expect((await B.client.from('poll_votes').insert({ poll_id: openPoll, user_id: B.id, text_answer: 'x'.repeat(601) })).error?.code).toBe('23514');
    expect((await B.client.from('poll_votes').insert({ poll_id: openPoll, user_id: B.id, text_answer: 'Más partidos de la Liga MX' })).error).toBeNull();
  });
});

describe('results', () => {
  it('are hidden from a player who has not voted, and from visitors', async () => {
    expect((await D.client.rpc('get_poll_results', { poll_id_input: poll })).data).toEqual([]);
    expect((await anonClient().rpc('get_poll_results', { poll_id_input: poll })).error?.code).toBe('42501');
  });

  it('give votes and whole percentages per option, in the poll\'s order', async () => {
    // A voted América; B and C vote América and Chivas: 2 América, 1 Chivas, 0 Empate.
    await B.client.from('poll_votes').insert({ poll_id: poll, user_id: B.id, option: 'América' });
    await C.client.from('poll_votes').insert({ poll_id: poll, user_id: C.id, option: 'Chivas' });
    const expected = [
      { option: 'América', votes: 2, percent: 67 },
      { option: 'Chivas', votes: 1, percent: 33 },
      { option: 'Empate', votes: 0, percent: 0 },
    ];
    expect((await C.client.rpc('get_poll_results', { poll_id_input: poll })).data).toEqual(expected);
    expect((await admin.client.rpc('get_poll_results', { poll_id_input: poll })).data).toEqual(expected);
  });
});
