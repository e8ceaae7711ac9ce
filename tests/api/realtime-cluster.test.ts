// Realtime as a cluster (the goal bench's, capacity.realtimeNodes; docs/scaling.md): node-0 behind
// the platform's gateway and two node processes on ports of their own. Every node hears every
// database change as a single node does (a queue each) and delivers it under RLS to its own
// subscribers; a broadcast taken by any node (the poller's HTTP batch, a client's websocket)
// reaches the subscribers of every node, as hosted's PubSub does; only a node may relay. Through
// the real supabase-js client on a platform of its own.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { TEST_HARNESS_RATE_LIMITS } from '../../supabase/local/auth/limits.ts';
import { startPlatform, type Platform } from '../../supabase/local/platform.ts';
import { freePort } from '../../supabase/local/wait.ts';
import { AUTH_JWT_EXPIRY_OVERRIDE, JWT_EXPIRY } from '../support/token-ttl.ts';

const SCHEMA = 'realtime_cluster_probe';
const TABLE = 'notes';

let platform: Platform;
let dataDir: string;
let pool: pg.Pool;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'quinielazo-realtime-cluster-'));
  platform = await startPlatform({
    dataDir,
    seed: false,
    scheduler: false,
    throwawayTestDatabase: true,
    authJwtExpiry: AUTH_JWT_EXPIRY_OVERRIDE,
    authRateLimits: TEST_HARNESS_RATE_LIMITS,
    capacity: { realtimeNodes: 3 },
    ports: { api: await freePort(), db: await freePort(), inbox: await freePort(), smtp: await freePort(), app: await freePort(), mercadopago: await freePort() },
  });
  pool = new pg.Pool({ connectionString: platform.dbUrl, max: 2 });
  await pool.query(`
    create schema ${SCHEMA};
    grant usage on schema ${SCHEMA} to anon, authenticated, service_role;
    create table ${SCHEMA}.${TABLE} (id bigint generated always as identity primary key, owner uuid not null, body text not null);
    alter table ${SCHEMA}.${TABLE} enable row level security;
    create policy "Players read their own notes" on ${SCHEMA}.${TABLE} for select to authenticated using (owner = (select auth.uid()));
    grant select on ${SCHEMA}.${TABLE} to authenticated;
    alter publication supabase_realtime add table ${SCHEMA}.${TABLE};
  `);
}, 180_000);

afterAll(async () => {
  for (const c of clients) {
    await c.removeAllChannels();
    await c.realtime.disconnect();
  }
  await pool?.end();
  await platform?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** The nodes' base URLs as a client sees them: the gateway's (node-0), then the others'. */
const nodeUrls = () => [platform.apiUrl, ...platform.realtimeNodes.map((u) => u.replace(/\/realtime\/v1$/, ''))];

/** A player's client on one node, with a token signed by the project's key as the local auth signs it. */
async function playerOn(url: string, sub: string): Promise<SupabaseClient> {
  const c = createClient(url, platform.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });
  clients.push(c);
  const iat = Math.floor(Date.now() / 1000);
  await c.realtime.setAuth(await platform.keys.sign({ sub, role: 'authenticated', aud: 'authenticated', iat, exp: iat + JWT_EXPIRY }));
  return c;
}

function subscribe(channel: RealtimeChannel): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve(channel);
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
    });
  });
}

async function until<T>(get: () => T | undefined, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = get();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`nothing arrived within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('Realtime as a cluster', () => {
  it('runs node-0 in the platform and the others in processes of their own, each on its own port', () => {
    expect(platform.realtimeNodes).toHaveLength(2);
    expect(new Set(nodeUrls()).size).toBe(3);
  });

  it('delivers a database change once to its reader on every node, and never to another player', async () => {
    const owner = randomUUID();
    const other = randomUUID();
    // Per node: what the owner heard, and what another player heard.
    const owners: Array<Array<{ body: string }>> = [];
    const others: Array<Array<{ body: string }>> = [];
    for (const url of nodeUrls()) {
      for (const [sub, into] of [[owner, owners], [other, others]] as const) {
        const got: Array<{ body: string }> = [];
        into.push(got);
        const c = await playerOn(url, sub);
        await subscribe(
          c.channel(`notes-${randomUUID()}`).on('postgres_changes' as never, { event: 'INSERT', schema: SCHEMA, table: TABLE }, (p: { new: { body: string } }) => got.push(p.new)),
        );
      }
    }
    await pool.query(`insert into ${SCHEMA}.${TABLE} (owner, body) values ($1, 'en todos los nodos')`, [owner]);
    for (const got of owners) await until(() => (got.length > 0 ? got : undefined));
    // A later change the other player may read arrives after this one on each node: by then his
    // subscription has been judged for the first.
    await pool.query(`insert into ${SCHEMA}.${TABLE} (owner, body) values ($1, 'la suya')`, [other]);
    for (const got of others) await until(() => (got.length > 0 ? got : undefined));
    expect(owners.map((g) => g.map((n) => n.body))).toEqual([['en todos los nodos'], ['en todos los nodos'], ['en todos los nodos']]);
    expect(others.map((g) => g.map((n) => n.body))).toEqual([['la suya'], ['la suya'], ['la suya']]);
  });

  it("hands a broadcast taken by any node to every node's subscribers: the poller's HTTP batch and a player's websocket", async () => {
    const topic = `live:round:${Math.floor(Math.random() * 1e9)}`;
    const got: Array<Array<{ n: number }>> = [];
    const channels: RealtimeChannel[] = [];
    for (const url of nodeUrls()) {
      const c = await playerOn(url, randomUUID());
      const seen: Array<{ n: number }> = [];
      got.push(seen);
      channels.push(await subscribe(c.channel(topic, { config: { private: true, broadcast: { self: true } } }).on('broadcast', { event: 'scores' }, (m) => seen.push(m.payload as { n: number }))));
    }
    // As the poller: one batch to the gateway's node, with the secret key.
    const res = await fetch(`${platform.apiUrl}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: platform.secretKey, authorization: `Bearer ${platform.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic, event: 'scores', payload: { n: 1 }, private: true }] }),
    });
    expect(res.status).toBe(202);
    for (const seen of got) await until(() => (seen.length >= 1 ? seen : undefined));
    expect(got.map((s) => s.map((m) => m.n))).toEqual([[1], [1], [1]]);

    // A public channel's broadcast sent on node-2's websocket reaches node-0 and node-1.
    const open = `plaza-${randomUUID()}`;
    const heardOpen: number[][] = [];
    const openChannels: RealtimeChannel[] = [];
    for (const url of nodeUrls()) {
      const c = await playerOn(url, randomUUID());
      const seen: number[] = [];
      heardOpen.push(seen);
      openChannels.push(await subscribe(c.channel(open).on('broadcast', { event: 'hola' }, (m) => seen.push((m.payload as { n: number }).n))));
    }
    expect(await openChannels[2]!.send({ type: 'broadcast', event: 'hola', payload: { n: 2 } })).toBe('ok');
    await until(() => (heardOpen[0]!.length && heardOpen[1]!.length ? true : undefined));
    expect(heardOpen.map((s) => s.length)).toEqual([1, 1, 0]);
  });

  it('takes a relay only from a node (the secret key), never from a client', async () => {
    const relay = (key: string) =>
      fetch(`${platform.realtimeNodes[0]}/api/cluster/broadcast`, {
        method: 'POST',
        headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ topic: 'realtime:live:round:1', payload: { type: 'broadcast', event: 'scores', payload: {} }, private: true }),
      });
    expect((await relay(platform.publishableKey)).status).toBe(401);
    expect((await relay(platform.secretKey)).status).toBe(202);
  });
});
