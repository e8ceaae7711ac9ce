// GoTrue's answers that tell a registered address from an unknown one, which the local server
// keeps so that what works here works on hosted Supabase (issue 28, point 4):
// - POST /otp with create_user: false for an unknown address: 422 otp_disabled "Signups not
//   allowed for otp" (internal/api/otp.go `shouldCreateUser`); a registered one gets 200 {}.
// - POST /signup of a confirmed address with confirmations on: 200 with `sanitizeUser`'s
//   look-alike (internal/api/signup.go): a new id, role "", identities [], the sign-up's own data.
// - The before-user-created hook runs only for a new address (signup.go calls
//   triggerBeforeUserCreated when no user was found): a registered one, confirmed or not, gets
//   200 whatever its data, so the product hook's 409 for a taken username (issue 41, point 6)
//   reaches only unknown addresses. An unconfirmed address's repeated sign-up is not judged
//   and changes nothing ("do not update the user because we can't be sure of their claimed identity").
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { db, uniqueEmail } from '../support/clients.ts';
import { createPlayer, uniqueUsername } from '../support/players.ts';

afterAll(async () => {
  await db().end();
});

async function auth(path: string, body: unknown): Promise<{ status: number; body: Record<string, any> }> {
  const r = await fetch(`${inject('apiUrl')}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: inject('anonKey'), 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: await r.json() };
}

async function confirmed(): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = uniqueEmail('contrato');
  await db().query(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ($1, 'authenticated', 'authenticated', $2, '', now(), '{"provider":"email","providers":["email"]}', '{}')`,
    [id, email],
  );
  return { id, email };
}

describe('GoTrue /otp and /signup for registered addresses', () => {
  it('/otp with create_user: false: 422 otp_disabled for an unknown address, 200 {} for a registered one', async () => {
    const { email } = await confirmed();
    expect(await auth('/otp', { email, create_user: false })).toEqual({ status: 200, body: {} });
    expect(await auth('/otp', { email: uniqueEmail('nadie'), create_user: false })).toEqual({
      status: 422,
      body: { code: 'otp_disabled', message: 'Signups not allowed for otp' },
    });
  });

  it('POST /verify of a phone code: 403 otp_expired, as GoTrue answers for a phone no account has (phone sign-in is not built)', async () => {
    // verify.go verifyUserAndToken: FindUserByPhoneChangeAndAudience / FindUserByPhoneAndAudience
    // find nobody, "Token has expired or is invalid" (auth-js's "verifyOTP fails with empty options").
    for (const type of ['sms', 'phone_change']) {
      expect(await auth('/verify', { type, phone: '+525512345678', token: '123456' })).toEqual({
        status: 403,
        body: { code: 'otp_expired', message: 'Token has expired or is invalid' },
      });
    }
  });

  it('/signup of a confirmed address: 200 with sanitizeUser\'s look-alike', async () => {
    const { id, email } = await confirmed();
    const r = await auth('/signup', { email, password: 'Golazo2024', data: { apodo: 'otro' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ aud: 'authenticated', role: '', email, phone: '', identities: [], user_metadata: { apodo: 'otro' }, app_metadata: { provider: 'email', providers: ['email'] } });
    expect(r.body.id).not.toBe(id);
    expect(r.body).not.toHaveProperty('email_confirmed_at');
    expect(r.body).not.toHaveProperty('last_sign_in_at');
  });

  it('/signup with a username the hook refuses: 409 for an unknown address, 200 for a registered one (confirmed or not), which keeps its data', async () => {
    const taken = (await createPlayer()).username;
    const data = { username: taken.toUpperCase() };
    expect(await auth('/signup', { email: uniqueEmail('nadie'), password: 'Golazo2024', data })).toMatchObject({ status: 409, body: { code: 'conflict' } });
    const { email } = await confirmed();
    expect((await auth('/signup', { email, password: 'Golazo2024', data })).status).toBe(200);
    const pending = uniqueEmail('pendiente');
    const first = await auth('/signup', { email: pending, password: 'Golazo2024', data: { username: uniqueUsername('pendi') } });
    expect(first.status).toBe(200);
    const again = await auth('/signup', { email: pending, password: 'Golazo2024', data });
    expect(again).toMatchObject({ status: 200, body: { id: first.body.id, user_metadata: first.body.user_metadata } });
    expect(await auth('/otp', { email: pending, create_user: false })).toEqual({ status: 200, body: {} });
  });
});
