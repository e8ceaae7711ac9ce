// The round chat through the API: players post as themselves (blank, over-long and too-fast
// messages refused by the database, with Spanish messages), visitors only read, admins remove;
// and live delivery through the local Realtime with the same subscription the page makes.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, db } from '../support/clients.ts';
import { checkChatText } from '../../src/features/chat/chat-model.ts';
import { createPlayer, type Player } from '../support/players.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);
let A: Player, B: Player, admin: Player;
let roundA: number, roundB: number;

async function newRound(name: string): Promise<number> {
  const { rows } = await q(`insert into public.quinielas (name, week, deadline) values ($1, 47, now() + interval '7 days') returning id`, [name]);
  return Number(rows[0].id);
}

/** Moves the player's messages back, as if he had posted them `seconds` ago (no sleeping). */
const ageMessages = (player: Player, seconds: number) =>
  q(`update public.chat_messages set created_at = now() - make_interval(secs => $2) where user_id = $1`, [player.id, seconds]);

const post = (player: Player, round: number, message: string) =>
  player.client.from('chat_messages').insert({ quiniela_id: round, user_id: player.id, message }).select('id, created_at').single();

beforeAll(async () => {
  [A, B, admin] = await Promise.all([createPlayer(), createPlayer(), createPlayer({ admin: true })]);
  [roundA, roundB] = await Promise.all([newRound('Chat A'), newRound('Chat B')]);
});

afterAll(async () => {
  await q('delete from public.quinielas where id = any($1)', [[roundA, roundB]]);
  await db().end();
});

describe('posting', () => {
  it('allows one message every 3 seconds per player, refused in Spanish with QZ429 in between', async () => {
    const first = await post(A, roundA, '¡Vamos Pumas!');
    expect(first.error).toBeNull();
    const second = await post(A, roundA, 'Otro más');
    expect(second.error?.code).toBe('QZ429');
    expect(second.error?.message).toBe('Espera unos segundos antes de enviar otro mensaje.');
    // Another player is not held back by A's message, and the limit spans every round.
    expect((await post(B, roundA, 'Yo voy con Chivas')).error).toBeNull();
    expect((await post(A, roundB, 'En la otra quiniela')).error?.code).toBe('QZ429');
    await ageMessages(A, 2);
    expect((await post(A, roundA, 'Todavía no')).error?.code).toBe('QZ429');
    await ageMessages(A, 3.5);
    expect((await post(A, roundA, 'Ahora sí')).error).toBeNull();
    const { rows } = await q('select message from public.chat_messages where user_id = $1 order by id', [A.id]);
    expect(rows.map((r) => r.message)).toEqual(['¡Vamos Pumas!', 'Ahora sí']);
  });

  it('stamps the database time, whatever the client sends', async () => {
    await ageMessages(B, 10);
    const { data, error } = await B.client
      .from('chat_messages')
      .insert({ quiniela_id: roundA, user_id: B.id, message: 'Desde el futuro', created_at: '2099-01-01T00:00:00Z' })
      .select('id')
      .single();
    // Either the column is not writable at all, or the value is replaced by the server's.
    if (error) {
      expect(error.code).toBe('42501');
      return;
    }
    const { rows } = await q(`select abs(extract(epoch from created_at - now())) < 60 as recent from public.chat_messages where id = $1`, [data.id]);
    expect(rows[0].recent).toBe(true);
  });

  it('refuses blank, whitespace-only and over-long messages with a Spanish message', async () => {
    await ageMessages(B, 10);
    // Also characters that show nothing but are not ASCII white space (ideographic and em
    // spaces, zero-width, line separators, a Hangul filler, a blank Braille cell); the app's
    // own check (checkChatText) refuses the same texts before sending.
    for (const blank of ['', '   ', '\n\t \n', '\u3000\u3000', '\u2003\u200b', '\u2028\u2029', '\u3164', '\u2800', '\ufeff\u00a0', '\u2066\u2069', '\u2067\u2068 \u061c']) {
      const { error } = await post(B, roundA, blank);
      expect(error?.code, JSON.stringify(blank)).toBe('23514');
      expect(error?.message).toBe('Escribe un mensaje antes de enviarlo.');
      expect(checkChatText(blank).error, JSON.stringify(blank)).toBe('Escribe un mensaje antes de enviarlo.');
    }
    // Text around them is a message.
    expect(checkChatText('\u3000¡Gol!\u200b').error).toBeNull();
    expect((await post(B, roundA, '\u3000¡Gol!\u200b')).error).toBeNull();
    await ageMessages(B, 10);
    const long = await post(B, roundA, 'x'.repeat(501));
    expect(long.error?.code).toBe('23514');
    expect(long.error?.message).toBe('Tu mensaje es muy largo: máximo 500 caracteres.');
    expect((await post(B, roundA, 'y'.repeat(500))).error).toBeNull();
  });

  it('lets only one of two messages sent at the same moment through', async () => {
    // Two transactions as the player, as PostgREST runs them, the first held open while the
    // second inserts: the moment a check without a lock would let both through.
    await ageMessages(A, 10);
    const asPlayer = async () => {
      const c = await db().connect();
      await c.query('begin');
      await c.query('set local role authenticated');
      await c.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: A.id, role: 'authenticated' })]);
      return c;
    };
    const insert = `insert into public.chat_messages (quiniela_id, user_id, message) values ($1, $2, $3)`;
    const first = await asPlayer();
    const second = await asPlayer();
    const secondPid = (await second.query('select pg_backend_pid() as pid')).rows[0].pid;
    try {
      await first.query(insert, [roundB, A.id, 'Uno']);
      let settled = false;
      const racing = second.query(insert, [roundB, A.id, 'Dos']).then(
        () => 'ok',
        (e: { code?: string }) => e.code,
      ).finally(() => (settled = true));
      // The first commits only once the second has either finished or is waiting for it.
      await expect
        .poll(async () => settled || (await q('select wait_event_type from pg_stat_activity where pid = $1', [secondPid])).rows[0]?.wait_event_type === 'Lock')
        .toBe(true);
      await first.query('commit');
      expect(await racing).toBe('QZ429');
    } finally {
      await second.query('rollback');
      first.release();
      second.release();
    }
    const { rows } = await q(`select message from public.chat_messages where user_id = $1 and message in ('Uno', 'Dos')`, [A.id]);
    expect(rows).toEqual([{ message: 'Uno' }]);
  });

  it('refuses a message in someone else\'s name as such (not as too fast), and any message from a visitor', async () => {
    await ageMessages(A, 10);
    expect((await post(A, roundA, 'Soy A de verdad')).error).toBeNull();
    const forged = await B.client.from('chat_messages').insert({ quiniela_id: roundA, user_id: A.id, message: 'Soy A, lo juro' });
    expect(forged.error?.code).toBe('42501');
    const visitor = await anonClient().from('chat_messages').insert({ quiniela_id: roundA, user_id: A.id, message: 'Hola' });
    expect(visitor.error?.code).toBe('42501');
    const { rows } = await q(`select count(*)::int as n from public.chat_messages where message in ('Soy A, lo juro', 'Hola')`);
    expect(rows[0].n).toBe(0);
  });

  it('lets visitors read a round\'s messages', async () => {
    const { data, error } = await anonClient().from('chat_messages').select('message').eq('quiniela_id', roundA).order('id');
    expect(error).toBeNull();
    expect(data!.map((m) => m.message)).toContain('¡Vamos Pumas!');
  });
});

describe('removing', () => {
  it('is for admins only: a player cannot remove another\'s message', async () => {
    const { rows } = await q(`insert into public.chat_messages (quiniela_id, user_id, message) values ($1, $2, 'A borrar') returning id`, [roundA, A.id]);
    const id = Number(rows[0].id);
    const byPlayer = await B.client.from('chat_messages').delete().eq('id', id).select('id');
    expect(byPlayer.data).toEqual([]);
    expect((await q('select 1 from public.chat_messages where id = $1', [id])).rowCount).toBe(1);
    const byAdmin = await admin.client.from('chat_messages').delete().eq('id', id).select('id');
    expect(byAdmin.error).toBeNull();
    expect(byAdmin.data).toEqual([{ id }]);
    expect((await q('select 1 from public.chat_messages where id = $1', [id])).rowCount).toBe(0);
  });
});

describe('live', () => {
  type Event = { type: string; id: number; quiniela_id?: number };
  const channels: Array<{ client: SupabaseClient; channel: RealtimeChannel }> = [];

  afterAll(async () => {
    for (const { client, channel } of channels) {
      await client.removeChannel(channel);
      client.realtime.disconnect();
    }
  });

  /** The page's subscription: the round's inserts (filtered) and every delete (only the key arrives). */
  async function watchRound(client: SupabaseClient, round: number, accessToken?: string): Promise<Event[]> {
    if (accessToken) await client.realtime.setAuth(accessToken);
    const events: Event[] = [];
    const channel = client
      .channel(`chat:${round}:${Math.random().toString(36).slice(2)}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'chat_messages', filter: `quiniela_id=eq.${round}` }, (p) =>
        events.push({ type: 'INSERT', id: Number(p.new.id), quiniela_id: Number(p.new.quiniela_id) }),
      )
      .on('postgres_changes', { event: 'DELETE', schema: 'public', table: 'chat_messages' }, (p) =>
        events.push({ type: 'DELETE', id: Number(p.old.id) }),
      );
    channels.push({ client, channel });
    await new Promise<void>((resolve, reject) =>
      channel.subscribe((status, err) => {
        if (status === 'SUBSCRIBED') resolve();
        else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
      }),
    );
    return events;
  }

  it('delivers a round\'s new messages to its subscribers only, and removals to everyone', async () => {
    const visitorEvents = await watchRound(anonClient(), roundA);
    const playerEvents = await watchRound(B.client as unknown as SupabaseClient, roundA, B.accessToken);

    await ageMessages(A, 10);
    const inB = await post(A, roundB, 'Mensaje de la quiniela B');
    expect(inB.error).toBeNull();
    await ageMessages(A, 10);
    const inA = await post(A, roundA, 'Mensaje de la quiniela A');
    expect(inA.error).toBeNull();
    const idA = Number(inA.data!.id);
    const idB = Number(inB.data!.id);

    for (const events of [visitorEvents, playerEvents]) {
      await expect.poll(() => events.find((e) => e.type === 'INSERT' && e.id === idA)).toEqual({ type: 'INSERT', id: idA, quiniela_id: roundA });
    }
    // Round B's insert was committed before round A's: had it been sent, it would have arrived first.
    for (const events of [visitorEvents, playerEvents]) {
      expect(events.some((e) => e.id === idB)).toBe(false);
      expect(events.filter((e) => e.type === 'INSERT').map((e) => e.id)).toEqual([idA]);
    }

    expect((await admin.client.from('chat_messages').delete().eq('id', idA)).error).toBeNull();
    for (const events of [visitorEvents, playerEvents]) {
      await expect.poll(() => events.find((e) => e.type === 'DELETE' && e.id === idA)).toEqual({ type: 'DELETE', id: idA });
    }
  });
});
