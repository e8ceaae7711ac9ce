// Clients for API tests: supabase-js exactly as the app uses it, plus a superuser pg pool
// for arranging data the API may not write (and for checking what it wrote).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { inject } from 'vitest';
import ws from 'ws';
import type { Database } from '../../src/lib/database.types.ts';

export type Client = SupabaseClient<Database>;

export function anonClient(): Client {
  return createClient<Database>(inject('apiUrl'), inject('anonKey'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });
}

export function serviceClient(): Client {
  return createClient<Database>(inject('apiUrl'), inject('serviceRoleKey'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });
}

let pool: pg.Pool | undefined;
/** Superuser access to the test database (arrange and inspect only; never the thing under test). */
export function db(): pg.Pool {
  pool ??= new pg.Pool({ connectionString: inject('dbUrl'), max: 4 });
  return pool;
}

let counter = 0;
/** A unique e-mail per call, so tests never collide in the shared database. */
export function uniqueEmail(prefix = 'jugador'): string {
  return `${prefix}.${process.pid}.${Date.now()}.${counter++}@example.com`;
}

/** The local Realtime's broadcast API down ("unavailable": it answers 503, to the next `requests` broadcasts only when given) or back ("none"). */
export async function realtimeOutage(mode: 'unavailable' | 'none', requests?: number): Promise<void> {
  const r = await fetch(`${inject('apiUrl')}/realtime/v1/__local/outage`, {
    method: 'POST',
    headers: { apikey: inject('secretKey'), authorization: `Bearer ${inject('secretKey')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ mode, requests }),
  });
  if (r.status !== 200) throw new Error(`the local Realtime's outage switch answered ${r.status}: ${await r.text()}`);
}
