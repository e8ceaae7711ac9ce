// Findings against the auth server (GoTrue contract) on the shared test platform: a revoked
// refresh-token family still refreshed inside the reuse window; /resend, /otp, PUT /user and
// response times told registered from unknown addresses; NUL bytes, bad paging and a non-UUID
// `sub` made 500s; any localhost port was a valid redirect_to; tokens without `exp` were taken.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { JWT_SECRET } from '../../../supabase/local/config.ts';
import { db, uniqueEmail } from '../../support/clients.ts';
import { waitForMail } from '../../support/inbox.ts';
import { TOKEN_TTL } from '../../support/token-ttl.ts';

const PASSWORD = 'Jugador123';
const api = (path: string) => `${inject('apiUrl')}/auth/v1${path}`;
const secret = new TextEncoder().encode(JWT_SECRET);

afterAll(async () => {
  await db().end();
});

async function auth(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const r = await fetch(api(path), {
    method,
    headers: { apikey: inject('anonKey'), 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : {} };
}

async function confirmedUser(): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = uniqueEmail('integridad');
  await db().query(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ($1, 'authenticated', 'authenticated', $2, extensions.crypt($3, extensions.gen_salt('bf', 10)), now(), '{"provider":"email","providers":["email"]}', jsonb_build_object('username', $4::text))`,
    [id, email, PASSWORD, `integ_${id.slice(0, 8)}`],
  );
  await db().query(`insert into auth.identities (provider_id, user_id, identity_data, provider) values ($1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text), 'email')`, [id, email]);
  return { id, email };
}

async function signIn(email: string): Promise<{ access_token: string; refresh_token: string }> {
  const r = await auth('POST', '/token?grant_type=password', { email, password: PASSWORD });
  expect(r.status).toBe(200);
  return r.body;
}

const token = (claims: Record<string, unknown>, exp = true) => {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt();
  return (exp ? jwt.setExpirationTime(TOKEN_TTL) : jwt).sign(secret);
};


describe('refresh tokens', () => {
  it('a family revoked by reuse stays revoked, even inside the reuse window', async () => {
    const { email } = await confirmedUser();
    const s0 = await signIn(email);
    const t1 = (await auth('POST', '/token?grant_type=refresh_token', { refresh_token: s0.refresh_token })).body.refresh_token;
    const t2 = (await auth('POST', '/token?grant_type=refresh_token', { refresh_token: t1 })).body.refresh_token;
    expect(t2).toBeTruthy();
    // t0 is neither active nor the parent of the active token: reuse, the family is revoked.
    const reuse = await auth('POST', '/token?grant_type=refresh_token', { refresh_token: s0.refresh_token });
    expect(reuse).toMatchObject({ status: 400, body: { code: 'refresh_token_already_used' } });
    for (const t of [t2, t1, s0.refresh_token]) {
      const r = await auth('POST', '/token?grant_type=refresh_token', { refresh_token: t });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('refresh_token_already_used');
    }
  });
});

describe('e-mail enumeration', () => {
  it('/resend, /recover and /signup answer registered and unknown addresses alike', async () => {
    const { email: registered } = await confirmedUser();
    const unknown = uniqueEmail('desconocido');
    const calls: Array<[string, (e: string) => unknown]> = [
      ['/resend', (email) => ({ type: 'signup', email })],
      ['/recover', (email) => ({ email })],
    ];
    for (const [path, body] of calls) {
      const a = await auth('POST', path, body(registered));
      const b = await auth('POST', path, body(unknown));
      expect({ path, status: a.status, body: a.body }).toEqual({ path, status: b.status, body: b.body });
      expect(a.status).toBe(200);
    }
    // Sign-up: the same shape for a taken address (no mail) as for a new one.
    const taken = await auth('POST', '/signup', { email: registered, password: PASSWORD, data: { username: `x_${Date.now().toString(36)}` } });
    const fresh = await auth('POST', '/signup', { email: uniqueEmail('nuevo'), password: PASSWORD, data: { username: `y_${Date.now().toString(36)}` } });
    expect(taken.status).toBe(fresh.status);
    expect(Object.keys(taken.body).sort()).toEqual(expect.arrayContaining(['id', 'email', 'created_at']));
  });

  it('answers before mailing, so a registered address takes as long as an unknown one (/recover, /resend, PUT /user)', async () => {
    // Before: medians 26.1 against 5.5 ms (/recover), 7.5 against 2.0 (/resend of an unconfirmed
    // address), 35.3 against 13.6 (PUT /user, a free address against a taken one): the SMTP
    // round trip of the mail only one of them sends. Held to its order, not to a duration: with
    // the inbox holding every mail unacknowledged, each answer still arrives, and its mail
    // lands only once the inbox lets go.
    const { email: registered } = await confirmedUser();
    const unconfirmed = uniqueEmail('pendiente');
    expect((await auth('POST', '/signup', { email: unconfirmed, password: PASSWORD, data: { username: `p_${Date.now().toString(36)}` } })).status).toBe(200);
    await waitForMail(unconfirmed);
    const me = await confirmedUser();
    const headers = { authorization: `Bearer ${(await signIn(me.email)).access_token}` };
    const changedTo = uniqueEmail('libre');
    const inbox = `${inject('inboxUrl')}/__local/hold`;
    expect((await fetch(inbox, { method: 'POST' })).status).toBe(200);
    try {
      expect((await auth('POST', '/recover', { email: registered })).status).toBe(200);
      expect((await auth('POST', '/resend', { type: 'signup', email: unconfirmed })).status).toBe(200);
      expect((await auth('PUT', '/user', { email: changedTo }, headers)).status).toBe(200);
    } finally {
      expect(await (await fetch(inbox, { method: 'DELETE' })).json()).toMatchObject({ released: expect.any(Number) });
    }
    // Each answer came while its mail was held: the mails were sent, and arrive now.
    await waitForMail(registered);
    await waitForMail(changedTo);
    const box = await (await fetch(`${inject('inboxUrl')}/api/v1/mailbox/${encodeURIComponent(unconfirmed.split('@')[0]!)}`)).json();
    expect(box).toHaveLength(2);
  });

  it('PUT /user e-mail change answers the same for a taken address, and that change can never complete', async () => {
    const me = await confirmedUser();
    const other = await confirmedUser();
    const { access_token } = await signIn(me.email);
    const headers = { authorization: `Bearer ${access_token}` };
    const free = uniqueEmail('libre');
    const a = await auth('PUT', '/user', { email: free }, headers);
    const b = await auth('PUT', '/user', { email: other.email }, headers);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(Object.keys(a.body).sort()).toEqual(Object.keys(b.body).sort());
    expect(b.body.new_email).toBe(other.email);
    // No code went to the taken address, and no guess of a code moves the account onto it.
    // (The current address is mailed for both: its owner learns nothing from his own inbox.)
    await waitForMail(me.email, { subject: 'Confirma el cambio de correo' });
    await expect(waitForMail(other.email, { subject: 'Confirma el cambio de correo', timeoutMs: 800 })).rejects.toThrow(/no mail/);
    const { rows } = await db().query('select email from auth.users where id = $1', [me.id]);
    expect(rows[0].email).toBe(me.email);
  });
  // The answer times of a registered address beside an unknown one (the password grant, sign-up,
  // /recover) are a figure of `npm run bench -- auth`, not an assertion here.
});

describe('malformed input answers 4xx, never 500', () => {
  it('NUL bytes in e-mail, password, refresh token, token hash, code and metadata', async () => {
    const { email } = await confirmedUser();
    const { access_token } = await signIn(email);
    const nul = '\u0000';
    const cases: Array<[string, string, unknown, Record<string, string>?]> = [
      ['POST', '/signup', { email: `a${nul}b@example.com`, password: PASSWORD }],
      ['POST', '/signup', { email: uniqueEmail('nul'), password: `Jugador${nul}123` }],
      ['POST', '/signup', { email: uniqueEmail('nul'), password: PASSWORD, data: { username: `x${nul}y` } }],
      ['POST', '/signup', { email: uniqueEmail('nul'), password: PASSWORD, data: { [`k${nul}`]: 1 } }],
      ['POST', '/token?grant_type=password', { email: `${email}${nul}`, password: PASSWORD }],
      ['POST', '/token?grant_type=password', { email, password: `${PASSWORD}${nul}` }],
      ['POST', '/token?grant_type=refresh_token', { refresh_token: `abc${nul}def` }],
      ['POST', '/verify', { type: 'recovery', token_hash: `abc${nul}` }],
      ['POST', '/verify', { type: 'signup', email, token: `12${nul}456` }],
      ['POST', '/recover', { email: `${nul}@example.com` }],
      ['POST', '/otp', { email, data: { a: nul } }],
      ['PUT', '/user', { data: { apodo: `x${nul}` } }, { authorization: `Bearer ${access_token}` }],
      ['GET', `/verify?type=signup&token=${encodeURIComponent(nul)}`, undefined],
    ];
    for (const [method, path, body, headers] of cases) {
      const r = await auth(method, path, body, headers);
      expect({ method, path, body, status: r.status }).toEqual({ method, path, body, status: expect.toSatisfy((s: number) => s >= 300 && s < 500) });
    }
  });

  it('JSON nested 40,000–50,000 levels deep is a 400 bad_json on /signup and PUT /user (it was a 500 RangeError)', async () => {
    const { email } = await confirmedUser();
    const headers = { authorization: `Bearer ${(await signIn(email)).access_token}` };
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    for (const [method, path, h] of [['POST', '/signup', {}], ['PUT', '/user', headers]] as const) {
      for (const body of [
        `{"email":"${uniqueEmail('hondo')}","password":"${PASSWORD}","data":{"x":${deep(50_000)}}}`,
        // 40,000 objects deep: 240 KB, under the gateway's 256 KB cap for /auth/v1 (a larger body is a 413 before auth reads it).
        `{"data":${'{"a":'.repeat(40_000)}1${'}'.repeat(40_000)}}`,
        // Brackets inside strings are not nesting.
        JSON.stringify({ ...(path === '/signup' ? { email: uniqueEmail('hondo'), password: PASSWORD } : {}), data: { apodo: `${'['.repeat(5000)}\\"{{` } }),
      ]) {
        const r = await auth(method, path, body, h);
        const shallow = body.includes('apodo');
        expect({ path, shallow, status: r.status, code: r.body.code }).toEqual(
          shallow ? { path, shallow, status: 200, code: undefined } : { path, shallow, status: 400, code: 'bad_json' },
        );
      }
    }
  });

  it('a verification type named like an Object member (constructor, __proto__, toString, hasOwnProperty) is refused as unsupported', async () => {
    for (const type of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      const get = await fetch(api(`/verify?type=${type}&token=abc&redirect_to=${encodeURIComponent('http://localhost:5173/')}`), { redirect: 'manual' });
      expect({ type, status: get.status }).toEqual({ type, status: 303 });
      expect(new URLSearchParams(new URL(get.headers.get('location')!).hash.slice(1)).get('error_code')).toBe('validation_failed');
      for (const body of [{ type, token_hash: 'abc' }, { type, token: '123456', email: uniqueEmail('proto') }]) {
        const post = await auth('POST', '/verify', body);
        expect({ type, status: post.status, code: post.body.code }).toEqual({ type, status: 400, code: 'validation_failed' });
      }
    }
  });

  it('GET /admin/users?page=-5&per_page=abc is a 400', async () => {
    const headers = { apikey: inject('serviceRoleKey'), authorization: `Bearer ${inject('serviceRoleKey')}` };
    for (const q of ['page=-5&per_page=abc', 'page=abc', 'per_page=0', 'page=1e99']) {
      const r = await auth('GET', `/admin/users?${q}`, undefined, headers);
      expect({ q, status: r.status, code: r.body.code }).toEqual({ q, status: 400, code: 'validation_failed' });
    }
    expect((await auth('GET', '/admin/users?page=1&per_page=2', undefined, headers)).status).toBe(200);
  });

  it('a validly signed token whose sub is not a UUID is a 403 bad_jwt', async () => {
    for (const sub of ['not-a-uuid', '1', "' or 1=1 --"]) {
      const r = await auth('GET', '/user', undefined, { authorization: `Bearer ${await token({ sub, role: 'authenticated', aud: 'authenticated' })}` });
      expect({ sub, status: r.status, code: r.body.code }).toEqual({ sub, status: 403, code: 'bad_jwt' });
    }
  });
});

describe('redirect_to', () => {
  it('is honoured only for the site URL and config.toml additional_redirect_urls', async () => {
    const open = async (redirect: string) => {
      const r = await fetch(api(`/verify?token=nope&type=recovery&redirect_to=${encodeURIComponent(redirect)}`), { redirect: 'manual' });
      return new URL(r.headers.get('location')!);
    };
    const allowed = await open('http://localhost:5173/reset-password');
    expect(allowed.origin + allowed.pathname).toBe('http://localhost:5173/reset-password');
    for (const evil of ['http://localhost:9999/robar', 'http://127.0.0.1:1/x', 'https://evil.example.com/reset-password', 'javascript:alert(1)']) {
      const where = await open(evil);
      expect({ evil, where: where.toString().startsWith(evil) }).toEqual({ evil, where: false });
    }

    // A recovery mail asked for an unlisted port links back to the site, not there.
    const { email } = await confirmedUser();
    expect((await auth('POST', `/recover?redirect_to=${encodeURIComponent('http://localhost:9999/robar')}`, { email })).status).toBe(200);
    const mail = await waitForMail(email, { subject: 'Restablece' });
    expect(mail.body.text).not.toContain(encodeURIComponent('http://localhost:9999'));
  });
});

describe('tokens without exp', () => {
  it('are refused by auth (user and admin) and by the gateway in front of PostgREST', async () => {
    const { id } = await confirmedUser();
    const user = await token({ sub: id, role: 'authenticated', aud: 'authenticated' }, false);
    const service = await token({ role: 'service_role', iss: 'supabase-demo' }, false);
    expect((await auth('GET', '/user', undefined, { authorization: `Bearer ${user}` })).status).toBe(403);
    expect((await auth('GET', '/admin/users', undefined, { authorization: `Bearer ${service}` })).status).toBe(403);
    for (const t of [user, service]) {
      const r = await fetch(`${inject('apiUrl')}/rest/v1/quinielas?select=id&limit=1`, { headers: { apikey: inject('anonKey'), authorization: `Bearer ${t}` } });
      expect(r.status).toBe(401);
    }
    // The same tokens with an exp pass.
    const withExp = await token({ sub: id, role: 'authenticated', aud: 'authenticated' });
    expect((await auth('GET', '/user', undefined, { authorization: `Bearer ${withExp}` })).status).toBe(200);
    expect((await fetch(`${inject('apiUrl')}/rest/v1/quinielas?select=id&limit=1`, { headers: { apikey: inject('anonKey'), authorization: `Bearer ${withExp}` } })).status).toBe(200);
  });
});
