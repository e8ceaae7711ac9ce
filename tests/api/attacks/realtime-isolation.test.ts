// Finding: one anonymous subscription with `"event": ["*"]` (an array) made the realtime server
// drop every change for every subscriber (`b.event.toUpperCase is not a function`). Bindings
// are validated at join (an error reply to that client only) and one subscriber's failure
// never stops delivery to the others. Also: a token without `exp` is refused at join.
import { createClient, type RealtimeChannel } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { JWT_SECRET } from '../../../supabase/local/config.ts';
import { db } from '../../support/clients.ts';

const SCHEMA = 'attack_probe';
const TABLE = 'scores';
const sockets: WebSocket[] = [];
const good = createClient(inject('apiUrl'), inject('anonKey'), {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as never },
});

beforeAll(async () => {
  await db().query(`
    drop schema if exists ${SCHEMA} cascade;
    create schema ${SCHEMA};
    grant usage on schema ${SCHEMA} to anon, authenticated;
    create table ${SCHEMA}.${TABLE} (id bigint generated always as identity primary key, body text not null);
    alter table ${SCHEMA}.${TABLE} enable row level security;
    create policy "Everyone reads scores" on ${SCHEMA}.${TABLE} for select to anon, authenticated using (true);
    grant select on ${SCHEMA}.${TABLE} to anon, authenticated;
    alter publication supabase_realtime add table ${SCHEMA}.${TABLE};
  `);
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await good.removeAllChannels();
  good.realtime.disconnect();
  await db().query(`alter publication supabase_realtime drop table ${SCHEMA}.${TABLE}; drop schema ${SCHEMA} cascade;`);
});

/** A raw Phoenix 1.0.0 socket, as an attacker's script opens it. */
async function rawSocket(): Promise<{ send: (frame: unknown) => void; replies: Array<Record<string, any>> }> {
  const url = `${inject('apiUrl').replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${inject('anonKey')}&vsn=1.0.0`;
  const ws = new WebSocket(url);
  sockets.push(ws);
  const replies: Array<Record<string, any>> = [];
  ws.on('message', (d) => replies.push(JSON.parse(String(d))));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return { send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)), replies };
}

async function until<T>(get: () => T | undefined, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = get();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`nothing within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('realtime isolation', () => {
  it('refuses the `"event": ["*"]` binding to its sender alone; another subscriber still receives every change', async () => {
    const received: string[] = [];
    await new Promise<RealtimeChannel>((resolve, reject) => {
      const ch = good.channel('good-subscriber').on('postgres_changes' as never, { event: '*', schema: SCHEMA, table: TABLE }, (p: { new: { body: string } }) =>
        received.push(p.new.body),
      );
      ch.subscribe((status, err) => (status === 'SUBSCRIBED' ? resolve(ch) : status === 'CHANNEL_ERROR' ? reject(err) : undefined));
    });

    const attacker = await rawSocket();
    // The exact frame from the attack run.
    attacker.send('{"topic":"realtime:evil","event":"phx_join","payload":{"config":{"postgres_changes":[{"event":["*"],"schema":"public"}]}},"ref":"1","join_ref":"1"}');
    // And its relatives: every field with the wrong type.
    const variants = [
      { event: 42, schema: 'public' },
      { event: '*', schema: ['public'] },
      { event: '*', schema: SCHEMA, table: { name: TABLE } },
      { event: '*', schema: SCHEMA, table: TABLE, filter: ['id=eq.1'] },
      { event: 'TRUNCATE', schema: SCHEMA },
      null,
      'INSERT',
    ];
    variants.forEach((binding, i) =>
      attacker.send({ topic: `realtime:evil-${i}`, event: 'phx_join', payload: { config: { postgres_changes: [binding] } }, ref: String(i + 2), join_ref: String(i + 2) }),
    );
    const refusals = await until(() => {
      const r = attacker.replies.filter((m) => m.event === 'phx_reply');
      return r.length === variants.length + 1 ? r : undefined;
    });
    for (const r of refusals) {
      expect(r.payload.status).toBe('error');
      expect(r.payload.response.reason).toMatch(/invalid postgres_changes binding/);
    }

    await db().query(`insert into ${SCHEMA}.${TABLE} (body) values ('gol 1'), ('gol 2')`);
    expect(await until(() => (received.length === 2 ? received : undefined))).toEqual(['gol 1', 'gol 2']);
    // The refused channels receive nothing.
    expect(attacker.replies.filter((m) => m.event === 'postgres_changes')).toEqual([]);
  });

  it('refuses a correctly signed token without exp at join', async () => {
    const noExp = await new SignJWT({ role: 'anon', iss: 'supabase-demo' }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(JWT_SECRET));
    const s = await rawSocket();
    s.send({ topic: 'realtime:no-exp', event: 'phx_join', payload: { access_token: noExp, config: {} }, ref: '1', join_ref: '1' });
    const reply = await until(() => s.replies.find((m) => m.event === 'phx_reply'));
    expect(reply.payload.status).toBe('error');
    expect(reply.payload.response.reason).toMatch(/Invalid JWT.*exp/);
  });

  it('a filter on a name every object inherits (toString, constructor, __proto__) matches no row', async () => {
    const received: string[] = [];
    const ch = await new Promise<RealtimeChannel>((resolve, reject) => {
      const c = good.channel('good-inherited').on('postgres_changes' as never, { event: 'INSERT', schema: SCHEMA, table: TABLE }, (p: { new: { body: string } }) =>
        received.push(p.new.body),
      );
      c.subscribe((status, err) => (status === 'SUBSCRIBED' ? resolve(c) : status === 'CHANNEL_ERROR' ? reject(err) : undefined));
    });
    const attacker = await rawSocket();
    const filters = ['toString=neq.x', 'constructor=neq.x', '__proto__=neq.x', 'hasOwnProperty=neq.x'];
    filters.forEach((filter, i) =>
      attacker.send({ topic: `realtime:inherited-${i}`, event: 'phx_join', payload: { config: { postgres_changes: [{ event: 'INSERT', schema: SCHEMA, table: TABLE, filter }] } }, ref: String(i + 1), join_ref: String(i + 1) }),
    );
    await until(() => (attacker.replies.filter((m) => m.event === 'phx_reply').length === filters.length ? true : undefined));
    await db().query(`insert into ${SCHEMA}.${TABLE} (body) values ('heredado')`);
    expect(await until(() => (received.includes('heredado') ? received : undefined))).toContain('heredado');
    // `toString=neq.x` found the inherited function, unequal to 'x', and matched every row.
    await new Promise((r) => setTimeout(r, 300));
    expect(attacker.replies.filter((m) => m.event === 'postgres_changes')).toEqual([]);
    await good.removeChannel(ch);
  });
});

