// Realtime contract: postgres_changes under column-level SELECT grants. Hosted Realtime's
// realtime.apply_rls (supabase/realtime, tenants/repo/migrations) works per column: it marks
// each column `is_selectable` with has_column_privilege for the subscriber's role; when a
// primary key column is not selectable the role gets "Error 401: Unauthorized" and no row;
// otherwise RLS decides the row (`select exists(select 1 from <table> where <pk> = …)` as the
// role, which needs the key columns only) and the record, old_record and `columns` carry the
// selectable columns alone. No table-wide grant is needed. The local Realtime asked for one
// (has_table_privilege), so a role reading through column grants got nothing.
// The errors (apply_rls of supabase/realtime, migration 20260709120000_fix_apply_rls_filter_role_leak,
// and replication_poller.ex / Realtime.Adapters.Changes for the payload): an INSERT or UPDATE on
// a table without a primary key is "Error 400: Bad Request, no primary key" for every role; one
// whose key the role may not SELECT is "Error 401: Unauthorized"; each goes to every
// subscription of that role on the table and action, its filter not looked at, as
// {schema, table, type, columns: [], commit_timestamp: null, record: {}, errors}. A DELETE is
// never refused: every subscriber gets the old columns he may read (under RLS, the key alone).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { JWT_SECRET } from '../../supabase/local/config.ts';
import { db } from '../support/clients.ts';
import { TOKEN_TTL } from '../support/token-ttl.ts';

const SCHEMA = 'contract_rt_columns';
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

const playerToken = () =>
  new SignJWT({ role: 'authenticated', aud: 'authenticated', sub: crypto.randomUUID() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime(TOKEN_TTL)
    .sign(new TextEncoder().encode(JWT_SECRET));

beforeAll(async () => {
  // `entries`: anon reads id and round through column grants (not owner); authenticated reads the
  // whole table. `secrets`: anon may read `round` but not the key, authenticated all. RLS shows every row.
  await db().query(`
    drop schema if exists ${SCHEMA} cascade;
    create schema ${SCHEMA};
    grant usage on schema ${SCHEMA} to anon, authenticated;
    create table ${SCHEMA}.entries (id bigint generated always as identity primary key, round int not null, owner text not null);
    alter table ${SCHEMA}.entries replica identity full;
    alter table ${SCHEMA}.entries enable row level security;
    create policy "Everyone reads entries" on ${SCHEMA}.entries for select to anon, authenticated using (true);
    grant select (id, round) on ${SCHEMA}.entries to anon;
    grant select on ${SCHEMA}.entries to authenticated;
    create table ${SCHEMA}.secrets (id bigint generated always as identity primary key, round int not null);
    alter table ${SCHEMA}.secrets enable row level security;
    create policy "Everyone reads secrets" on ${SCHEMA}.secrets for select to anon, authenticated using (true);
    grant select (round) on ${SCHEMA}.secrets to anon;
    grant select on ${SCHEMA}.secrets to authenticated;
    create table ${SCHEMA}.keyless (round int not null, note text);
    alter table ${SCHEMA}.keyless replica identity full;
    grant select on ${SCHEMA}.keyless to anon, authenticated;
    alter publication supabase_realtime add table ${SCHEMA}.entries, ${SCHEMA}.secrets, ${SCHEMA}.keyless;
  `);
});

afterAll(async () => {
  for (const c of clients) {
    await c.removeAllChannels();
    c.realtime.disconnect();
  }
  await db().query(`alter publication supabase_realtime drop table ${SCHEMA}.entries, ${SCHEMA}.secrets, ${SCHEMA}.keyless; drop schema ${SCHEMA} cascade;`);
  await db().end();
});

interface Change {
  eventType: string;
  table: string;
  new: Record<string, unknown>;
  old: Record<string, unknown>;
  errors?: string[] | null;
  commit_timestamp?: string | null;
  columns?: Array<{ name: string }>;
}

async function watch(c: SupabaseClient, name: string, table: string, filter?: string): Promise<Change[]> {
  const seen: Change[] = [];
  const channel = c.channel(name).on('postgres_changes' as never, { event: '*', schema: SCHEMA, table, ...(filter ? { filter } : {}) }, (p: Change) => seen.push(p));
  await new Promise<void>((resolve, reject) => channel.subscribe((status) => (status === 'SUBSCRIBED' ? resolve() : status === 'CHANNEL_ERROR' ? reject(new Error(status)) : undefined)));
  return seen;
}

describe('Realtime contract: column-level SELECT grants', () => {
  it('a role reading a table through column grants gets its rows with the columns it may read, and only those', async () => {
    const anon = await watch(await client(), 'columnas-anon', 'entries');
    const player = await watch(await client(await playerToken()), 'columnas-jugador', 'entries');
    const { rows } = await db().query(`insert into ${SCHEMA}.entries (round, owner) values (11, 'ana') returning id`);
    const id = rows[0].id;
    await db().query(`update ${SCHEMA}.entries set round = 12 where id = $1`, [id]);

    await expect.poll(() => anon.map((c) => c.eventType), { timeout: 30_000 }).toEqual(['INSERT', 'UPDATE']);
    expect(anon[0].new).toEqual({ id: Number(id), round: 11 });
    expect(anon[1].new).toEqual({ id: Number(id), round: 12 });
    expect(anon[1].old).toEqual({ id: Number(id), round: 11 });
    // The other side: a role with the table grant gets every column, owner included.
    await expect.poll(() => player.map((c) => c.eventType), { timeout: 30_000 }).toEqual(['INSERT', 'UPDATE']);
    expect(player[0].new).toEqual({ id: Number(id), round: 11, owner: 'ana' });
    expect(player[1].old).toEqual({ id: Number(id), round: 11, owner: 'ana' });
  });

  it('a role that may not read the primary key gets "Error 401: Unauthorized" and no row (issue 42)', async () => {
    // realtime.apply_rls: `elsif action <> 'DELETE' and <a pkey column not selectable> then return
    // next ({schema, table, type}, …, array['Error 401: Unauthorized'])`: the subscriber hears
    // the change happened, with the error and without a record.
    const anon = await watch(await client(), 'columnas-sin-clave', 'secrets');
    const control = await watch(await client(await playerToken()), 'columnas-control', 'secrets');
    await db().query(`insert into ${SCHEMA}.secrets (round) values (14)`);
    await expect.poll(() => control.length, { timeout: 30_000 }).toBe(1);
    expect(control[0]).toMatchObject({ eventType: 'INSERT', errors: null, new: { round: 14 } });
    await expect.poll(() => anon.length, { timeout: 30_000 }).toBe(1);
    expect(anon[0]).toMatchObject({ eventType: 'INSERT', table: 'secrets', schema: SCHEMA, errors: ['Error 401: Unauthorized'], new: {}, old: {} });
    // No commit time either: hosted's error rows carry only schema, table and type.
    expect(anon[0].commit_timestamp).toBeNull();
  });

  it('the 401 reaches every subscription of the role on the table, its filter not looked at; an UPDATE too; a DELETE is delivered (issue 42)', async () => {
    // apply_rls fans the 401 out to `subscriptions … where s.claims_role = working_role` before
    // realtime.is_visible_through_filters runs; a DELETE skips the key check (`action <> 'DELETE'`).
    // One socket for both, so its frames arrive in the order they were sent.
    const visitor = await client();
    const filtered = await watch(visitor, 'columnas-filtro', 'secrets', 'round=eq.999');
    const unfiltered = await watch(visitor, 'columnas-sin-filtro', 'secrets');
    const { rows } = await db().query(`insert into ${SCHEMA}.secrets (round) values (15) returning id`);
    const id = rows[0].id;
    await db().query(`update ${SCHEMA}.secrets set round = 16 where id = $1`, [id]);
    await db().query(`delete from ${SCHEMA}.secrets where id = $1`, [id]);
    await expect.poll(() => unfiltered.map((c) => c.eventType), { timeout: 30_000 }).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    expect(unfiltered[0]).toMatchObject({ errors: ['Error 401: Unauthorized'], new: {}, old: {} });
    expect(unfiltered[1]).toMatchObject({ errors: ['Error 401: Unauthorized'], new: {}, old: {} });
    // The delete: no error, and of the old row only what anon may read of the key (nothing).
    expect(unfiltered[2]).toMatchObject({ errors: null, new: {}, old: {} });
    // The filter passes none of these rows, yet the errors reached it; the delete (filtered on
    // the old row, which holds only the key) did not.
    expect(filtered.map((c) => [c.eventType, c.errors])).toEqual([
      ['INSERT', ['Error 401: Unauthorized']],
      ['UPDATE', ['Error 401: Unauthorized']],
    ]);
  });

  it('a table without a primary key: every insert and update is "Error 400: Bad Request, no primary key", whatever the role may read (issue 42)', async () => {
    const anon = await watch(await client(), 'sin-clave-anon', 'keyless');
    const player = await watch(await client(await playerToken()), 'sin-clave-jugador', 'keyless');
    await db().query(`insert into ${SCHEMA}.keyless (round, note) values (21, 'hola')`);
    await db().query(`update ${SCHEMA}.keyless set note = 'adiós' where round = 21`);
    for (const seen of [anon, player]) {
      await expect.poll(() => seen.map((c) => c.eventType), { timeout: 30_000 }).toEqual(['INSERT', 'UPDATE']);
      for (const c of seen) expect(c).toMatchObject({ errors: ['Error 400: Bad Request, no primary key'], new: {}, old: {} });
    }
  });
});
