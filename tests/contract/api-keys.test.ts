// Hosted Supabase's API keys, both generations, at the gateway (issue 42, point 1), each case
// pinned to its documented source:
// [keys]   supabase/supabase apps/docs/content/guides/api/api-keys.mdx ("Understanding API keys")
// [fn]     supabase.com/docs/guides/functions/auth-headers ("Authorization headers")
// [jwks]   supabase.com/docs/guides/auth/signing-keys ("JWT Signing Keys")
// [kong]   supabase/supabase docker/volumes/api/kong.yml: which routes the gateway puts key-auth on
// Answers hosted gives but the docs do not spell out (the bodies, `sb-error-code`) are the ones
// hosted projects answer; each such case says so.
import { createClient } from '@supabase/supabase-js';
import { decodeProtectedHeader } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import ws from 'ws';
import { uniqueEmail } from '../support/clients.ts';

const api = () => inject('apiUrl');
const client = (key: string) => createClient(api(), key, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws as never } });
const BROWSER_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function get(path: string, headers: Record<string, string>) {
  const r = await fetch(`${api()}${path}`, { headers });
  const text = await r.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: r.status, body, code: r.headers.get('sb-error-code') };
}

describe('publishable and secret API keys at the gateway', () => {
  it('the keys are the Supabase CLI local ones', () => {
    // `supabase status` prints these two as Publishable and Secret on every local stack.
    expect(inject('publishableKey')).toBe('sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH');
    expect(inject('secretKey')).toBe('sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz');
  });

  it('the publishable key acts as anon: the public tables read, RLS applies, no service-only table', async () => {
    // [keys] "anon | JWT (long lived) | Low | … Exactly like the publishable key."
    const pk = inject('publishableKey');
    const clubs = await get('/rest/v1/clubs?select=id&limit=1', { apikey: pk });
    expect(clubs.status).toBe(200);
    const viaSdk = client(pk);
    const { data, error } = await viaSdk.from('clubs').select('id').limit(1);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    // The role the database sees is anon, exactly as with the legacy anon key.
    const legacy = await get('/rest/v1/profiles?select=id&limit=1', { apikey: inject('anonKey') });
    const asPublishable = await get('/rest/v1/profiles?select=id&limit=1', { apikey: pk });
    expect(asPublishable).toEqual(legacy);
  });

  it('the secret key acts as service_role: past RLS, and the admin auth API', async () => {
    // [keys] "Secret keys and the service_role JWT-based API key authorize access … via the
    // built-in service_role Postgres role … BYPASSRLS".
    const sk = inject('secretKey');
    const admin = client(sk);
    const email = uniqueEmail('secreta');
    const created = await admin.auth.admin.createUser({ email, password: 'Clave-secreta-42', email_confirm: true });
    expect(created.error).toBeNull();
    const { data, error } = await admin.from('profiles').select('id').eq('id', created.data.user!.id);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: created.data.user!.id }]);
    // The publishable key cannot do either.
    const pub = client(inject('publishableKey'));
    expect((await pub.auth.admin.listUsers()).error?.status).toBe(403);
  });

  it('a secret key from a browser is always 401', async () => {
    // [keys] "You cannot use a secret key in the browser (matches on the User-Agent header) and
    // it will always reply with HTTP 401 Unauthorized." Body: hosted's text.
    const sk = inject('secretKey');
    for (const path of ['/rest/v1/clubs?select=id&limit=1', '/auth/v1/settings']) {
      const r = await get(path, { apikey: sk, authorization: `Bearer ${sk}`, 'user-agent': BROWSER_UA });
      expect(r, path).toMatchObject({ status: 401, body: { message: 'Forbidden use of secret API key in browser' } });
      // The same request from a server is served.
      expect((await get(path, { apikey: sk, authorization: `Bearer ${sk}`, 'user-agent': 'node' })).status, path).toBe(200);
    }
    // The publishable key is for browsers.
    expect((await get('/rest/v1/clubs?select=id&limit=1', { apikey: inject('publishableKey'), 'user-agent': BROWSER_UA })).status).toBe(200);
  });

  it('a new key only in Authorization, without apikey, is 401 UNAUTHORIZED_MISSING_API_KEY', async () => {
    // [fn] "A common mistake is sending a publishable or secret key as a bearer token … The new
    // API keys are not JWTs … put API keys in the apikey header." [keys] "You cannot send a
    // publishable or secret key in the Authorization: Bearer ... header, except if the value
    // exactly equals the apikey header." Hosted answers the body and header below.
    for (const key of [inject('secretKey'), inject('publishableKey')]) {
      for (const path of ['/rest/v1/clubs?select=id&limit=1', '/auth/v1/settings', '/functions/v1/finalize-round']) {
        const r = await get(path, { authorization: `Bearer ${key}` });
        expect(r, `${path} ${key.slice(0, 12)}`).toEqual({
          status: 401,
          body: { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' },
          code: 'UNAUTHORIZED_MISSING_API_KEY',
        });
      }
    }
  });

  it('no apikey at all is 401 on REST, Auth and Realtime, even with a valid session JWT; functions are reached (issue 42)', async () => {
    // [keys] "Every request to your Supabase project carries an API key." [kong] key-auth on
    // rest-v1, auth-v1 (but its open routes), realtime-v1-ws and realtime-v1-rest; none on
    // functions-v1 ("Functions is a passthrough that does NOT validate keys"), where the function
    // checks its caller. Body and header: hosted's, as for a new key sent only as bearer.
    const pub = client(inject('publishableKey'));
    const admin = client(inject('secretKey'));
    const email = uniqueEmail('sinllave');
    await admin.auth.admin.createUser({ email, password: 'Clave-sin-llave-42', email_confirm: true });
    const session = (await pub.auth.signInWithPassword({ email, password: 'Clave-sin-llave-42' })).data.session!;
    const missing = {
      status: 401,
      body: { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' },
      code: 'UNAUTHORIZED_MISSING_API_KEY',
    };
    for (const path of ['/rest/v1/profiles?select=id', '/auth/v1/user', '/realtime/v1/api/health']) {
      expect(await get(path, { authorization: `Bearer ${session.access_token}` }), path).toEqual(missing);
      expect(await get(path, {}), path).toEqual(missing);
      // The same request with the key is served.
      expect((await get(path, { apikey: inject('publishableKey'), authorization: `Bearer ${session.access_token}` })).status, path).toBe(200);
    }
    // A websocket without ?apikey= is refused before the upgrade.
    const status = await new Promise<number>((resolve) => {
      const socket = new ws(`${api().replace(/^http/, 'ws')}/realtime/v1/websocket?vsn=1.0.0`);
      socket.once('open', () => {
        socket.close();
        resolve(101);
      });
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.once('error', () => resolve(-1));
    });
    expect(status).toBe(401);
    // A function is reached without a key: the contact form answers its own 401 for no caller.
    const fn = await fetch(`${api()}/functions/v1/send-contact-email`, { method: 'POST' });
    expect(fn.status).toBe(401);
    expect(await fn.json()).toEqual({ code: 401, message: 'Missing authorization header' });
    expect(fn.headers.get('sb-error-code')).toBeNull();
  });

  it('an unknown key of either shape is 401 Invalid API key', async () => {
    // Hosted's answer to a key the project does not have (deleted keys included: [keys] "Deleting
    // a secret key is irreversible and once done it will be gone forever").
    const unknown = ['sb_secret_AAAAAAAAAAAAAAAAAAAAAA_AAAAAAAA', 'sb_publishable_AAAAAAAAAAAAAAAAAAAAAA_AAAAAAAA', 'not-a-key'];
    for (const key of unknown) {
      for (const path of ['/rest/v1/clubs?select=id&limit=1', '/auth/v1/settings']) {
        const r = await get(path, { apikey: key });
        expect(r, `${path} ${key}`).toMatchObject({ status: 401, body: { message: 'Invalid API key' } });
      }
    }
  });

  it('a session JWT in Authorization rides beside the publishable key; the key alone is anon', async () => {
    // [keys] "Publishable key | User logged in via Supabase Auth: Yes | authenticated"; [fn] "A
    // signed-in user calling … through supabase-js … sends their session JWT in Authorization
    // and the project's publishable key in apikey."
    const pub = client(inject('publishableKey'));
    const admin = client(inject('secretKey'));
    const email = uniqueEmail('publicable');
    await admin.auth.admin.createUser({ email, password: 'Clave-publica-42', email_confirm: true });
    const signed = await pub.auth.signInWithPassword({ email, password: 'Clave-publica-42' });
    expect(signed.error).toBeNull();
    const me = await pub.from('profiles').select('id');
    expect(me.error).toBeNull();
    expect(me.data?.map((p) => p.id)).toContain(signed.data.user!.id);
    // [jwks] new tokens are signed by the asymmetric key in use, named by its kid.
    const header = decodeProtectedHeader(signed.data.session!.access_token);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    expect(typeof header.kid).toBe('string');
  });

  it('websockets take the publishable key as ?apikey= and refuse a browser secret key', async () => {
    // Realtime's clients send the key in the URL ([keys]: "No `apikey` request header or url param").
    const open = (key: string, headers: Record<string, string> = {}) =>
      new Promise<number>((resolve) => {
        const socket = new ws(`${api().replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${key}&vsn=1.0.0`, { headers });
        socket.once('open', () => {
          socket.close();
          resolve(101);
        });
        socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        socket.once('error', () => resolve(-1));
      });
    expect(await open(inject('publishableKey'))).toBe(101);
    expect(await open(inject('secretKey'), { 'user-agent': BROWSER_UA })).toBe(401);
    expect(await open('sb_publishable_AAAAAAAAAAAAAAAAAAAAAA_AAAAAAAA')).toBe(401);
  });
});
