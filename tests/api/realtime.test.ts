// The local Realtime through the real supabase-js client: Phoenix protocol 2.0.0 and 1.0.0,
// postgres_changes delivery under RLS, filters, heartbeat, token checks, broadcast.
// The test arranges its own table in its own schema (not public, so the RLS matrix and type
// drift checks never see it) and adds it to supabase_realtime after the platform started.
import { createClient, type RealtimeChannel, type RealtimePostgresChangesPayload, type SupabaseClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import ws from 'ws';
import { JWT_SECRET } from '../../supabase/local/config.ts';
import { filterMatches, parseFilter } from '../../supabase/local/realtime/filters.ts';
import { db } from '../support/clients.ts';
import { TOKEN_TTL } from '../support/token-ttl.ts';

type Row = { id: number; owner: string; body: string; score: number };
type Change = RealtimePostgresChangesPayload<Row> & { receivedAt: number };

const SCHEMA = 'realtime_probe';
const TABLE = 'notes';
const secret = new TextEncoder().encode(JWT_SECRET);

function mint(sub: string, opts: { role?: string; expiresIn?: string | number; secret?: Uint8Array } = {}): Promise<string> {
  return new SignJWT({ sub, role: opts.role ?? 'authenticated', aud: 'authenticated', email: `${sub}@example.com` })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(opts.expiresIn ?? TOKEN_TTL)
    .sign(opts.secret ?? secret);
}

const clients: SupabaseClient[] = [];
function client(opts: { vsn?: '1.0.0' | '2.0.0' } = {}): SupabaseClient {
  const c = createClient(inject('apiUrl'), inject('anonKey'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never, ...(opts.vsn ? { vsn: opts.vsn } : {}) },
  });
  clients.push(c);
  return c;
}

async function clientAs(sub: string, opts: { vsn?: '1.0.0' | '2.0.0' } = {}): Promise<SupabaseClient> {
  const c = client(opts);
  await c.realtime.setAuth(await mint(sub));
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

/** Subscribes to every change on the probe table (optionally filtered) and collects them. */
async function watch(c: SupabaseClient, opts: { event?: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; filter?: string } = {}) {
  const changes: Change[] = [];
  const channel = c.channel(`probe-${randomUUID()}`).on(
    'postgres_changes' as never,
    { event: opts.event ?? '*', schema: SCHEMA, table: TABLE, ...(opts.filter ? { filter: opts.filter } : {}) },
    (payload: RealtimePostgresChangesPayload<Row>) => changes.push({ ...payload, receivedAt: performance.now() }),
  );
  await subscribe(channel);
  return { channel, changes };
}

/** Waits for a change to arrive; `ms` is a safety net (a loaded machine delivers late, not wrongly). */
async function waitFor<T>(get: () => T | undefined, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = get();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`nothing arrived within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}


async function insertNote(owner: string, body: string, score = 0): Promise<Row> {
  const { rows } = await db().query(`insert into ${SCHEMA}.${TABLE} (owner, body, score) values ($1, $2, $3) returning *`, [owner, body, score]);
  return { ...rows[0], id: Number(rows[0].id) };
}

const alice = randomUUID();
const bob = randomUUID();

beforeAll(async () => {
  await db().query(`
    drop schema if exists ${SCHEMA} cascade;
    create schema ${SCHEMA};
    grant usage on schema ${SCHEMA} to anon, authenticated, service_role;
    create table ${SCHEMA}.${TABLE} (
      id bigint generated always as identity primary key,
      owner uuid not null,
      body text not null,
      score int not null default 0
    );
    alter table ${SCHEMA}.${TABLE} enable row level security;
    alter table ${SCHEMA}.${TABLE} replica identity full;
    create policy "Players read their own notes" on ${SCHEMA}.${TABLE} for select to authenticated using (owner = (select auth.uid()));
    grant select on ${SCHEMA}.${TABLE} to authenticated, service_role;
    alter publication supabase_realtime add table ${SCHEMA}.${TABLE};
  `);
});

afterAll(async () => {
  for (const c of clients) {
    await c.removeAllChannels();
    await c.realtime.disconnect();
  }
  await db().query(`alter publication supabase_realtime drop table ${SCHEMA}.${TABLE}; drop schema ${SCHEMA} cascade;`);
});

describe('realtime', () => {
  it('answers health over HTTP and 404 elsewhere (with the project key, as every request to the API)', async () => {
    const headers = { apikey: inject('publishableKey') };
    expect((await fetch(`${inject('apiUrl')}/realtime/v1/api/health`, { headers })).status).toBe(200);
    expect((await fetch(`${inject('apiUrl')}/realtime/v1/api/nothing-here`, { headers })).status).toBe(404);
  });

  it('attaches the change capture as soon as a table joins the publication', async () => {
    const { rows } = await db().query(
      `select count(*)::int as n from pg_trigger where tgrelid = $1::regclass and tgname = 'realtime_capture_change'`,
      [`${SCHEMA}.${TABLE}`],
    );
    expect(rows[0].n).toBe(1);
  });

  it('subscribes with protocol 2.0.0 (the default) and confirms the PostgreSQL subscription', async () => {
    const c = await clientAs(alice);
    expect(c.realtime.vsn).toBe('2.0.0');
    const system: Array<Record<string, unknown>> = [];
    const channel = c.channel('with-system').on('system', {}, (p) => system.push(p));
    channel.on('postgres_changes', { event: '*', schema: SCHEMA, table: TABLE }, () => {});
    await subscribe(channel);
    const msg = await waitFor(() => system[0]);
    expect(msg).toMatchObject({ status: 'ok', message: 'Subscribed to PostgreSQL', extension: 'postgres_changes', channel: 'with-system' });
  });

  it('delivers an INSERT to the owner and never to another player or a visitor', async () => {
    const allowed = await watch(await clientAs(alice));
    const forbidden = await watch(await clientAs(bob));
    const visitor = await watch(client());

    const row = await insertNote(alice, 'solo para alice', 3);
    const change = await waitFor(() => allowed.changes.find((c) => c.eventType === 'INSERT' && c.new.id === row.id));
    expect(change).toMatchObject({ schema: SCHEMA, table: TABLE, eventType: 'INSERT', errors: null, old: {} });
    expect(change.new).toEqual({ id: row.id, owner: alice, body: 'solo para alice', score: 3 });
    expect(Number.isNaN(Date.parse(change.commit_timestamp))).toBe(false);

    // A later row of bob's own is the barrier: once it reaches him, alice's would have too.
    const barrier = await insertNote(bob, 'barrera de bob');
    await waitFor(() => forbidden.changes.find((c) => c.eventType === 'INSERT' && c.new.id === barrier.id));
    expect(forbidden.changes.map((c) => (c.new as Row).id)).toEqual([barrier.id]);
    // The visitor's role (anon) may not read the table's primary key: as hosted's
    // realtime.apply_rls, he hears that a change happened with "Error 401: Unauthorized", never a row.
    await waitFor(() => (visitor.changes.length >= 2 ? visitor.changes : undefined));
    expect(visitor.changes).toHaveLength(2); // alice's row and bob's barrier
    for (const c of visitor.changes) expect(c).toMatchObject({ eventType: 'INSERT', errors: ['Error 401: Unauthorized'], new: {}, old: {} });
  });

  it('speaks protocol 1.0.0 too', async () => {
    const c = await clientAs(alice, { vsn: '1.0.0' });
    expect(c.realtime.vsn).toBe('1.0.0');
    const { changes } = await watch(c);
    const row = await insertNote(alice, 'protocolo uno');
    const change = await waitFor(() => changes.find((x) => x.eventType === 'INSERT' && x.new.id === row.id));
    expect(change.new).toMatchObject({ body: 'protocolo uno' });
  });

  it('sends UPDATE with the old and new row, and DELETE with only the primary key', async () => {
    const row = await insertNote(alice, 'antes');
    const { changes } = await watch(await clientAs(alice), { event: '*' });
    await db().query(`update ${SCHEMA}.${TABLE} set body = 'después' where id = $1`, [row.id]);
    const update = await waitFor(() => changes.find((c) => c.eventType === 'UPDATE'));
    expect(update.old).toMatchObject({ id: row.id, body: 'antes' });
    expect(update.new).toMatchObject({ id: row.id, body: 'después' });

    await db().query(`delete from ${SCHEMA}.${TABLE} where id = $1`, [row.id]);
    const del = await waitFor(() => changes.find((c) => c.eventType === 'DELETE'));
    expect(del.old).toEqual({ id: row.id });
    expect(del.new).toEqual({});
  });

  it('honours filters and the event of each binding', async () => {
    const byBody = await watch(await clientAs(alice), { event: 'INSERT', filter: 'body=eq.gol de visita' });
    const byScore = await watch(await clientAs(alice), { event: 'INSERT', filter: 'score=gt.5' });
    const updatesOnly = await watch(await clientAs(alice), { event: 'UPDATE' });
    const other = await insertNote(alice, 'empate', 9);
    const hit = await insertNote(alice, 'gol de visita', 1);
    await waitFor(() => byBody.changes.find((c) => c.eventType === 'INSERT' && c.new.id === hit.id));
    await waitFor(() => byScore.changes.find((c) => c.eventType === 'INSERT' && c.new.id === other.id));
    // A barrier row matching both filters, then its update: once they arrive, nothing earlier is in flight.
    const barrier = await insertNote(alice, 'gol de visita', 9);
    await db().query(`update ${SCHEMA}.${TABLE} set score = 10 where id = $1`, [barrier.id]);
    await waitFor(() => updatesOnly.changes.find((c) => (c.new as Row).id === barrier.id));
    await waitFor(() => byBody.changes.find((c) => (c.new as Row).id === barrier.id));
    await waitFor(() => byScore.changes.find((c) => (c.new as Row).id === barrier.id));
    expect(byBody.changes.map((c) => (c.new as Row).id)).toEqual([hit.id, barrier.id]);
    expect(byScore.changes.map((c) => (c.new as Row).id)).toEqual([other.id, barrier.id]);
    expect(updatesOnly.changes.map((c) => [c.eventType, (c.new as Row).id])).toEqual([['UPDATE', barrier.id]]);
  });

  it('parses every filter operator Supabase accepts', () => {
    const row = { id: 7, body: 'Local', kickoff: '2025-05-01T18:00:00+00:00' };
    expect(filterMatches(parseFilter('id=eq.7'), row, 'int8')).toBe(true);
    expect(filterMatches(parseFilter('id=neq.7'), row, 'int8')).toBe(false);
    expect(filterMatches(parseFilter('id=lt.10'), row, 'int8')).toBe(true);
    expect(filterMatches(parseFilter('id=lte.6'), row, 'int8')).toBe(false);
    expect(filterMatches(parseFilter('id=gte.7'), row, 'int8')).toBe(true);
    expect(filterMatches(parseFilter('body=in.(Empate,"Local",Visita)'), row, 'text')).toBe(true);
    expect(filterMatches(parseFilter('kickoff=gt.2025-05-01T17:00:00Z'), row, 'timestamptz')).toBe(true);
    expect(() => parseFilter('id=like.7')).toThrow(/invalid filter/);
  });

  it('follows a token change on a joined channel', async () => {
    const c = await clientAs(bob);
    const { changes } = await watch(c);
    const before = await insertNote(alice, 'bob todavía no la ve');
    const barrier = await insertNote(bob, 'barrera de bob');
    await waitFor(() => changes.find((x) => x.eventType === 'INSERT' && x.new.id === barrier.id));
    expect(changes.filter((x) => x.eventType === 'INSERT' && x.new.id === before.id)).toEqual([]);
    await c.realtime.setAuth(await mint(alice));
    // The new token takes effect when the server reads it: insert until one of alice's rows arrives.
    const seen = new Set<number>();
    const until = Date.now() + 5000;
    for (;;) {
      const row = await insertNote(alice, 'ahora bob ve como alice');
      seen.add(row.id);
      const hit = await waitFor(() => changes.find((x) => x.eventType === 'INSERT' && seen.has(Number(x.new.id))), 200).catch(() => undefined);
      if (hit) break;
      if (Date.now() > until) throw new Error('the new token never took effect');
    }
  });

  it('keeps delivering after its LISTEN connection is dropped', async () => {
    const { changes } = await watch(await clientAs(alice));
    const { rows } = await db().query(
      `select pg_terminate_backend(pid) as ok from pg_stat_activity where query ilike 'listen realtime_changes'`,
    );
    expect(rows.length).toBe(1);
    // The server reconnects after about 1 s: rows written meanwhile may be lost, so insert
    // until one is delivered, within a deadline.
    const seen = new Set<number>();
    const until = Date.now() + 10_000;
    for (;;) {
      const row = await insertNote(alice, 'después del corte');
      seen.add(row.id);
      const hit = await waitFor(() => changes.find((x) => x.eventType === 'INSERT' && seen.has(Number(x.new.id))), 300).catch(() => undefined);
      if (hit) break;
      if (Date.now() > until) throw new Error('no delivery after the LISTEN connection was dropped');
    }
  });

  it('makes a visibility check again when it failed for a passing reason: the subscriber still hears the change', async () => {
    // The policy's first evaluation fails as a lock wait past lock_timeout does (55P03), the way a
    // busy database fails a check; a sequence counts the calls, since the check is rolled back.
    const flaky = 'flaky_notes';
    await db().query(`
      create sequence ${SCHEMA}.checks;
      grant usage on sequence ${SCHEMA}.checks to authenticated;
      create function ${SCHEMA}.check_passes() returns boolean language plpgsql security definer set search_path = '' as $$
      begin
        if nextval('${SCHEMA}.checks') = 1 then raise exception 'lock not available' using errcode = '55P03'; end if;
        return true;
      end $$;
      grant execute on function ${SCHEMA}.check_passes() to authenticated;
      create table ${SCHEMA}.${flaky} (id bigint generated always as identity primary key, body text not null);
      alter table ${SCHEMA}.${flaky} enable row level security;
      create policy "Readable once the check passes" on ${SCHEMA}.${flaky} for select to authenticated using (${SCHEMA}.check_passes());
      grant select on ${SCHEMA}.${flaky} to authenticated;
      alter publication supabase_realtime add table ${SCHEMA}.${flaky};
    `);
    try {
      const heard: string[] = [];
      const c = await clientAs(alice);
      await subscribe(c.channel('flaky').on('postgres_changes' as never, { event: 'INSERT', schema: SCHEMA, table: flaky }, (p: { new: { body: string } }) => heard.push(p.new.body)));
      await db().query(`insert into ${SCHEMA}.${flaky} (body) values ('a pesar del tropiezo')`);
      expect(await waitFor(() => (heard.length > 0 ? heard : undefined))).toEqual(['a pesar del tropiezo']);
      // The first check failed and a second one delivered it.
      const { rows } = await db().query(`select last_value from ${SCHEMA}.checks`);
      expect(Number(rows[0].last_value)).toBeGreaterThanOrEqual(2);
    } finally {
      await db().query(`alter publication supabase_realtime drop table ${SCHEMA}.${flaky}`);
    }
  });

  it('answers heartbeats, through supabase-js and on the raw socket', async () => {
    const c = client();
    await subscribe(c.channel('heartbeat-probe'));
    const statuses: string[] = [];
    c.realtime.onHeartbeat((status) => statuses.push(status));
    await c.realtime.sendHeartbeat();
    await waitFor(() => (statuses.includes('ok') ? true : undefined));

    const url = `${inject('apiUrl').replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${inject('anonKey')}&vsn=2.0.0`;
    const socket = new ws(url);
    await new Promise((r, j) => socket.once('open', r).once('error', j));
    const reply = new Promise<unknown>((r) => socket.once('message', (d) => r(JSON.parse(String(d)))));
    socket.send(JSON.stringify([null, '42', 'phoenix', 'heartbeat', {}]));
    expect(await reply).toEqual([null, '42', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    socket.close();

    // Without vsn the server speaks 1.0.0: JSON objects.
    const legacy = new ws(url.replace('&vsn=2.0.0', ''));
    await new Promise((r, j) => legacy.once('open', r).once('error', j));
    const legacyReply = new Promise<unknown>((r) => legacy.once('message', (d) => r(JSON.parse(String(d)))));
    legacy.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '7' }));
    expect(await legacyReply).toEqual({ topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} }, ref: '7', join_ref: null });
    legacy.close();
  });

  it('refuses a forged or expired token with a join error', async () => {
    for (const token of [await mint(alice, { secret: new TextEncoder().encode('another-secret-another-secret-123456') }), await mint(alice, { expiresIn: Math.floor(Date.now() / 1000) - 60 })]) {
      const c = client();
      await c.realtime.setAuth(token);
      const channel = c.channel(`refused-${randomUUID()}`).on('postgres_changes', { event: '*', schema: SCHEMA, table: TABLE }, () => {});
      await expect(subscribe(channel)).rejects.toThrow(/Invalid JWT/);
      await c.removeChannel(channel);
    }
  });

  it('broadcasts to the other subscribers of a channel', async () => {
    const topic = `sala-${randomUUID()}`;
    const received: unknown[] = [];
    const listener = client().channel(topic).on('broadcast', { event: 'gol' }, (p) => received.push(p.payload));
    await subscribe(listener);
    const sender = client().channel(topic);
    await subscribe(sender);
    expect(await sender.send({ type: 'broadcast', event: 'gol', payload: { minuto: 90 } })).toBe('ok');
    expect(await waitFor(() => received[0])).toEqual({ minuto: 90 });
  });

  it('shares presence between the subscribers of a channel', async () => {
    const topic = `presencia-${randomUUID()}`;
    const watcher = client().channel(topic, { config: { presence: { key: 'watcher' } } });
    const joins: string[] = [];
    watcher.on('presence', { event: 'join' }, ({ key }) => joins.push(key));
    await subscribe(watcher);
    const player = client().channel(topic, { config: { presence: { key: 'alice' } } });
    player.on('presence', { event: 'sync' }, () => {});
    await subscribe(player);
    expect(await player.track({ online_at: 'ahora' })).toBe('ok');
    await waitFor(() => (joins.includes('alice') ? true : undefined));
    expect(watcher.presenceState()).toMatchObject({ alice: [{ online_at: 'ahora' }] });
    await player.untrack();
    await waitFor(() => (Object.keys(watcher.presenceState()).length === 0 ? true : undefined));
  });
});
