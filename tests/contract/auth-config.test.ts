// GoTrue's behaviour under the config.toml settings the Supabase CLI turns into its variables
// (issue 28, point 6): each test starts an auth server of its own honouring a config.toml
// written here, on the shared database, as `SUPABASE_CONFIG=<file>` makes the platform do.
// - enable_confirmations = false → GOTRUE_MAILER_AUTOCONFIRM=true: /signup answers a session
//   (internal/api/signup.go issues a password-grant token), a repeated sign-up 422 user_already_exists;
// - [auth] enable_signup = false → GOTRUE_DISABLE_SIGNUP: 422 signup_disabled;
// - [auth.email] enable_signup = false → GOTRUE_EXTERNAL_EMAIL_ENABLED=false: email_provider_disabled;
// - minimum_password_length, password_requirements → weak_password with its reasons;
// - jwt_expiry → GOTRUE_JWT_EXP; additional_redirect_urls → GOTRUE_URI_ALLOW_LIST;
// - [auth.rate_limit] email_sent → GOTRUE_RATE_LIMIT_EMAIL_SENT;
// - [auth.email] double_confirm_changes → GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED (CLI default
//   true): both addresses are mailed, and emailChangeVerify waits for both only when autoconfirm is
//   off (`!config.Mailer.Autoconfirm && …SecureEmailChangeEnabled`: supabase/auth#1820, "does
//   not seem to work" locally); false mails the new address alone;
// - [auth.email] secure_password_change → GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION
//   (CLI default false): off, an old session changes the password without a nonce.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVICE_ROLE_KEY } from '../../supabase/local/config.ts';
import { db, uniqueEmail } from '../support/clients.ts';
import { firstLink, waitForMail } from '../support/inbox.ts';
import { call, freshIp, privateAuth } from '../support/private-auth.ts';

const dirs: string[] = [];

afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
  await db().end();
});

/** An auth server honouring this config.toml (written as <tmp>/supabase/config.toml, as in a CLI project). */
async function authWith(toml: string): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'auth-config-'));
  dirs.push(root);
  await mkdir(join(root, 'supabase'));
  const file = join(root, 'supabase', 'config.toml');
  await writeFile(file, toml);
  return privateAuth({ configFile: file });
}

const AUTOCONFIRM = `
[auth]
site_url = "http://127.0.0.1:3000"
[auth.email]
enable_confirmations = false
`;

describe('GoTrue under config.toml [auth] settings', () => {
  it('GoTrue: mailer_autoconfirm=true (enable_confirmations = false) returns a session from /signup', async () => {
    const base = await authWith(AUTOCONFIRM);
    const email = uniqueEmail('autoconfirma');
    const r = await call(base, freshIp(), 'POST', '/signup', { email, password: 'secreto1' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { email, user_metadata: { email_verified: true } } });
    expect(r.body.access_token).toEqual(expect.any(String));
    expect(r.body.refresh_token).toEqual(expect.any(String));
    expect(r.body.user.email_confirmed_at).toEqual(expect.any(String));
    expect(r.body.user.last_sign_in_at).toEqual(expect.any(String));
    expect(decodeJwt(r.body.access_token)).toMatchObject({ sub: r.body.user.id, role: 'authenticated', amr: [{ method: 'password' }] });
    // The session is real: the user reads himself with it, and signs in with the password.
    const me = await call(base, freshIp(), 'GET', '/user', undefined, { authorization: `Bearer ${r.body.access_token}` });
    expect(me).toMatchObject({ status: 200, body: { id: r.body.user.id } });
    expect((await call(base, freshIp(), 'POST', '/token?grant_type=password', { email, password: 'secreto1' })).status).toBe(200);
    expect((await call(base, freshIp(), 'GET', '/settings')).body).toMatchObject({ mailer_autoconfirm: true, disable_signup: false });
  });

  it('GoTrue: with autoconfirm a repeated sign-up answers 422 user_already_exists', async () => {
    const base = await authWith(AUTOCONFIRM);
    const email = uniqueEmail('repite');
    expect((await call(base, freshIp(), 'POST', '/signup', { email, password: 'secreto1' })).status).toBe(200);
    expect(await call(base, freshIp(), 'POST', '/signup', { email, password: 'secreto2' })).toMatchObject({
      status: 422,
      body: { code: 'user_already_exists', message: 'User already registered' },
    });
  });

  it('GoTrue: disable_signup (enable_signup = false) refuses /signup and /otp for new addresses with 422 signup_disabled', async () => {
    const base = await authWith(`${AUTOCONFIRM}\n[auth.rate_limit]\nemail_sent = 10\n`.replace('[auth]', '[auth]\nenable_signup = false'));
    const refusal = { status: 422, body: { code: 'signup_disabled', message: 'Signups not allowed for this instance' } };
    expect(await call(base, freshIp(), 'POST', '/signup', { email: uniqueEmail('cerrado'), password: 'secreto1' })).toMatchObject(refusal);
    expect(await call(base, freshIp(), 'POST', '/otp', { email: uniqueEmail('cerrado') })).toMatchObject(refusal);
    expect((await call(base, freshIp(), 'GET', '/settings')).body).toMatchObject({ disable_signup: true });
    // An existing account still signs in.
    const email = uniqueEmail('existente');
    await db().query(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
       values (gen_random_uuid(), 'authenticated', 'authenticated', $1, extensions.crypt('secreto1', extensions.gen_salt('bf')), now(), '{"provider":"email","providers":["email"]}', '{}')`,
      [email],
    );
    expect((await call(base, freshIp(), 'POST', '/token?grant_type=password', { email, password: 'secreto1' })).status).toBe(200);
  });

  it('GoTrue: external email disabled ([auth.email] enable_signup = false) answers email_provider_disabled', async () => {
    const base = await authWith(AUTOCONFIRM.replace('[auth.email]', '[auth.email]\nenable_signup = false'));
    expect(await call(base, freshIp(), 'POST', '/signup', { email: uniqueEmail('sincorreo'), password: 'secreto1' })).toMatchObject({
      status: 400,
      body: { code: 'email_provider_disabled', message: 'Email signups are disabled' },
    });
    expect(await call(base, freshIp(), 'POST', '/token?grant_type=password', { email: uniqueEmail('sincorreo'), password: 'secreto1' })).toMatchObject({
      status: 422,
      body: { code: 'email_provider_disabled', message: 'Email logins are disabled' },
    });
    expect((await call(base, freshIp(), 'GET', '/settings')).body.external).toMatchObject({ email: false });
  });

  it('GoTrue: password_min_length and password_required_characters come from minimum_password_length and password_requirements', async () => {
    const base = await authWith(`${AUTOCONFIRM}`.replace('[auth]', '[auth]\nminimum_password_length = 10\npassword_requirements = "lower_upper_letters_digits"'));
    const short = await call(base, freshIp(), 'POST', '/signup', { email: uniqueEmail('clave'), password: 'Abcdefg12' });
    expect(short).toMatchObject({ status: 422, body: { code: 'weak_password', weak_password: { reasons: ['length'] } } });
    const plain = await call(base, freshIp(), 'POST', '/signup', { email: uniqueEmail('clave'), password: 'abcdefghij1' });
    expect(plain).toMatchObject({ status: 422, body: { code: 'weak_password', weak_password: { reasons: ['characters'] } } });
    expect((await call(base, freshIp(), 'POST', '/signup', { email: uniqueEmail('clave'), password: 'Abcdefghi1' })).status).toBe(200);
    // The CLI's defaults when the file says nothing: 6 characters, no required kinds.
    const loose = await authWith(AUTOCONFIRM);
    expect((await call(loose, freshIp(), 'POST', '/signup', { email: uniqueEmail('clave'), password: 'abcdef' })).status).toBe(200);
    expect(await call(loose, freshIp(), 'POST', '/signup', { email: uniqueEmail('clave'), password: 'abcde' })).toMatchObject({ status: 422, body: { code: 'weak_password' } });
  });

  it('GoTrue: JWT_EXP is [auth] jwt_expiry: the access token lives that long', async () => {
    const base = await authWith(AUTOCONFIRM.replace('[auth]', '[auth]\njwt_expiry = 120'));
    const r = await call(base, freshIp(), 'POST', '/signup', { email: uniqueEmail('corto'), password: 'secreto1' });
    expect(r.body.expires_in).toBe(120);
    const claims = decodeJwt(r.body.access_token);
    expect(claims.exp! - claims.iat!).toBe(120);
  });

  it('GoTrue: URI_ALLOW_LIST is additional_redirect_urls; anything else falls back to the site URL', async () => {
    const base = await authWith(AUTOCONFIRM.replace('[auth]', '[auth]\nadditional_redirect_urls = ["https://app.example.test/bienvenida/**"]'));
    const link = async (redirect: string) => {
      const r = await call(base, freshIp(), 'POST', '/admin/generate_link', { type: 'magiclink', email: uniqueEmail('enlace'), redirect_to: redirect }, {
        apikey: SERVICE_ROLE_KEY,
        authorization: `Bearer ${SERVICE_ROLE_KEY}`,
      });
      expect(r.status).toBe(200);
      return r.body.redirect_to;
    };
    expect(await link('https://app.example.test/bienvenida/paso/1')).toBe('https://app.example.test/bienvenida/paso/1');
    expect(await link('https://otro.example.test/bienvenida/paso/1')).toBe('http://localhost:5173');
  });

  /** A player signed up (and in) on an autoconfirm server: his access token. */
  async function autoconfirmed(base: string, email: string): Promise<string> {
    const r = await call(base, freshIp(), 'POST', '/signup', { email, password: 'secreto1' });
    expect(r.status).toBe(200);
    return r.body.access_token;
  }
  const changeOf = async (email: string) => (await db().query('select email, email_change from auth.users where lower(email) = lower($1)', [email])).rows[0];
  const followed = async (link: string) => new URLSearchParams(new URL((await fetch(link, { redirect: 'manual' })).headers.get('location')!).hash.slice(1));

  it('GoTrue: with autoconfirm, double_confirm_changes mails both addresses but either link completes the change (supabase/auth#1820)', async () => {
    const base = await authWith(AUTOCONFIRM);
    const email = uniqueEmail('doble');
    const token = await autoconfirmed(base, email);
    const newEmail = uniqueEmail('doblenuevo');
    expect((await call(base, freshIp(), 'PUT', '/user', { email: newEmail }, { authorization: `Bearer ${token}` })).status).toBe(200);
    // This file names no template: GoTrue's own, the same for both addresses.
    await waitForMail(email, { subject: 'Confirm your new email address' });
    const toNew = await waitForMail(newEmail, { subject: 'Confirm your new email address' });
    expect((await followed(firstLink(toNew))).get('type')).toBe('email_change');
    expect(await changeOf(newEmail)).toEqual({ email: newEmail, email_change: '' });
  });

  it('GoTrue: double_confirm_changes = false mails the new address alone, whose link completes the change', async () => {
    const base = await authWith(AUTOCONFIRM.replace('[auth.email]', '[auth.email]\ndouble_confirm_changes = false'));
    const email = uniqueEmail('simple');
    const token = await autoconfirmed(base, email);
    const newEmail = uniqueEmail('simplenuevo');
    expect((await call(base, freshIp(), 'PUT', '/user', { email: newEmail }, { authorization: `Bearer ${token}` })).status).toBe(200);
    const toNew = await waitForMail(newEmail, { subject: 'Confirm your new email address' });
    await expect(waitForMail(email, { subject: 'Confirm your new email address', timeoutMs: 800 })).rejects.toThrow(/no mail/);
    expect((await followed(firstLink(toNew))).get('type')).toBe('email_change');
    expect(await changeOf(newEmail)).toEqual({ email: newEmail, email_change: '' });
    // generate_link of the current address's side needs it on.
    expect(
      await call(base, freshIp(), 'POST', '/admin/generate_link', { type: 'email_change_current', email: newEmail, new_email: uniqueEmail('x') }, {
        apikey: SERVICE_ROLE_KEY,
        authorization: `Bearer ${SERVICE_ROLE_KEY}`,
      }),
    ).toMatchObject({ status: 400, body: { code: 'validation_failed', message: 'Enable secure email change to generate link for current email' } });
  });

  it('GoTrue: secure_password_change off (the CLI default): a session older than 24 h changes the password without a nonce', async () => {
    const base = await authWith(AUTOCONFIRM);
    const email = uniqueEmail('sinreauth');
    const token = await autoconfirmed(base, email);
    await db().query(`update auth.sessions set created_at = now() - interval '25 hours' where id = $1`, [decodeJwt(token).session_id]);
    expect((await call(base, freshIp(), 'PUT', '/user', { password: 'secreto2' }, { authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await call(base, freshIp(), 'POST', '/token?grant_type=password', { email, password: 'secreto2' })).status).toBe(200);
  });

  it('GoTrue: RATE_LIMIT_EMAIL_SENT is [auth.rate_limit] email_sent (mails per address per hour)', async () => {
    const base = await authWith('[auth.email]\nenable_confirmations = true\n[auth.rate_limit]\nemail_sent = 1\n');
    const email = uniqueEmail('limite-correo');
    expect((await call(base, freshIp(), 'POST', '/signup', { email, password: 'secreto1' })).status).toBe(200);
    expect(await call(base, freshIp(), 'POST', '/resend', { type: 'signup', email })).toMatchObject({ status: 429, body: { code: 'over_email_send_rate_limit' } });
  });
});
