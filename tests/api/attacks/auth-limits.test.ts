// Findings: six-digit codes had unlimited tries (the real one still worked after 200 wrong),
// 200 wrong passwords in 32 s were followed by a working right one, and nothing limited
// sign-ups, mails, verifications or refreshes. The shared test platform raises the per-IP
// limits (its players all come from 127.0.0.1), so each test here runs an auth server of its
// own with config.toml's real [auth.rate_limit], on the same database and inbox, and talks to
// it from distinct loopback addresses (127.0.0.x) to play distinct clients.
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { loadRateLimits, MAX_WRONG_CODES } from '../../../supabase/local/auth/limits.ts';
import { PROJECT_CONFIG_FILE } from '../../../supabase/local/config-toml.ts';
import { db, uniqueEmail } from '../../support/clients.ts';
import { waitForMail } from '../../support/inbox.ts';
import { call, freshIp, privateAuth as realAuth } from '../../support/private-auth.ts';

const LIMITS = loadRateLimits(PROJECT_CONFIG_FILE);
let nextName = 0;

async function confirmedUser(password: string): Promise<string> {
  const email = uniqueEmail('limite');
  await db().query(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ($1, 'authenticated', 'authenticated', $2, extensions.crypt($3, extensions.gen_salt('bf')), now(), '{"provider":"email","providers":["email"]}', jsonb_build_object('username', $4::text))`,
    [randomUUID(), email, password, `limite_${Date.now().toString(36)}_${nextName++}`],
  );
  return email;
}

const codeIn = async (email: string) => /código: (\d{6})/.exec((await waitForMail(email, { subject: 'Confirma tu cuenta' })).body.text)![1];

describe('auth abuse limits (config.toml [auth.rate_limit])', () => {
  it(`kills an e-mail code after ${MAX_WRONG_CODES} wrong tries: the right one then fails too`, async () => {
    const base = await realAuth();
    const ip = freshIp();
    const email = uniqueEmail('codigo');
    expect((await call(base, ip, 'POST', '/signup', { email, password: 'Jugador123', data: { username: `codigo_${Date.now().toString(36)}` } })).status).toBe(200);
    const code = await codeIn(email);
    const wrong = (n: number) => String((Number(code) + n) % 1_000_000).padStart(6, '0');
    for (let i = 1; i <= MAX_WRONG_CODES; i++) {
      const r = await call(base, ip, 'POST', '/verify', { type: 'signup', email, token: wrong(i) });
      expect(r).toMatchObject({ status: 403, body: { code: 'otp_expired' } });
    }
    const late = await call(base, ip, 'POST', '/verify', { type: 'email', email, token: code });
    expect(late).toMatchObject({ status: 403, body: { code: 'otp_expired' } });
    const { rows } = await db().query('select email_confirmed_at from auth.users where email = $1', [email]);
    expect(rows[0].email_confirmed_at).toBeNull();
  });

  it('a new code after the dead one works', async () => {
    const base = await realAuth();
    const ip = freshIp();
    const email = uniqueEmail('codigo');
    await call(base, ip, 'POST', '/signup', { email, password: 'Jugador123', data: { username: `codigo_${Date.now().toString(36)}` } });
    const first = await codeIn(email);
    for (let i = 1; i <= MAX_WRONG_CODES; i++) await call(base, ip, 'POST', '/verify', { type: 'signup', email, token: String((Number(first) + i) % 1e6).padStart(6, '0') });
    await fetch(`${inject('inboxUrl')}/api/v1/mailbox/${encodeURIComponent(email.split('@')[0])}`, { method: 'DELETE' });
    expect((await call(base, ip, 'POST', '/resend', { type: 'signup', email })).status).toBe(200);
    const second = await codeIn(email);
    expect((await call(base, ip, 'POST', '/verify', { type: 'signup', email, token: second })).status).toBe(200);
  });

  it(`stops password sign-ins after ${LIMITS.sign_in_sign_ups} per IP (429 over_request_rate_limit); another IP still gets in`, async () => {
    const base = await realAuth();
    const ip = freshIp();
    for (let i = 0; i < LIMITS.sign_in_sign_ups; i++) {
      const r = await call(base, ip, 'POST', '/token?grant_type=password', { email: uniqueEmail('nadie'), password: 'x1234567' });
      expect(r.status).toBe(400);
    }
    const over = await call(base, ip, 'POST', '/token?grant_type=password', { email: uniqueEmail('nadie'), password: 'x1234567' });
    expect(over).toMatchObject({ status: 429, body: { code: 'over_request_rate_limit' } });
    const email = await confirmedUser('Jugador123');
    expect((await call(base, freshIp(), 'POST', '/token?grant_type=password', { email, password: 'Jugador123' })).status).toBe(200);
  });

  it(`sends at most ${LIMITS.email_sent} mails an hour to one address, registered or not (429 over_email_send_rate_limit)`, async () => {
    const base = await realAuth();
    const registered = await confirmedUser('Jugador123');
    const unknown = uniqueEmail('desconocido');
    for (const email of [registered, unknown]) {
      // A new IP per address, so only the per-address limit is in play.
      const ip = freshIp();
      for (let i = 0; i < LIMITS.email_sent; i++) expect((await call(base, ip, 'POST', '/recover', { email })).status).toBe(200);
      const over = await call(base, ip, 'POST', '/recover', { email });
      expect(over).toMatchObject({ status: 429, body: { code: 'over_email_send_rate_limit' } });
      // Every other mail-sending route counts against the same address.
      expect((await call(base, ip, 'POST', '/otp', { email })).status).toBe(429);
      expect((await call(base, ip, 'POST', '/resend', { type: 'signup', email })).status).toBe(429);
    }
  });

  it(`stops verifications after ${LIMITS.token_verifications} per IP`, async () => {
    const base = await realAuth();
    const ip = freshIp();
    for (let i = 0; i < LIMITS.token_verifications; i++) {
      expect((await call(base, ip, 'POST', '/verify', { type: 'recovery', token_hash: `nope${i}` })).status).toBe(403);
    }
    expect(await call(base, ip, 'POST', '/verify', { type: 'recovery', token_hash: 'nope' })).toMatchObject({ status: 429, body: { code: 'over_request_rate_limit' } });
  });

  it(`stops refresh grants after ${LIMITS.token_refresh} per IP`, async () => {
    const base = await realAuth();
    const ip = freshIp();
    for (let i = 0; i < LIMITS.token_refresh; i++) {
      expect((await call(base, ip, 'POST', '/token?grant_type=refresh_token', { refresh_token: `nope${i}` })).status).toBe(400);
    }
    expect(await call(base, ip, 'POST', '/token?grant_type=refresh_token', { refresh_token: 'nope' })).toMatchObject({ status: 429, body: { code: 'over_request_rate_limit' } });
  });
});
