// A liga's chat (issue 44, item 14) through the API: the round chat's rules (the same table and
// triggers: not blank, at most 500 characters, the server's time, one message every 3 s, admins
// remove), read and written by the liga's members only: a non-member, a visitor and another
// liga's member can neither read nor post, by the table or by Realtime.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, db } from '../support/clients.ts';
import { createPlayer, type Player } from '../support/players.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);
let owner: Player, member: Player, outsider: Player, otherOwner: Player, admin: Player;
let ligaId: string, otherLigaId: string, roundId: number;

async function createLeague(p: Player, name: string): Promise<{ id: string; code: string }> {
  const { data, error } = await p.client.rpc('create_league', { name });
  expect(error).toBeNull();
  return data![0] as { id: string; code: string };
}

/** Moves the player's messages back, as if he had posted them `seconds` ago (no sleeping). */
const ageMessages = (player: Player, seconds: number) =>
  q(`update public.chat_messages set created_at = now() - make_interval(secs => $2) where user_id = $1`, [player.id, seconds]);

const post = (player: Player, league: string, message: string) =>
  player.client.from('chat_messages').insert({ league_id: league, user_id: player.id, message }).select('id, created_at').single();

const read = (client: Player['client'] | ReturnType<typeof anonClient>, league: string) =>
  client.from('chat_messages').select('id, message, league_id, quiniela_id').eq('league_id', league).order('id');

beforeAll(async () => {
  [owner, member, outsider, otherOwner, admin] = await Promise.all([createPlayer(), createPlayer(), createPlayer(), createPlayer(), createPlayer({ admin: true })]);
  const [liga, other] = await Promise.all([createLeague(owner, 'Oficina del chat'), createLeague(otherOwner, 'Otra liga')]);
  ligaId = liga.id;
  otherLigaId = other.id;
  expect((await member.client.rpc('join_league', { code: liga.code })).error).toBeNull();
  roundId = Number((await q(`insert into public.quinielas (name, week, deadline) values ('Chat de liga', 48, now() + interval '7 days') returning id`)).rows[0].id);
});

afterAll(async () => {
  await q('delete from public.leagues where id = any($1::uuid[])', [[ligaId, otherLigaId]]);
  await q('delete from public.quinielas where id = $1', [roundId]);
  await db().end();
});

describe('members', () => {
  it('post and read each other\'s messages, in the database\'s time', async () => {
    const mine = await owner.client
      .from('chat_messages')
      .insert({ league_id: ligaId, user_id: owner.id, message: '¿Quién trae las tortas?' })
      .select('id')
      .single();
    expect(mine.error).toBeNull();
    expect((await post(member, ligaId, 'Yo, el sábado')).error).toBeNull();
    for (const p of [owner, member]) {
      const { data, error } = await read(p.client, ligaId);
      expect(error).toBeNull();
      expect(data!.map((m) => [m.message, m.league_id, m.quiniela_id])).toEqual([
        ['¿Quién trae las tortas?', ligaId, null],
        ['Yo, el sábado', ligaId, null],
      ]);
    }
    const { rows } = await q(`select abs(extract(epoch from created_at - now())) < 60 as recent from public.chat_messages where id = $1`, [mine.data!.id]);
    expect(rows[0].recent).toBe(true);
  });

  it('are held to the round chat\'s rules: blank, over-long and too-fast messages refused in Spanish', async () => {
    await ageMessages(member, 10);
    for (const blank of ['', '   ', '\u3000\u200b']) {
      const { error } = await post(member, ligaId, blank);
      expect(error?.code, JSON.stringify(blank)).toBe('23514');
      expect(error?.message).toBe('Escribe un mensaje antes de enviarlo.');
    }
    const long = await post(member, ligaId, 'x'.repeat(501));
    expect(long.error).toMatchObject({ code: '23514', message: 'Tu mensaje es muy largo: máximo 500 caracteres.' });
    expect((await post(member, ligaId, 'Uno')).error).toBeNull();
    expect((await post(member, ligaId, 'Dos')).error).toMatchObject({ code: 'QZ429', message: 'Espera unos segundos antes de enviar otro mensaje.' });
    // One limit across every chat: a round's chat right after the liga's is too fast too.
    expect((await member.client.from('chat_messages').insert({ quiniela_id: roundId, user_id: member.id, message: 'En la quiniela' })).error?.code).toBe('QZ429');
    await ageMessages(member, 3.5);
    expect((await post(member, ligaId, 'Dos')).error).toBeNull();
  });

  it('cannot post in someone else\'s name, nor in a round and a liga at once', async () => {
    await ageMessages(member, 10);
    await ageMessages(owner, 10);
    expect((await member.client.from('chat_messages').insert({ league_id: ligaId, user_id: owner.id, message: 'Soy el dueño' })).error?.code).toBe('42501');
    const both = await member.client.from('chat_messages').insert({ league_id: ligaId, quiniela_id: roundId, user_id: member.id, message: 'En las dos' });
    expect(both.error).not.toBeNull();
    const { rows } = await q(`select count(*)::int as n from public.chat_messages where message in ('Soy el dueño', 'En las dos')`);
    expect(rows[0].n).toBe(0);
  });
});

describe('everyone else', () => {
  it('a non-member, a visitor and another liga\'s member read nothing and cannot post', async () => {
    const { rows } = await q('select count(*)::int as n from public.chat_messages where league_id = $1', [ligaId]);
    expect(rows[0].n).toBeGreaterThan(0);
    for (const [who, client] of [['outsider', outsider.client], ['other liga', otherOwner.client], ['visitor', anonClient()]] as const) {
      const { data, error } = await read(client, ligaId);
      expect(error, who).toBeNull();
      expect(data, who).toEqual([]);
      // Not by id either, nor by reading the whole table.
      const all = await client.from('chat_messages').select('id').not('league_id', 'is', null);
      expect(all.data, who).toEqual([]);
    }
    for (const p of [outsider, otherOwner]) {
      await ageMessages(p, 10);
      expect((await post(p, ligaId, 'Me colé')).error?.code).toBe('42501');
    }
    const visitor = await anonClient().from('chat_messages').insert({ league_id: ligaId, user_id: owner.id, message: 'Hola' });
    expect(visitor.error?.code).toBe('42501');
    expect((await q(`select count(*)::int as n from public.chat_messages where message in ('Me colé', 'Hola')`)).rows[0].n).toBe(0);
  });

  it('a member who leaves stops reading and posting', async () => {
    const leaver = await createPlayer();
    const code = (await q('select code from public.leagues where id = $1', [ligaId])).rows[0].code as string;
    expect((await leaver.client.rpc('join_league', { code })).error).toBeNull();
    expect((await read(leaver.client, ligaId)).data!.length).toBeGreaterThan(0);
    expect((await leaver.client.rpc('leave_league', { league_id: ligaId })).error).toBeNull();
    expect((await read(leaver.client, ligaId)).data).toEqual([]);
    expect((await post(leaver, ligaId, 'Ya me fui')).error?.code).toBe('42501');
  });

  it('an admin reads and removes a liga\'s message; a member cannot remove one', async () => {
    await ageMessages(owner, 10);
    const id = Number((await post(owner, ligaId, 'A borrar')).data!.id);
    expect((await member.client.from('chat_messages').delete().eq('id', id).select('id')).data).toEqual([]);
    expect((await admin.client.from('chat_messages').select('message').eq('id', id)).data).toEqual([{ message: 'A borrar' }]);
    expect((await admin.client.from('chat_messages').delete().eq('id', id).select('id')).data).toEqual([{ id }]);
    expect((await q('select 1 from public.chat_messages where id = $1', [id])).rowCount).toBe(0);
  });

  it('a deleted liga takes its chat with it', async () => {
    const p = await createPlayer();
    const l = await createLeague(p, 'Liga efímera');
    expect((await post(p, l.id, 'Hola')).error).toBeNull();
    await q('delete from public.leagues where id = $1', [l.id]);
    expect((await q('select count(*)::int as n from public.chat_messages where league_id = $1', [l.id])).rows[0].n).toBe(0);
  });
});

describe('live', () => {
  type Event = { id: number; league_id: string };
  const channels: Array<{ client: SupabaseClient; channel: RealtimeChannel }> = [];

  afterAll(async () => {
    for (const { client, channel } of channels) {
      await client.removeChannel(channel);
      client.realtime.disconnect();
    }
  });

  /** The liga page's subscription: the liga's inserts, filtered in the server. */
  async function watch(client: SupabaseClient, league: string, accessToken?: string): Promise<Event[]> {
    if (accessToken) await client.realtime.setAuth(accessToken);
    const events: Event[] = [];
    const channel = client
      .channel(`liga-chat:${league}:${Math.random().toString(36).slice(2)}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'chat_messages', filter: `league_id=eq.${league}` }, (p) =>
        events.push({ id: Number(p.new.id), league_id: String(p.new.league_id) }),
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

  it('delivers a liga\'s new messages to its members only', async () => {
    const memberEvents = await watch(member.client as unknown as SupabaseClient, ligaId, member.accessToken);
    const outsiderEvents = await watch(outsider.client as unknown as SupabaseClient, ligaId, outsider.accessToken);
    const otherEvents = await watch(otherOwner.client as unknown as SupabaseClient, ligaId, otherOwner.accessToken);
    const visitorEvents = await watch(anonClient(), ligaId);
    // The outsider's own liga's message, after the first: proves his channel delivers, so the
    // first one's absence is the policy's doing, not a dead socket.
    const outsiderLiga = await createLeague(outsider, 'Liga del de fuera');
    const outsiderMember = await watch(outsider.client as unknown as SupabaseClient, outsiderLiga.id, outsider.accessToken);

    await ageMessages(owner, 10);
    const sent = await post(owner, ligaId, 'Solo para la oficina');
    expect(sent.error).toBeNull();
    const id = Number(sent.data!.id);
    await ageMessages(outsider, 10);
    const own = await post(outsider, outsiderLiga.id, 'En mi liga');
    expect(own.error).toBeNull();

    await expect.poll(() => memberEvents).toEqual([{ id, league_id: ligaId }]);
    await expect.poll(() => outsiderMember.map((e) => e.id)).toEqual([Number(own.data!.id)]);
    // The office's message was committed before the outsider's own: had it been sent to him, it would be here by now.
    expect(outsiderEvents).toEqual([]);
    expect(otherEvents).toEqual([]);
    expect(visitorEvents).toEqual([]);
    await q('delete from public.leagues where id = $1', [outsiderLiga.id]);
  });
});
