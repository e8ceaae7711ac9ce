// Realtime contract: postgres_changes under column-level SELECT grants. Hosted Realtime's
// realtime.apply_rls (supabase/realtime, tenants/repo/migrations) works per column: it marks
// each column `is_selectable` with has_column_privilege for the subscriber's role; when a
// primary key column is not selectable the role gets "Error 401: Unauthorized" and no row;
// otherwise RLS decides the row (`select exists(select 1 from <table> where <pk> = …)` as the
// role, which needs the key columns only) and the record, old_record and `columns` carry the
// selectable columns alone. No table-wide grant is needed. The local Realtime asked for one
// (has_table_privilege), so a role reading through column grants got nothing.
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
    alter publication supabase_realtime add table ${SCHEMA}.entries, ${SCHEMA}.secrets;
  `);
});

afterAll(async () => {
  for (const c of clients) {
    await c.removeAllChannels();
    c.realtime.disconnect();
  }
  await db().query(`alter publication supabase_realtime drop table ${SCHEMA}.entries, ${SCHEMA}.secrets; drop schema ${SCHEMA} cascade;`);
  await db().end();
});

interface Change {
  eventType: string;
  table: string;
  new: Record<string, unknown>;
  old: Record<string, unknown>;
  errors?: string[] | null;
  columns?: Array<{ name: string }>;
}

async function watch(c: SupabaseClient, name: string, table: string): Promise<Change[]> {
  const seen: Change[] = [];
  const channel = c.channel(name).on('postgres_changes' as never, { event: '*', schema: SCHEMA, table }, (p: Change) => seen.push(p));
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
  });
});
