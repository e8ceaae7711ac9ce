// The local auth server through supabase-js, exactly as the app calls it: GoTrue's flows,
// status codes, error codes and JSON shapes.
import { createClient, type Session } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import ws from 'ws';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { anonClient, db, serviceClient, uniqueEmail } from '../support/clients.ts';
import { firstLink, waitForMail } from '../support/inbox.ts';
import { JWT_EXPIRY } from '../support/token-ttl.ts';

const PASSWORD = 'golazo2024';
const SIGNUP_SUBJECT = 'Confirma tu cuenta de Quinielazo';
const RECOVERY_SUBJECT = 'Restablece tu contraseña de Quinielazo';

/** Opens a mailed /auth/v1/verify link the way a browser does and returns where it redirects. */
async function openLink(link: string): Promise<{ status: number; location: URL; fragment: URLSearchParams }> {
  const r = await fetch(link, { redirect: 'manual' });
  const location = new URL(r.headers.get('location') ?? 'about:blank');
  return { status: r.status, location, fragment: new URLSearchParams(location.hash.slice(1)) };
}

async function mailCount(email: string): Promise<number> {
  const list = await (await fetch(`${inject('inboxUrl')}/api/v1/mailbox/${encodeURIComponent(email.split('@')[0])}`)).json();
  return list.length;
}

/** A confirmed player, through the real sign-up and confirmation link. */
async function confirmedPlayer(data: Record<string, unknown> = {}): Promise<{ email: string; password: string }> {
  const email = uniqueEmail();
  const { error } = await anonClient().auth.signUp({ email, password: PASSWORD, options: { data } });
  expect(error).toBeNull();
  const { status } = await openLink(firstLink(await waitForMail(email, { subject: SIGNUP_SUBJECT })));
  expect(status).toBe(303);
  return { email, password: PASSWORD };
}

async function signedIn(email: string, password = PASSWORD): Promise<{ client: ReturnType<typeof anonClient>; session: Session }> {
  const client = anonClient();
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return { client, session: data.session! };
}

afterAll(async () => {
  await db().end();
});

describe('auth: the gateway contract', () => {
  it('sends X-Supabase-Api-Version on every answer and exposes it over CORS', async () => {
    const apiUrl = inject('apiUrl');
    const ok = await fetch(`${apiUrl}/auth/v1/settings`, { headers: { apikey: inject('anonKey') } });
    expect(ok.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(ok.headers.get('access-control-expose-headers')).toContain('x-supabase-api-version');
    const failed = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: inject('anonKey'), 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email: 'nadie@example.com', password: 'x' }),
    });
    expect(failed.status).toBe(400);
    expect(failed.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await failed.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    const preflight = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-supabase-api-version');
  });

  it('answers the legacy error shape to clients that send no API version', async () => {
    const r = await fetch(`${inject('apiUrl')}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: inject('anonKey'), 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nadie@example.com', password: 'x' }),
    });
    expect(await r.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
  });

  it('refuses requests without a valid apikey, except the links opened from e-mails', async () => {
    const apiUrl = inject('apiUrl');
    const missing = await fetch(`${apiUrl}/auth/v1/settings`);
    expect(missing.status).toBe(401);
    expect((await missing.json()).message).toBe('No API key found in request');
    const wrong = await fetch(`${apiUrl}/auth/v1/settings`, { headers: { apikey: 'not-a-key' } });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toBe('Invalid API key');
    const link = await fetch(`${apiUrl}/auth/v1/verify?token=nope&type=signup&redirect_to=${encodeURIComponent('http://localhost:5173/')}`, { redirect: 'manual' });
    expect(link.status).toBe(303);
  });

  it('publishes GoTrue settings: e-mail sign-up with confirmation', async () => {
    const r = await fetch(`${inject('apiUrl')}/auth/v1/settings`, { headers: { apikey: inject('anonKey') } });
    const settings = await r.json();
    expect(settings).toMatchObject({ external: { email: true }, disable_signup: false, mailer_autoconfirm: false, phone_autoconfirm: false, sms_provider: '', saml_enabled: false });
    const health = await fetch(`${inject('apiUrl')}/auth/v1/health`, { headers: { apikey: inject('anonKey') } });
    expect(health.status).toBe(200);
  });
});

describe('auth: sign-up and confirmation', () => {
  it('stores the player, mails a Spanish confirmation link, and the link answers 303 with the session in the fragment', async () => {
    const email = uniqueEmail();
    const username = `ElTri${Date.now().toString(36)}`;
    const supabase = anonClient();
    const { data, error } = await supabase.auth.signUp({
      // GoTrue lowercases the address but does not trim it (the app trims before sending).
      email: email.toUpperCase(),
      password: PASSWORD,
      options: { data: { username, newsletter_opt_in: true }, emailRedirectTo: 'http://localhost:5173/bienvenida' },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, aud: 'authenticated', role: 'authenticated', user_metadata: { username, newsletter_opt_in: true } });
    expect(data.user!.email_confirmed_at).toBeUndefined();
    expect(data.user!.confirmation_sent_at).toBeTruthy();
    expect(data.user!.identities).toHaveLength(1);

    const row = (await db().query('select email, encrypted_password, email_confirmed_at, raw_user_meta_data from auth.users where id = $1', [data.user!.id])).rows[0];
    expect(row.email).toBe(email);
    expect(row.encrypted_password).toMatch(/^\$2a\$10\$/);
    expect(row.email_confirmed_at).toBeNull();
    expect(row.raw_user_meta_data).toMatchObject({ username, newsletter_opt_in: true });

    const before = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    expect(before.error?.code).toBe('email_not_confirmed');
    expect(before.error?.message).toBe('Email not confirmed');
    expect(before.error?.status).toBe(400);

    const mail = await waitForMail(email, { subject: SIGNUP_SUBJECT });
    expect(mail.body.text).toContain('Confirma tu correo');
    expect(mail.body.html).toContain('Confirmar mi cuenta');
    const link = firstLink(mail);
    expect(link).toMatch(new RegExp(`^${inject('apiUrl')}/auth/v1/verify\\?token=[0-9a-f]+&type=signup&redirect_to=`));

    const { status, location, fragment } = await openLink(link);
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:5173/bienvenida');
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('expires_in')).toBe(String(JWT_EXPIRY));
    expect(Number(fragment.get('expires_at'))).toBeGreaterThan(Date.now() / 1000 + JWT_EXPIRY - 100);
    expect(fragment.get('refresh_token')).toBeTruthy();
    const claims = decodeJwt(fragment.get('access_token')!);
    expect(claims).toMatchObject({ sub: data.user!.id, email, role: 'authenticated', aud: 'authenticated', aal: 'aal1', is_anonymous: false });

    const confirmed = (await db().query('select email_confirmed_at, confirmation_token from auth.users where id = $1', [data.user!.id])).rows[0];
    expect(confirmed.email_confirmed_at).not.toBeNull();
    expect(confirmed.confirmation_token).toBe('');
    // Confirming updated the row in place, so the sign-up chain's trigger made the profile.
    const profile = (await db().query('select username, newsletter_opt_in from public.profiles where id = $1', [data.user!.id])).rows[0];
    expect(profile).toEqual({ username, newsletter_opt_in: true });

    // The link works once.
    const again = await openLink(link);
    expect(again.status).toBe(303);
    expect(Object.fromEntries(again.fragment)).toMatchObject({ error: 'access_denied', error_code: 'otp_expired' });

    const after = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    expect(after.error).toBeNull();
    expect(after.data.session).toMatchObject({ token_type: 'bearer', expires_in: JWT_EXPIRY });
    expect(after.data.user?.email_confirmed_at).toBeTruthy();
  });

  it('sends redirects outside the allowed sites to the site URL', async () => {
    const email = uniqueEmail();
    await anonClient().auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: 'https://evil.example.net/robar' } });
    const { location } = await openLink(firstLink(await waitForMail(email, { subject: SIGNUP_SUBJECT })));
    expect(location.hostname).toBe('localhost'); // the platform's site URL
    expect(location.pathname).toBe('/');
  });

  it('confirms with the six-digit code from the mail through verifyOtp', async () => {
    const email = uniqueEmail();
    const supabase = anonClient();
    await supabase.auth.signUp({ email, password: PASSWORD });
    const code = /código: (\d{6})/.exec((await waitForMail(email, { subject: SIGNUP_SUBJECT })).body.text)![1];
    const wrong = await supabase.auth.verifyOtp({ email, token: code === '000000' ? '111111' : '000000', type: 'signup' });
    expect(wrong.error?.code).toBe('otp_expired');
    const { data, error } = await supabase.auth.verifyOtp({ email, token: code, type: 'signup' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeTruthy();
  });

  it('answers a repeated sign-up of a confirmed address like GoTrue: a look-alike user and no mail', async () => {
    const { email } = await confirmedPlayer();
    const mailsBefore = await mailCount(email);
    const { data, error } = await anonClient().auth.signUp({ email, password: 'otraClave99' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toEqual([]);
    const realId = (await db().query('select id from auth.users where email = $1', [email])).rows[0].id;
    expect(data.user?.id).not.toBe(realId);
    // "No mail" is shown by a later one: a recovery mail asked for after the sign-up arrives,
    // and it is the only mail since (mails to one address are delivered in order).
    expect((await anonClient().auth.resetPasswordForEmail(email)).error).toBeNull();
    await waitForMail(email, { subject: RECOVERY_SUBJECT });
    expect(await mailCount(email)).toBe(mailsBefore + 1);
  });

  it('refuses weak passwords with weak_password and its reasons, and malformed e-mails', async () => {
    const supabase = anonClient();
    const short = await supabase.auth.signUp({ email: uniqueEmail(), password: 'a1' });
    expect(short.error?.code).toBe('weak_password');
    expect(short.error?.status).toBe(422);
    expect((short.error as { reasons?: string[] }).reasons).toContain('length');
    const noDigits = await supabase.auth.signUp({ email: uniqueEmail(), password: 'solamenteletras' });
    expect(noDigits.error?.code).toBe('weak_password');
    expect((noDigits.error as { reasons?: string[] }).reasons).toEqual(['characters']);
    const badEmail = await supabase.auth.signUp({ email: 'no-es-un-correo', password: PASSWORD });
    expect(badEmail.error?.code).toBe('validation_failed');
    expect(badEmail.error?.status).toBe(400);
  });
});

describe('auth: password sign-in and sessions', () => {
  it('refuses a wrong password and an unknown account alike with invalid_credentials', async () => {
    const { email } = await confirmedPlayer();
    const supabase = anonClient();
    const wrong = await supabase.auth.signInWithPassword({ email, password: 'noEsLaClave1' });
    expect(wrong.error).toMatchObject({ code: 'invalid_credentials', message: 'Invalid login credentials', status: 400 });
    const unknown = await supabase.auth.signInWithPassword({ email: uniqueEmail('fantasma'), password: PASSWORD });
    expect(unknown.error).toMatchObject({ code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  it('issues access tokens with GoTrue claims', async () => {
    const { email } = await confirmedPlayer({ username: 'Chucky' });
    const before = Math.floor(Date.now() / 1000);
    const { session } = await signedIn(email);
    const after = Math.ceil(Date.now() / 1000);
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      aud: 'authenticated',
      iss: `${inject('apiUrl')}/auth/v1`,
      sub: session.user.id,
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { username: 'Chucky' },
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
    });
    expect(claims.exp! - claims.iat!).toBe(JWT_EXPIRY);
    // Issued during the sign-in, by the same clock.
    expect(claims.iat).toBeGreaterThanOrEqual(before);
    expect(claims.iat).toBeLessThanOrEqual(after);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    const sessionRow = await db().query('select user_id from auth.sessions where id = $1', [claims.session_id]);
    expect(sessionRow.rows[0].user_id).toBe(session.user.id);
    expect(session.expires_at).toBe(claims.exp);
  });

  it('signs in a seeded demo player, whose token reads her own profile through RLS', async () => {
    const { client, session } = await signedIn('ana@quinielazo.mx', 'Jugador123');
    const { data, error } = await client.from('profiles').select('id, email').eq('id', session.user.id).single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: session.user.id, email: 'ana@quinielazo.mx' });
  });

  it('signs in players whose hashes pgcrypto wrote', async () => {
    const email = uniqueEmail('semilla');
    await db().query(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
       values (gen_random_uuid(), 'authenticated', 'authenticated', $1, extensions.crypt('semilla123', extensions.gen_salt('bf')), now(), '{"provider":"email","providers":["email"]}', '{}')`,
      [email],
    );
    const { data, error } = await anonClient().auth.signInWithPassword({ email, password: 'semilla123' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });

  it('rotates refresh tokens, and refuses a used one outside the reuse interval, revoking the family', async () => {
    const { email } = await confirmedPlayer();
    const { client, session } = await signedIn(email);
    const first = session.refresh_token;

    const r1 = await client.auth.refreshSession({ refresh_token: first });
    expect(r1.error).toBeNull();
    const second = r1.data.session!.refresh_token;
    expect(second).not.toBe(first);
    const rows = (await db().query('select token, revoked, parent from auth.refresh_tokens where token = any($1)', [[first, second]])).rows;
    expect(rows.find((t) => t.token === first)).toMatchObject({ revoked: true });
    expect(rows.find((t) => t.token === second)).toMatchObject({ revoked: false, parent: first });

    // GoTrue's grace: the parent of the active token gets the active token back (a lost response).
    const lost = await client.auth.refreshSession({ refresh_token: first });
    expect(lost.error).toBeNull();
    expect(lost.data.session!.refresh_token).toBe(second);

    const r2 = await client.auth.refreshSession({ refresh_token: second });
    const third = r2.data.session!.refresh_token;
    expect(third).not.toBe(second);

    // Reused after the 10 s reuse interval: refused, and every token of the session revoked.
    await db().query(`update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1`, [first]);
    const reused = await anonClient().auth.refreshSession({ refresh_token: first });
    expect(reused.error).toMatchObject({ code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used', status: 400 });
    const live = (await db().query('select count(*)::int as n from auth.refresh_tokens where session_id = (select session_id from auth.refresh_tokens where token = $1) and not revoked', [first])).rows[0].n;
    expect(live).toBe(0);

    const unknown = await anonClient().auth.refreshSession({ refresh_token: 'noexiste1234' });
    expect(unknown.error).toMatchObject({ code: 'refresh_token_not_found' });
  });

  it('a refresh refuses a banned player and an expired session, and simultaneous refreshes of one token leave one live child', async () => {
    const banned = await signedIn((await confirmedPlayer()).email);
    await db().query(`update auth.users set banned_until = now() + interval '1 hour' where id = $1`, [banned.session.user.id]);
    expect((await anonClient().auth.refreshSession({ refresh_token: banned.session.refresh_token })).error).toMatchObject({ code: 'user_banned', status: 400 });

    const expired = await signedIn((await confirmedPlayer()).email);
    await db().query(`update auth.sessions set not_after = now() - interval '1 minute' where user_id = $1`, [expired.session.user.id]);
    expect((await anonClient().auth.refreshSession({ refresh_token: expired.session.refresh_token })).error).toMatchObject({ code: 'session_expired', status: 403 });

    // Five tabs of one phone refresh the same token at once: one rotates it, the others get the
    // same child back (the reuse interval), and the family keeps exactly one live token.
    const { session } = await signedIn((await confirmedPlayer()).email);
    const answers = await Promise.all(Array.from({ length: 5 }, () => anonClient().auth.refreshSession({ refresh_token: session.refresh_token })));
    expect(answers.map((a) => a.error)).toEqual([null, null, null, null, null]);
    expect(new Set(answers.map((a) => a.data.session!.refresh_token)).size).toBe(1);
    const live = (await db().query('select count(*)::int as n from auth.refresh_tokens where session_id = (select session_id from auth.refresh_tokens where token = $1) and not revoked', [session.refresh_token])).rows[0].n;
    expect(live).toBe(1);
  });

  it('signOut deletes the session: its refresh token no longer works and getUser reports the session missing', async () => {
    const { email } = await confirmedPlayer();
    const other = await signedIn(email); // a second device
    const { client, session } = await signedIn(email);

    const { error } = await client.auth.signOut({ scope: 'local' });
    expect(error).toBeNull();
    const refresh = await anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error?.code).toBe('refresh_token_not_found');
    const me = await anonClient().auth.getUser(session.access_token);
    expect(me.error?.name).toBe('AuthSessionMissingError');

    // The other device is still signed in until a global sign-out.
    const otherRefresh = await other.client.auth.refreshSession();
    expect(otherRefresh.error).toBeNull();
    await other.client.auth.signOut(); // default scope: global
    const afterGlobal = await anonClient().auth.refreshSession({ refresh_token: otherRefresh.data.session!.refresh_token });
    expect(afterGlobal.error?.code).toBe('refresh_token_not_found');
  });
});

describe('auth: the signed-in user', () => {
  it('reads and updates the user: metadata merges, same_password and weak_password are refused, a new password works', async () => {
    const { email } = await confirmedPlayer({ username: 'Cuauh', newsletter: false });
    const { client } = await signedIn(email);

    const me = await client.auth.getUser();
    expect(me.error).toBeNull();
    expect(me.data.user).toMatchObject({ email, user_metadata: { username: 'Cuauh', newsletter: false } });
    expect(Object.keys(me.data.user!)).toEqual(
      expect.arrayContaining(['id', 'aud', 'role', 'email', 'email_confirmed_at', 'confirmed_at', 'last_sign_in_at', 'app_metadata', 'user_metadata', 'identities', 'created_at', 'updated_at', 'is_anonymous']),
    );

    const data = await client.auth.updateUser({ data: { newsletter: true } });
    expect(data.error).toBeNull();
    expect(data.data.user?.user_metadata).toMatchObject({ username: 'Cuauh', newsletter: true });

    const same = await client.auth.updateUser({ password: PASSWORD });
    expect(same.error).toMatchObject({ code: 'same_password', message: 'New password should be different from the old password.', status: 422 });
    const weak = await client.auth.updateUser({ password: 'corta' });
    expect(weak.error?.code).toBe('weak_password');

    const changed = await client.auth.updateUser({ password: 'nuevaClave77' });
    expect(changed.error).toBeNull();
    const old = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(old.error?.code).toBe('invalid_credentials');
    const fresh = await anonClient().auth.signInWithPassword({ email, password: 'nuevaClave77' });
    expect(fresh.error).toBeNull();
  });

  it('changes the e-mail once both the new and the current address confirm their mailed links', async () => {
    const { email } = await confirmedPlayer();
    const { client } = await signedIn(email);
    const newEmail = uniqueEmail('nuevo');
    // A taken address answers like a free one (tests/api/attacks covers that it never completes).
    const taken = await client.auth.updateUser({ email: 'ana@quinielazo.mx' });
    expect(taken.error).toBeNull();
    expect(taken.data.user).toMatchObject({ email, new_email: 'ana@quinielazo.mx' });
    const { data, error } = await client.auth.updateUser({ email: newEmail });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, new_email: newEmail });

    // The new address alone does not change it (double confirmation, supabase/config.toml).
    const half = await openLink(firstLink(await waitForMail(newEmail, { subject: 'Confirma el cambio de correo de tu cuenta de Quinielazo' })));
    expect(half.fragment.get('message')).toBe('Confirmation link accepted. Please proceed to confirm link sent to the other email');
    expect((await anonClient().auth.signInWithPassword({ email: newEmail, password: PASSWORD })).error?.code).toBe('invalid_credentials');
    const { status, fragment } = await openLink(firstLink(await waitForMail(email, { subject: 'Confirma el cambio de correo de tu cuenta de Quinielazo' })));
    expect(status).toBe(303);
    expect(fragment.get('type')).toBe('email_change');
    expect((await anonClient().auth.signInWithPassword({ email: newEmail, password: PASSWORD })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials');
    // The profile follows: the mails go to the new address (the outbox and the scores e-mail read it).
    const profile = await db().query('select email from public.profiles where id = $1', [data.user!.id]);
    expect(profile.rows).toEqual([{ email: newEmail.toLowerCase() }]);
  });

  it('a stolen old session cannot guess the reauthentication nonce: five wrong tries kill it (beyond GoTrue, as e-mail codes)', async () => {
    // secure_password_change (supabase/config.toml): a session older than 24 h needs the mailed
    // nonce. GoTrue lets its holder try as many as he likes; here a wrong nonce counts against
    // the address's live codes (supabase/local/auth/codes.ts), and the fifth kills it.
    const { email } = await confirmedPlayer();
    const { client, session } = await signedIn(email);
    const { session_id } = decodeJwt(session.access_token) as { session_id: string };
    await db().query(`update auth.sessions set created_at = now() - interval '25 hours' where id = $1`, [session_id]);
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const mail = await waitForMail(email, { subject: 'es tu código de Quinielazo' });
    const nonce = mail.subject.slice(0, 6);
    const wrong = (n: number) => String((Number(nonce) + n) % 1_000_000).padStart(6, '0');
    for (let i = 1; i <= 5; i++) {
      expect((await client.auth.updateUser({ password: 'Adivina2026', nonce: wrong(i) })).error?.code).toBe('reauthentication_not_valid');
    }
    expect((await client.auth.updateUser({ password: 'Adivina2026', nonce })).error?.code).toBe('reauthentication_not_valid');
    // A new nonce works.
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const fresh = (await waitForMail(email, { subject: new RegExp(`^(?!${nonce})\\d{6} es tu código`) })).subject.slice(0, 6);
    expect((await client.auth.updateUser({ password: 'Adivina2026', nonce: fresh })).error).toBeNull();
  });

  it('refuses getUser without a valid token', async () => {
    const r = await fetch(`${inject('apiUrl')}/auth/v1/user`, { headers: { apikey: inject('anonKey'), 'x-supabase-api-version': '2024-01-01' } });
    expect(r.status).toBe(401);
    expect((await r.json()).code).toBe('no_authorization');
    const forged = await anonClient().auth.getUser('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl');
    expect(forged.error?.code).toBe('bad_jwt');
  });

  it('is accepted by PostgREST as the authenticated role with auth.uid() = the player', async () => {
    const { email } = await confirmedPlayer();
    const { client, session } = await signedIn(email);
    // A throw-away RPC that reports who PostgREST thinks is calling.
    await db().query(`create or replace function public.auth_test_whoami() returns jsonb language sql stable
      as $$ select jsonb_build_object('uid', auth.uid(), 'role', auth.role(), 'current_user', current_user, 'email', auth.jwt() ->> 'email') $$;
      grant execute on function public.auth_test_whoami() to anon, authenticated; notify pgrst, 'reload schema';`);
    try {
      // PostgREST sees the new function once its schema cache reloads.
      let result: { data: unknown; error: { code?: string } | null } = { data: null, error: { code: 'PGRST202' } };
      await expect
        .poll(async () => {
          result = await client.rpc('auth_test_whoami' as never);
          return result.error?.code ?? null;
        }, { timeout: 30_000 })
        .not.toBe('PGRST202');
      expect(result.error).toBeNull();
      expect(result.data).toEqual({ uid: session.user.id, role: 'authenticated', current_user: 'authenticated', email });
      const anon = await anonClient().rpc('auth_test_whoami' as never);
      expect(anon.data).toMatchObject({ uid: null, role: 'anon', current_user: 'anon' });
    } finally {
      await db().query(`drop function if exists public.auth_test_whoami(); notify pgrst, 'reload schema';`);
    }
  });
});

describe('auth: password recovery', () => {
  it('mails a recovery link whose 303 session lets the player choose a new password', async () => {
    const { email } = await confirmedPlayer();
    const supabase = anonClient();

    const unknown = await supabase.auth.resetPasswordForEmail(uniqueEmail('nadie'));
    expect(unknown.error).toBeNull();
    expect(unknown.data).toEqual({});

    const { data, error } = await supabase.auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    expect(data).toEqual({});
    const mail = await waitForMail(email, { subject: RECOVERY_SUBJECT });
    expect(mail.body.text).toContain('contraseña');
    const link = firstLink(mail);
    expect(link).toContain('type=recovery');

    const { status, location, fragment } = await openLink(link);
    expect(status).toBe(303);
    expect(location.hostname).toBe('localhost'); // the platform's site URL, at the app's reset page
    expect(location.pathname).toBe('/reset-password');
    expect(fragment.get('type')).toBe('recovery');

    const recovering = anonClient();
    const set = await recovering.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    expect(set.error).toBeNull();
    const updated = await recovering.auth.updateUser({ password: 'recuperada42' });
    expect(updated.error).toBeNull();
    const signIn = await anonClient().auth.signInWithPassword({ email, password: 'recuperada42' });
    expect(signIn.error).toBeNull();
    expect((await openLink(link)).fragment.get('error_code')).toBe('otp_expired');
  });

  it('fires PASSWORD_RECOVERY when supabase-js opens the recovery fragment URL', async () => {
    const { email } = await confirmedPlayer();
    await anonClient().auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:5173/reset-password' });
    const { location } = await openLink(firstLink(await waitForMail(email, { subject: RECOVERY_SUBJECT })));

    // supabase-js reads the URL only in a browser (window and document defined): give it a minimal one.
    const g = globalThis as Record<string, unknown>;
    g.window = { location: { href: location.toString(), hash: location.hash } };
    g.document = { visibilityState: 'visible' };
    try {
      const client = createClient(inject('apiUrl'), inject('anonKey'), {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: true },
        realtime: { transport: ws as never },
      });
      const events: { event: string; email?: string }[] = [];
      client.auth.onAuthStateChange((e, s) => {
        if (e !== 'INITIAL_SESSION') events.push({ event: e, email: s?.user.email });
      });
      await expect.poll(() => events[0], { timeout: 30_000 }).toEqual({ event: 'PASSWORD_RECOVERY', email });
    } finally {
      delete g.window;
      delete g.document;
    }
  });
});

describe('auth: PKCE and admin', () => {
  it('completes the PKCE flow: the link redirects with ?code= and the app exchanges it for a session', async () => {
    const email = uniqueEmail();
    const client = createClient(inject('apiUrl'), inject('anonKey'), {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType: 'pkce' },
      realtime: { transport: ws as never },
    });
    const { error } = await client.auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    const { status, location } = await openLink(firstLink(await waitForMail(email, { subject: SIGNUP_SUBJECT })));
    expect(status).toBe(303);
    const code = location.searchParams.get('code');
    expect(code).toBeTruthy();
    const exchanged = await client.auth.exchangeCodeForSession(code!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(email);
    const again = await client.auth.exchangeCodeForSession(code!);
    expect(again.error).not.toBeNull();
  });

  it('lets the service role create confirmed users, and nobody else', async () => {
    const email = uniqueEmail('admin');
    const { data, error } = await serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true, user_metadata: { username: 'Creado' } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { username: 'Creado' } });
    expect((await anonClient().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    const { session } = await signedIn(email);
    const r = await fetch(`${inject('apiUrl')}/auth/v1/admin/users`, {
      method: 'POST',
      headers: { apikey: inject('anonKey'), authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email: uniqueEmail(), password: PASSWORD }),
    });
    expect(r.status).toBe(403);
    expect((await r.json()).code).toBe('not_admin');

    const removed = await serviceClient().auth.admin.deleteUser(data.user!.id);
    expect(removed.error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials');
  });
});
