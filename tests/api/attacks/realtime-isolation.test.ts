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
/** The good subscriber's own story (realtime-js's transport log, its channels' states): what a failure prints. */
const story: string[] = [];
const good = createClient(inject('apiUrl'), inject('anonKey'), {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: {
    transport: WebSocket as never,
    logger: (kind: string, msg: string) => void (kind !== 'push' && kind !== 'receive' && story.push(`${new Date().toISOString()} ${kind}: ${msg}`)),
  },
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

/** Waits for a state. Past the safety net it says what the subscriber and the server saw. */
async function until<T>(get: () => T | undefined, what: string, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = get();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`${what}: nothing within ${ms} ms\n${await serverSide()}\nthe good subscriber:\n${story.slice(-30).join('\n')}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The server's side of a delivery that did not come: the queue, the capture trigger, what waits. */
async function serverSide(): Promise<string> {
  const { rows } = await db().query(
    `select (select count(*) from realtime.changes where schema_name = $1) as queued,
            (select count(*) from realtime.changes) as queued_anywhere,
            exists (select from pg_trigger where tgname = 'realtime_capture_change' and tgrelid = to_regclass($2)) as captured,
            (select json_agg(json_build_object('state', state, 'wait', wait_event_type || ':' || wait_event, 'for', now() - query_start, 'query', left(query, 80)))
               from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle') as busy`,
    [SCHEMA, `${SCHEMA}.${TABLE}`],
  );
  return `the server: ${JSON.stringify(rows[0])}`;
}

/** The good subscriber's channel on the probe table, and the bodies it hears (told in its story). */
async function goodSubscriber(topic: string, event: '*' | 'INSERT'): Promise<{ channel: RealtimeChannel; received: string[] }> {
  const received: string[] = [];
  const channel = await new Promise<RealtimeChannel>((resolve, reject) => {
    const ch = good.channel(topic).on('postgres_changes' as never, { event, schema: SCHEMA, table: TABLE }, (p: { new: { body: string } }) => {
      received.push(p.new.body);
      story.push(`${new Date().toISOString()} heard ${p.new.body}`);
    });
    ch.subscribe((status, err) => {
      story.push(`${new Date().toISOString()} ${topic}: ${status}`);
      return status === 'SUBSCRIBED' ? resolve(ch) : status === 'CHANNEL_ERROR' ? reject(err) : undefined;
    });
  });
  return { channel, received };
}

describe('realtime isolation', () => {
  it('refuses the `"event": ["*"]` binding to its sender alone; another subscriber still receives every change', async () => {
    const { received } = await goodSubscriber('good-subscriber', '*');
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
    }, 'the refusals');
    for (const r of refusals) {
      expect(r.payload.status).toBe('error');
      expect(r.payload.response.reason).toMatch(/invalid postgres_changes binding/);
    }

    await db().query(`insert into ${SCHEMA}.${TABLE} (body) values ('gol 1'), ('gol 2')`);
    story.push(`${new Date().toISOString()} inserted gol 1, gol 2`);
    expect(await until(() => (received.length >= 2 ? received : undefined), 'both goals')).toEqual(['gol 1', 'gol 2']);
    // The refused channels receive nothing.
    expect(attacker.replies.filter((m) => m.event === 'postgres_changes')).toEqual([]);
  });

  it('refuses a correctly signed token without exp at join', async () => {
    const noExp = await new SignJWT({ role: 'anon', iss: 'supabase-demo' }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(JWT_SECRET));
    const s = await rawSocket();
    s.send({ topic: 'realtime:no-exp', event: 'phx_join', payload: { access_token: noExp, config: {} }, ref: '1', join_ref: '1' });
    const reply = await until(() => s.replies.find((m) => m.event === 'phx_reply'), 'the refusal');
    expect(reply.payload.status).toBe('error');
    expect(reply.payload.response.reason).toMatch(/Invalid JWT.*exp/);
  });

  it('a filter on a name every object inherits (toString, constructor, __proto__) matches no row', async () => {
    const { channel: ch, received } = await goodSubscriber('good-inherited', 'INSERT');
    const attacker = await rawSocket();
    const filters = ['toString=neq.x', 'constructor=neq.x', '__proto__=neq.x', 'hasOwnProperty=neq.x'];
    filters.forEach((filter, i) =>
      attacker.send({ topic: `realtime:inherited-${i}`, event: 'phx_join', payload: { config: { postgres_changes: [{ event: 'INSERT', schema: SCHEMA, table: TABLE, filter }] } }, ref: String(i + 1), join_ref: String(i + 1) }),
    );
    await until(() => (attacker.replies.filter((m) => m.event === 'phx_reply').length === filters.length ? true : undefined), 'the joins');
    await db().query(`insert into ${SCHEMA}.${TABLE} (body) values ('heredado')`);
    story.push(`${new Date().toISOString()} inserted heredado`);
    expect(await until(() => (received.includes('heredado') ? received : undefined), 'the inserted row')).toContain('heredado');
    // `toString=neq.x` found the inherited function, unequal to 'x', and matched every row.
    await new Promise((r) => setTimeout(r, 300));
    expect(attacker.replies.filter((m) => m.event === 'postgres_changes')).toEqual([]);
    await good.removeChannel(ch);
  });
});

