// Realtime contract: a private channel stays private (issue 41, item 4).
// - Presence: hosted Realtime subscribes a private channel to its own PubSub topic
//   (Realtime.Tenants.tenant_topic(tenant, sub_topic, public? = false) is "<tenant>-private:<topic>"),
//   so a client on the public topic of the same name neither receives the private channel's
//   presence_state and diffs nor reaches it with his own. Locally an anonymous client joining the
//   public topic got the private members' presence, and theirs got his.
// - A new token (the access_token message, realtime-js's setAuth) is authorised again
//   (RealtimeChannel.handle_in("access_token"): the policies are reset and read again as the new
//   token's role under RLS on realtime.messages); one that may no longer read the topic shuts the
//   channel down: a system message {extension: 'system', status: 'error', message: "You do not
//   have permissions to read from this Channel topic: <topic>"}, then phx_close. Locally a channel
//   swapped to the anon key kept reading and sending.
// - Tracking presence on a private channel needs an INSERT policy for extension 'presence'
//   (PresenceHandler: presence.write); without one the track is answered "error" and nobody sees
//   it. Locally any member who could read the channel was tracked.
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { JWT_SECRET } from '../../supabase/local/config.ts';
import { db } from '../support/clients.ts';
import { TOKEN_TTL } from '../support/token-ttl.ts';

const clients: SupabaseClient[] = [];
async function client(token?: string): Promise<SupabaseClient> {
  const c = createClient(inject('apiUrl'), inject('anonKey'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never, timeout: 30_000 }, // a join's reply is waited for, not timed
  });
  if (token) await c.realtime.setAuth(token);
  clients.push(c);
  return c;
}
const tokenFor = (sub: string) =>
  new SignJWT({ role: 'authenticated', aud: 'authenticated', sub, session_id: crypto.randomUUID() }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setExpirationTime(TOKEN_TTL).sign(new TextEncoder().encode(JWT_SECRET));

beforeAll(async () => {
  // A player's own room, broadcast and presence: only he reads it and writes to it.
  await db().query(`
    create policy "contract: a player reads his presence room" on realtime.messages for select to authenticated
      using (realtime.topic() = 'sala-presencia:' || auth.uid()::text and extension in ('broadcast', 'presence'));
    create policy "contract: a player writes to his presence room" on realtime.messages for insert to authenticated
      with check (realtime.topic() = 'sala-presencia:' || auth.uid()::text and extension in ('broadcast', 'presence'));
    create policy "contract: a player reads his message room" on realtime.messages for select to authenticated
      using (realtime.topic() = 'sala-mensajes:' || auth.uid()::text and extension = 'broadcast');
    create policy "contract: a player sends to his message room" on realtime.messages for insert to authenticated
      with check (realtime.topic() = 'sala-mensajes:' || auth.uid()::text and extension = 'broadcast');
  `);
});
afterAll(async () => {
  for (const c of clients) {
    await c.removeAllChannels();
    c.realtime.disconnect();
  }
  await db().query(`
    drop policy "contract: a player reads his presence room" on realtime.messages;
    drop policy "contract: a player writes to his presence room" on realtime.messages;
    drop policy "contract: a player reads his message room" on realtime.messages;
    drop policy "contract: a player sends to his message room" on realtime.messages;
  `);
  await db().end();
});

interface Joined {
  channel: RealtimeChannel;
  statuses: string[];
  system: Array<Record<string, unknown>>;
  received: unknown[];
}

/** Joins and waits for SUBSCRIBED; keeps every later status, system message and `msg` broadcast. */
async function join(c: SupabaseClient, topic: string, isPrivate: boolean, presenceKey?: string): Promise<Joined> {
  const channel = c.channel(topic, { config: { private: isPrivate, ...(presenceKey ? { presence: { key: presenceKey } } : {}) } });
  const joined: Joined = { channel, statuses: [], system: [], received: [] };
  channel.on('broadcast', { event: 'msg' }, (m) => joined.received.push(m.payload));
  channel.on('system', {}, (p) => joined.system.push(p));
  if (presenceKey) channel.on('presence', { event: 'sync' }, () => {});
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((status, error) => {
      joined.statuses.push(status);
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' && !joined.statuses.includes('SUBSCRIBED')) reject(error ?? new Error(status));
    }),
  );
  return joined;
}

/** Waits for a state: polls it until it holds (the test's timeout bounds the wait). */
async function until(holds: () => boolean): Promise<void> {
  while (!holds()) await new Promise((r) => setTimeout(r, 20));
}

/** A heartbeat answered on this client's socket: every frame it sent before has been handled. */
async function roundTrip(c: SupabaseClient): Promise<void> {
  let answered = false;
  c.realtime.onHeartbeat((status) => {
    if (status === 'ok') answered = true;
  });
  await c.realtime.sendHeartbeat();
  await until(() => answered);
}

const keys = (channel: RealtimeChannel) => Object.keys(channel.presenceState()).sort();

describe('Realtime contract: a private channel and the public topic of the same name are separate channels', () => {
  it("keeps a private channel's presence among its members", async () => {
    const owner = crypto.randomUUID();
    const topic = `sala-presencia:${owner}`;
    const token = await tokenFor(owner);

    const member = await join(await client(token), topic, true, 'dueño');
    expect(await member.channel.track({ lugar: 'privado' })).toBe('ok');

    // An anonymous client on the public topic of the same name: once his own presence is back,
    // the state he was given at join has been applied, and it holds him alone.
    const intruder = await join(await client(), topic, false, 'intruso');
    expect(await intruder.channel.track({ lugar: 'público' })).toBe('ok');
    await until(() => keys(intruder.channel).includes('intruso'));
    expect(keys(intruder.channel)).toEqual(['intruso']);

    // A second member tracks after him: once she reaches the first, his track would have too.
    const second = await join(await client(token), topic, true, 'dueño-2');
    expect(await second.channel.track({ lugar: 'privado' })).toBe('ok');
    await until(() => keys(member.channel).includes('dueño-2'));
    expect(keys(member.channel)).toEqual(['dueño', 'dueño-2']);
    expect(keys(second.channel)).toEqual(['dueño', 'dueño-2']);
    expect(keys(intruder.channel)).toEqual(['intruso']);
  });

  it('shuts a private channel down when its token is swapped for one that may not read it (the anon key)', async () => {
    const owner = crypto.randomUUID();
    const topic = `sala-presencia:${owner}`;
    const token = await tokenFor(owner);
    const listener = await join(await client(token), topic, true);
    const sender = await join(await client(token), topic, true);
    const swapperClient = await client(token);
    const swapper = await join(swapperClient, topic, true);

    await swapperClient.realtime.setAuth(inject('anonKey'));
    await roundTrip(swapperClient);
    expect(swapper.system).toEqual([
      { extension: 'system', status: 'error', message: `You do not have permissions to read from this Channel topic: ${topic}`, channel: topic },
    ]);
    expect(swapper.statuses).toEqual(['SUBSCRIBED', 'CLOSED']);

    // It reads nothing more, and what it sends (realtime-js falls back to the REST broadcast
    // with the anon key) reaches nobody; the owner's next broadcast is the barrier.
    expect(await sender.channel.send({ type: 'broadcast', event: 'msg', payload: { n: 1 } })).toBe('ok');
    await swapper.channel.send({ type: 'broadcast', event: 'msg', payload: { n: 2 } });
    expect(await sender.channel.send({ type: 'broadcast', event: 'msg', payload: { n: 3 } })).toBe('ok');
    await until(() => listener.received.length === 2);
    expect(listener.received).toEqual([{ n: 1 }, { n: 3 }]);
    expect(swapper.received).toEqual([]);
  });

  it('keeps a private channel whose new token still may read it', async () => {
    const owner = crypto.randomUUID();
    const topic = `sala-presencia:${owner}`;
    const c = await client(await tokenFor(owner));
    const kept = await join(c, topic, true);
    const listener = await join(await client(await tokenFor(owner)), topic, true);
    await c.realtime.setAuth(await tokenFor(owner));
    await roundTrip(c);
    expect(kept.system).toEqual([]);
    expect(await kept.channel.send({ type: 'broadcast', event: 'msg', payload: { n: 1 } })).toBe('ok');
    await until(() => listener.received.length === 1);
    expect(listener.received).toEqual([{ n: 1 }]);
  });

  it('refuses a presence track on a private channel without a presence INSERT policy; nobody sees it', async () => {
    const owner = crypto.randomUUID();
    const topic = `sala-mensajes:${owner}`;
    const token = await tokenFor(owner);
    const watcher = await join(await client(token), topic, true, 'vigía');
    const member = await join(await client(token), topic, true, 'dueño');
    expect(await member.channel.track({ lugar: 'privado' })).toBe('error');
    // His broadcast after the track is the barrier: a presence diff would have reached the watcher first.
    expect(await member.channel.send({ type: 'broadcast', event: 'msg', payload: { n: 1 } })).toBe('ok');
    await until(() => watcher.received.length === 1);
    expect(keys(watcher.channel)).toEqual([]);
  });
});
