// Players for API tests: a confirmed auth user (so the sign-up chain creates the profile),
// optionally an admin, with a supabase-js client signed in by a JWT minted like GoTrue's (ES256).
// Minting keeps tests independent of the auth server; the claims are the ones RLS reads.
import { createClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import ws from 'ws';
import type { Database } from '../../src/lib/database.types.ts';
import { defaultKeyRing } from '../../supabase/local/keys.ts';
import { db, uniqueEmail, type Client } from './clients.ts';
import { JWT_EXPIRY } from './token-ttl.ts';

export interface Player {
  id: string;
  email: string;
  username: string;
  /** supabase-js signed in as this player. */
  client: Client;
  accessToken: string;
}

let counter = 0;

/**
 * A unique username (the chain would otherwise rename a clash) within the rule's 20 characters,
 * 19 at most so the chain's numbered variant (`…2`) fits too: up to 5 of the prefix, then this
 * process, the clock and a counter in base 36.
 */
export function uniqueUsername(prefix = 'jugador'): string {
  const clock = (Date.now() % 36 ** 5).toString(36).padStart(5, '0');
  return `${prefix.slice(0, 5)}_${process.pid.toString(36)}${clock}${(counter++).toString(36)}`;
}

/** Signed as a project created today signs: ES256 with the local signing key's kid (supabase/local/keys.ts). */
async function playerToken(id: string, email: string): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return defaultKeyRing().sign({ role: 'authenticated', aud: 'authenticated', email, session_id: randomUUID(), aal: 'aal1', is_anonymous: false, sub: id, iat, exp: iat + JWT_EXPIRY });
}

function clientWithToken(token: string): Client {
  return createClient<Database>(inject('apiUrl'), inject('anonKey'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
    realtime: { transport: ws as never },
  });
}

export async function createPlayer(opts: { username?: string; admin?: boolean; email?: string } = {}): Promise<Player> {
  const id = randomUUID();
  const email = opts.email ?? uniqueEmail();
  const username = opts.username ?? uniqueUsername();
  await db().query(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data)
     values ($1, 'authenticated', 'authenticated', $2, now(), jsonb_build_object('username', $3::text))`,
    [id, email, username],
  );
  if (opts.admin) await db().query('insert into public.admins (id) values ($1)', [id]);
  const { rows } = await db().query('select username from public.profiles where id = $1', [id]);
  if (!rows[0]) throw new Error(`the sign-up chain created no profile for ${email}`);
  const accessToken = await playerToken(id, email);
  return { id, email, username: rows[0].username, client: clientWithToken(accessToken), accessToken };
}
