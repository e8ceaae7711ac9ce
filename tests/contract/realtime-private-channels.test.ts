// Realtime contract: private channels. A channel joined with `private: true` is authorised by
// RLS on realtime.messages (Realtime.Tenants.Authorization): reading needs a SELECT policy that
// passes for the topic (realtime.topic()), sending an INSERT policy; a refused join is answered
// "Unauthorized: You do not have permissions to read from this Channel topic: <topic>", and a
// private channel is a different channel from the public one of the same name. Locally, anon
// joined a topic no policy allowed.
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
    // A join's reply is waited for (realtime-js gives up after 10 s and joins again, which a
    // loaded machine reached once: the test then waited for a status that never came).
    realtime: { transport: WebSocket as never, timeout: 30_000 },
  });
  if (token) await c.realtime.setAuth(token);
  clients.push(c);
  return c;
}
const tokenFor = (sub: string) =>
  new SignJWT({ role: 'authenticated', aud: 'authenticated', sub }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setExpirationTime(TOKEN_TTL).sign(new TextEncoder().encode(JWT_SECRET));

beforeAll(async () => {
  // A player's own room: only he reads it and sends to it.
  await db().query(`
    create policy "contract: a player reads his room" on realtime.messages for select to authenticated
      using (realtime.topic() = 'sala-contrato:' || auth.uid()::text and extension = 'broadcast');
    create policy "contract: a player sends to his room" on realtime.messages for insert to authenticated
      with check (realtime.topic() = 'sala-contrato:' || auth.uid()::text and extension = 'broadcast');
  `);
});
afterAll(async () => {
  for (const c of clients) {
    await c.removeAllChannels();
    c.realtime.disconnect();
  }
  await db().query(`
    drop policy "contract: a player reads his room" on realtime.messages;
    drop policy "contract: a player sends to his room" on realtime.messages;
  `);
  await db().end();
});

async function join(c: SupabaseClient, topic: string, isPrivate: boolean, received: unknown[] = []): Promise<{ channel: RealtimeChannel; status: string; error?: Error }> {
  const channel = c.channel(topic, { config: { private: isPrivate } });
  channel.on('broadcast', { event: 'msg' }, (m) => received.push(m.payload));
  return new Promise((resolve) =>
    channel.subscribe((status, error) => (status === 'SUBSCRIBED' || status === 'CHANNEL_ERROR' ? resolve({ channel, status, error }) : undefined)),
  );
}

describe('Realtime contract: private channels are authorised by RLS on realtime.messages', () => {
  it('refuses a join no SELECT policy allows, from anon and from another player', async () => {
    const owner = crypto.randomUUID();
    const topic = `sala-contrato:${owner}`;
    for (const c of [await client(), await client(await tokenFor(crypto.randomUUID()))]) {
      const refused = await join(c, topic, true);
      expect(refused.status).toBe('CHANNEL_ERROR');
      expect(refused.error?.message).toBe(`Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`);
    }
  });

  it('admits the player his policies allow; his broadcasts reach his private channel only', async () => {
    const owner = crypto.randomUUID();
    const topic = `sala-contrato:${owner}`;
    const token = await tokenFor(owner);
    const onPrivate: unknown[] = [];
    const onPublic: unknown[] = [];
    const listener = await join(await client(token), topic, true, onPrivate);
    expect(listener.status).toBe('SUBSCRIBED');
    // The public channel of the same name is another channel.
    expect((await join(await client(), topic, false, onPublic)).status).toBe('SUBSCRIBED');

    const sender = await join(await client(token), topic, true);
    expect(await sender.channel.send({ type: 'broadcast', event: 'msg', payload: { n: 1 } })).toBe('ok');
    expect(await sender.channel.httpSend('msg', { n: 2 })).toEqual({ success: true });
    // Both arrive; the socket's and the HTTP path's order between them is the machine's, not the contract's.
    await expect.poll(() => [...(onPrivate as Array<{ n: number }>)].sort((a, b) => a.n - b.n), { timeout: 30_000 }).toEqual([{ n: 1 }, { n: 2 }]);
    expect(onPublic).toEqual([]);
  });

  it("refuses a private send no INSERT policy allows (httpSend answers 403 'Unauthorized')", async () => {
    const owner = crypto.randomUUID();
    const topic = `sala-contrato:${owner}`;
    const received: unknown[] = [];
    expect((await join(await client(await tokenFor(owner)), topic, true, received)).status).toBe('SUBSCRIBED');
    const stranger = (await client(await tokenFor(crypto.randomUUID()))).channel(topic, { config: { private: true } });
    await expect(stranger.httpSend('msg', { n: 3 })).rejects.toThrow('Unauthorized');
    const anonymous = (await client()).channel(topic, { config: { private: true } });
    await expect(anonymous.httpSend('msg', { n: 4 })).rejects.toThrow('Unauthorized');
    await new Promise((r) => setTimeout(r, 300));
    expect(received).toEqual([]);
  });
});
