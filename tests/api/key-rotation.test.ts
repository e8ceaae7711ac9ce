// A JWT signing key rotation rehearsed on a platform of its own (issue 42, point 3), the steps
// of supabase.com/docs/guides/auth/signing-keys: create a standby key (published in the JWKS
// before it signs anything), rotate (the standby key signs; the previous one only verifies), then
// revoke the previous key (its tokens are refused everywhere). A player stays signed in all along
// on the publishable key and his picks keep saving; the token of the previous key works until the
// revocation and not after.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodeProtectedHeader } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { startPlatform, type Platform } from '../../supabase/local/platform.ts';
import { AUTH_JWT_EXPIRY_OVERRIDE } from '../support/token-ttl.ts';
import { freePort } from '../../supabase/local/wait.ts';

let platform: Platform;
let dataDir: string;
let pool: pg.Pool;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'quinielazo-rotation-'));
  platform = await startPlatform({
    dataDir,
    seed: false,
    scheduler: false,
    throwawayTestDatabase: true,
    authJwtExpiry: AUTH_JWT_EXPIRY_OVERRIDE,
    ports: { api: await freePort(), db: await freePort(), inbox: await freePort(), smtp: await freePort(), app: await freePort(), mercadopago: await freePort() },
  });
  pool = new pg.Pool({ connectionString: platform.dbUrl, max: 2 });
}, 120_000);

afterAll(async () => {
  await pool?.end();
  await platform?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

/** supabase-js on the publishable key, as the app; with `token`, pinned to that access token. */
function client(token?: string): SupabaseClient {
  return createClient(platform.apiUrl, platform.publishableKey, {
    auth: noSession,
    realtime: { transport: ws as never },
    ...(token ? { global: { headers: { Authorization: `Bearer ${token}` } } } : {}),
  });
}

/** An open round (deadline a day from the database clock) with `count` matches. */
async function round(count: number): Promise<{ id: number; matchIds: number[] }> {
  const { rows: [q] } = await pool.query(`insert into public.quinielas (name, week, deadline) values ('Jornada de rotación', 1, now() + interval '1 day') returning id`);
  const matchIds: number[] = [];
  for (let i = 1; i <= count; i++) {
    const { rows: [m] } = await pool.query(`insert into public.matches (quiniela_id, match_order, home_team, away_team) values ($1, $2, 'América', 'Chivas') returning id`, [q.id, i]);
    matchIds.push(Number(m.id));
  }
  return { id: Number(q.id), matchIds };
}

async function jwksKids(): Promise<string[]> {
  const { keys } = (await (await fetch(`${platform.apiUrl}/auth/v1/.well-known/jwks.json`)).json()) as { keys: Array<{ kid: string }> };
  return keys.map((k) => k.kid);
}

describe('a signing key rotation while a player plays', () => {
  it('standby → in use → previously used → revoked: his picks keep saving, the old token works until the revocation', { timeout: 120_000 }, async () => {
    const admin = createClient(platform.apiUrl, platform.secretKey, { auth: noSession, realtime: { transport: ws as never } });
    const email = `rotacion.${process.pid}.${Date.now()}@example.com`;
    const created = await admin.auth.admin.createUser({ email, password: 'Clave-rotada-42', email_confirm: true, user_metadata: { username: `rota_${process.pid.toString(36)}` } });
    expect(created.error).toBeNull();
    const userId = created.data.user!.id;
    const { id: quinielaId, matchIds } = await round(4);
    const pick = (c: SupabaseClient, match: number, result: string) =>
      c.from('picks').upsert({ user_id: userId, quiniela_id: quinielaId, match_id: match, result }, { onConflict: 'user_id,match_id' }).select('match_id');

    // The player signs in: a token of the key in use.
    const player = client();
    const signed = await player.auth.signInWithPassword({ email, password: 'Clave-rotada-42' });
    expect(signed.error).toBeNull();
    const oldToken = signed.data.session!.access_token;
    const oldKid = decodeProtectedHeader(oldToken).kid!;
    expect(platform.keys.currentKid).toBe(oldKid);
    expect((await pick(player, matchIds[0], 'Local')).error).toBeNull();

    // 1. A standby key: in the JWKS at once, signing nothing yet.
    const newKid = await platform.keys.addStandbyKey();
    expect(await jwksKids()).toEqual(expect.arrayContaining([oldKid, newKid]));
    const refreshedBefore = await player.auth.refreshSession();
    expect(decodeProtectedHeader(refreshedBefore.data.session!.access_token).kid).toBe(oldKid);
    expect((await pick(player, matchIds[1], 'Empate')).error).toBeNull();

    // 2. Rotate: the new key signs; the token of the previous key still works everywhere.
    await platform.keys.rotate();
    const refreshed = await player.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const newToken = refreshed.data.session!.access_token;
    expect(decodeProtectedHeader(newToken).kid).toBe(newKid);
    // PostgREST reads the keys again on a reload signal: wait for it to know the new kid.
    await expect.poll(async () => (await pick(player, matchIds[2], 'Visita')).error, { timeout: 30_000, interval: 200 }).toBeNull();
    const pinnedOld = client(oldToken);
    expect((await pick(pinnedOld, matchIds[3], 'Local')).error).toBeNull();
    expect((await pinnedOld.auth.getUser(oldToken)).error).toBeNull();
    // getClaims() learns the new kid from the JWKS and verifies without asking Auth.
    const claims = await player.auth.getClaims();
    expect(claims.data?.claims.sub).toBe(userId);

    // 3. Revoke the previous key: out of the JWKS; its tokens refused by PostgREST, Auth, Functions.
    await platform.keys.revoke(oldKid);
    expect(await jwksKids()).not.toContain(oldKid);
    await expect.poll(async () => (await pick(pinnedOld, matchIds[3], 'Empate')).status, { timeout: 30_000, interval: 200 }).toBe(401);
    expect((await pinnedOld.auth.getUser(oldToken)).error?.status).toBe(403);
    const fn = await fetch(`${platform.apiUrl}/functions/v1/send-custom-email`, {
      method: 'POST',
      headers: { apikey: platform.publishableKey, authorization: `Bearer ${oldToken}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(fn.status).toBe(401);
    // The player, on the new key, plays on; his picks are all there.
    expect((await pick(player, matchIds[3], 'Empate')).error).toBeNull();
    const { rows } = await pool.query('select match_id, result from public.picks where user_id = $1 and quiniela_id = $2 order by match_id', [userId, quinielaId]);
    expect(rows.map((r) => [Number(r.match_id), r.result])).toEqual([
      [matchIds[0], 'Local'],
      [matchIds[1], 'Empate'],
      [matchIds[2], 'Visita'],
      [matchIds[3], 'Empate'],
    ]);
    // A refresh after the revocation still works: the refresh token is no JWT.
    const again = await player.auth.refreshSession();
    expect(again.error).toBeNull();
    expect(decodeProtectedHeader(again.data.session!.access_token).kid).toBe(newKid);
  });

  it('revoking the legacy HS256 secret: the tokens it signed (the legacy keys included) are refused, the new keys serve', { timeout: 60_000 }, async () => {
    const legacy = platform.keys.list().find((k) => k.alg === 'HS256')!;
    expect(legacy.state).toBe('previously_used');
    const rest = (apikey: string, bearer?: string) =>
      fetch(`${platform.apiUrl}/rest/v1/clubs?select=id&limit=1`, { headers: { apikey, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) } }).then((r) => r.status);
    expect(await rest(platform.anonKey)).toBe(200);
    await platform.keys.revoke(legacy.kid);
    // PostgREST drops the oct key on its reload; the legacy anon JWT, which it signed, is then refused.
    await expect.poll(() => rest(platform.anonKey), { timeout: 30_000, interval: 200 }).toBe(401);
    expect(await rest(platform.publishableKey)).toBe(200);
    expect(await rest(platform.secretKey)).toBe(200);
    const fn = await fetch(`${platform.apiUrl}/functions/v1/send-custom-email`, {
      method: 'POST',
      headers: { authorization: `Bearer ${platform.serviceRoleKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await fn.json()).toEqual({ code: 401, message: 'Invalid JWT' });
  });
});
