// Asymmetric JWT signing keys (issue 42, point 2), as hosted Supabase Auth has them:
// [jwks] supabase.com/docs/guides/auth/signing-keys: new tokens are signed by the key in use (ES256
//        with its `kid`); the public keys are at /auth/v1/.well-known/jwks.json, which needs no
//        apikey; PostgREST, Realtime and Edge Functions verify with them.
// [claims] supabase.com/docs/reference/javascript/auth-getclaims: getClaims() verifies an
//        asymmetric token against the (cached) JWKS without asking the Auth server; a symmetric
//        (HS256) one it checks with getUser(), a round trip.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import ws from 'ws';
import { uniqueEmail } from '../support/clients.ts';

const api = () => inject('apiUrl');
const PASSWORD = 'Clave-firmada-42';

/** A client on the publishable key whose requests are counted by path. */
function countingClient() {
  const calls: string[] = [];
  const counted: typeof fetch = (input, init) => {
    calls.push(new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).pathname);
    return fetch(input, init);
  };
  const client = createClient(api(), inject('publishableKey'), {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: counted },
    realtime: { transport: ws as never },
  });
  return { client, calls };
}

async function signedInPlayer() {
  const admin = createClient(api(), inject('secretKey'), { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws as never } });
  const email = uniqueEmail('firmas');
  const created = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  expect(created.error).toBeNull();
  const counting = countingClient();
  const signed = await counting.client.auth.signInWithPassword({ email, password: PASSWORD });
  expect(signed.error).toBeNull();
  return { ...counting, id: created.data.user!.id, token: signed.data.session!.access_token };
}

describe('ES256 signing keys and the JWKS', () => {
  it('publishes the public keys at /auth/v1/.well-known/jwks.json, without an apikey, and no private part', async () => {
    const r = await fetch(`${api()}/auth/v1/.well-known/jwks.json`);
    expect(r.status).toBe(200);
    const { keys } = (await r.json()) as { keys: Array<Record<string, unknown>> };
    expect(keys.length).toBeGreaterThanOrEqual(1);
    for (const k of keys) {
      expect(k).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
      expect(typeof k.kid).toBe('string');
      expect(k).not.toHaveProperty('d');
    }
  });

  it("a session's token is ES256 with a kid of the JWKS, and verifies with the JWKS alone", async () => {
    const { token } = await signedInPlayer();
    const header = decodeProtectedHeader(token);
    expect(header.alg).toBe('ES256');
    const jwks = await (await fetch(`${api()}/auth/v1/.well-known/jwks.json`)).json();
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).toContain(header.kid);
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks));
    expect(payload).toMatchObject({ role: 'authenticated', aud: 'authenticated' });
  });

  it('getClaims() verifies locally: the JWKS once, then no request at all', async () => {
    const { client, calls, id } = await signedInPlayer();
    calls.length = 0;
    const first = await client.auth.getClaims();
    expect(first.error).toBeNull();
    expect(first.data?.claims.sub).toBe(id);
    // At most the JWKS (supabase-js caches it per project for the process), never /user.
    expect(calls.filter((c) => c !== '/auth/v1/.well-known/jwks.json')).toEqual([]);
    calls.length = 0;
    const second = await client.auth.getClaims();
    expect(second.data?.claims.sub).toBe(id);
    expect(calls).toEqual([]); // no round trip: not /user, not even the JWKS (cached)
  });

  it('a token signed by another key with a known kid is refused by PostgREST, Auth, Functions and Realtime', async () => {
    const { token, id } = await signedInPlayer();
    const { kid } = decodeProtectedHeader(token);
    const claims = decodeJwt(token);
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const forged = await new SignJWT({ ...claims, sub: id }).setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid }).sign(privateKey);
    const headers = (t: string) => ({ apikey: inject('publishableKey'), authorization: `Bearer ${t}`, 'content-type': 'application/json' });

    expect((await fetch(`${api()}/rest/v1/profiles?select=id`, { headers: headers(token) })).status).toBe(200);
    expect((await fetch(`${api()}/rest/v1/profiles?select=id`, { headers: headers(forged) })).status).toBe(401);

    expect((await fetch(`${api()}/auth/v1/user`, { headers: headers(token) })).status).toBe(200);
    expect((await fetch(`${api()}/auth/v1/user`, { headers: headers(forged) })).status).toBe(403);

    // send-custom-email runs only past the host's JWT check; a player is then no admin (403).
    const fn = (t: string) => fetch(`${api()}/functions/v1/send-custom-email`, { method: 'POST', headers: headers(t), body: '{}' });
    expect((await fn(token)).status).toBe(403);
    expect(await (await fn(forged)).json()).toEqual({ code: 401, message: 'Invalid JWT' });

    const join = (t: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = new ws(`${api().replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${inject('publishableKey')}&vsn=1.0.0`);
        socket.once('error', reject);
        socket.once('open', () =>
          socket.send(JSON.stringify({ topic: `realtime:firmas-${randomUUID()}`, event: 'phx_join', payload: { access_token: t, config: {} }, ref: '1' })),
        );
        socket.on('message', (m) => {
          const frame = JSON.parse(String(m));
          if (frame.event !== 'phx_reply') return;
          socket.close();
          resolve(frame.payload.status);
        });
      });
    expect(await join(token)).toBe('ok');
    expect(await join(forged)).toBe('error');
  });
});
