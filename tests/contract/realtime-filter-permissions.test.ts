// Realtime contract: the postgres_changes filter permission check. Hosted Realtime joins the
// channel (reply ok) and then subscribes to the database in one transaction for all the channel's
// bindings; realtime.subscription_check_filters raises 'invalid column for filter <column>' when a
// filtered column is not one the role may SELECT (or does not exist), the transaction rolls back,
// and the channel gets a `system` message {extension: 'postgres_changes', status: 'error'} and no
// changes on any of its bindings (supabase/realtime: lib/extensions/postgres_cdc_rls/
// subscriptions.ex, RealtimeWeb.RealtimeChannel's push_system_message). The local Realtime
// answered 'Subscribed to PostgreSQL' and dropped the rows silently.
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { JWT_SECRET } from '../../supabase/local/config.ts';
import { db } from '../support/clients.ts';
import { TOKEN_TTL } from '../support/token-ttl.ts';

const SCHEMA = 'contract_rt_filters';
const clients: SupabaseClient[] = [];

/** supabase-js as anon, or as the token's role (set before any channel joins, so the join carries it). */
async function client(token?: string): Promise<SupabaseClient> {
  const c = createClient(inject('apiUrl'), inject('anonKey'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never, timeout: 30_000 }, // a join's reply is waited for, not timed
  });
  if (token) await c.realtime.setAuth(token);
  clients.push(c);
  return c;
}

beforeAll(async () => {
  // `entries`: anon may read id and round, not owner; authenticated reads every column.
  await db().query(`
    drop schema if exists ${SCHEMA} cascade;
    create schema ${SCHEMA};
    grant usage on schema ${SCHEMA} to anon, authenticated;
    create table ${SCHEMA}.entries (id bigint generated always as identity primary key, round int not null, owner text not null);
    alter table ${SCHEMA}.entries enable row level security;
    create policy "Everyone reads entries" on ${SCHEMA}.entries for select to anon, authenticated using (true);
    grant select (id, round) on ${SCHEMA}.entries to anon;
    grant select on ${SCHEMA}.entries to authenticated;
    create table ${SCHEMA}.matches (id bigint generated always as identity primary key, round int not null);
    alter table ${SCHEMA}.matches enable row level security;
    create policy "Everyone reads matches" on ${SCHEMA}.matches for select to anon, authenticated using (true);
    grant select on ${SCHEMA}.matches to anon, authenticated;
    alter publication supabase_realtime add table ${SCHEMA}.entries, ${SCHEMA}.matches;
  `);
});

afterAll(async () => {
  for (const c of clients) {
    await c.removeAllChannels();
    c.realtime.disconnect();
  }
  await db().query(`alter publication supabase_realtime drop table ${SCHEMA}.entries, ${SCHEMA}.matches; drop schema ${SCHEMA} cascade;`);
  await db().end();
});

interface Observed {
  channel: RealtimeChannel;
  status: string;
  system: Array<{ extension: string; status: string; message: string }>;
  rows: string[];
}

/** A channel like the app's Pro round page: a match binding and an entries binding filtered by `filter`. */
async function roundChannel(c: SupabaseClient, name: string, filter: string): Promise<Observed> {
  const seen: Observed = { channel: undefined as never, status: '', system: [], rows: [] };
  const channel = c
    .channel(name)
    .on('system' as never, {}, (m: Observed['system'][number]) => seen.system.push(m))
    .on('postgres_changes' as never, { event: 'INSERT', schema: SCHEMA, table: 'matches' }, () => seen.rows.push('match'))
    .on('postgres_changes' as never, { event: 'INSERT', schema: SCHEMA, table: 'entries', filter }, () => seen.rows.push('entry'));
  seen.channel = channel;
  await new Promise<void>((resolve) => channel.subscribe((status) => ((seen.status = status), status === 'SUBSCRIBED' || status === 'CHANNEL_ERROR' ? resolve() : undefined)));
  await expect.poll(() => seen.system.length, { timeout: 30_000 }).toBeGreaterThan(0);
  return seen;
}

const playerToken = () =>
  new SignJWT({ role: 'authenticated', aud: 'authenticated', sub: crypto.randomUUID() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime(TOKEN_TTL)
    .sign(new TextEncoder().encode(JWT_SECRET));

async function until(check: () => boolean, ms = 30_000): Promise<void> {
  await expect.poll(check, { timeout: ms }).toBe(true);
}

describe('Realtime contract: postgres_changes filters are checked against the role\'s column privileges', () => {
  it('a filter on a column the role cannot SELECT fails the whole subscription with a system error; nothing is delivered', async () => {
    const anon = await roundChannel(await client(), 'ronda-anon', 'owner=eq.ana');
    // The join itself is answered ok (realtime-js says SUBSCRIBED); the database subscription is what fails.
    expect(anon.status).toBe('SUBSCRIBED');
    expect(anon.system).toHaveLength(1);
    expect(anon.system[0]).toMatchObject({ extension: 'postgres_changes', status: 'error' });
    expect(anon.system[0].message).toMatch(/^Unable to subscribe to changes with given parameters\. .*Exception: ERROR P0001 \(raise_exception\) invalid column for filter owner$/);

    // A control channel (a player's) on the same tables sees the rows, so their absence above is the refusal.
    const control = await roundChannel(await client(await playerToken()), 'ronda-control', 'round=eq.7');
    expect(control.system[0]).toMatchObject({ extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL' });
    await db().query(`insert into ${SCHEMA}.matches (round) values (7); insert into ${SCHEMA}.entries (round, owner) values (7, 'ana')`);
    await until(() => control.rows.includes('match') && control.rows.includes('entry'));
    await new Promise((r) => setTimeout(r, 300));
    // Not even the unfiltered matches binding: the transaction held every binding of the channel.
    expect(anon.rows).toEqual([]);
  });

  it('the same filter is accepted for a role that may read the column, and its rows arrive', async () => {
    const player = await roundChannel(await client(await playerToken()), 'ronda-jugador', 'owner=eq.beto');
    expect(player.system[0]).toMatchObject({ extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL' });
    await db().query(`insert into ${SCHEMA}.entries (round, owner) values (8, 'beto'), (8, 'otro')`);
    await until(() => player.rows.filter((r) => r === 'entry').length === 1);
  });

  it('a filter on a column that does not exist fails the same way', async () => {
    const anon = await roundChannel(await client(), 'ronda-inexistente', 'nope=eq.1');
    expect(anon.system[0]).toMatchObject({ extension: 'postgres_changes', status: 'error' });
    expect(anon.system[0].message).toMatch(/invalid column for filter nope$/);
  });
});
