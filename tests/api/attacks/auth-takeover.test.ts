// Findings of the second outside attack (issue 27) on taking someone's account:
// - Sign-up pre-hijack: an attacker signed up a victim's address with his own password and
//   choices; the victim's own sign-up left them in place, so confirming gave the attacker's
//   password, username, opt-in and referral to the victim's account.
// - E-mail codes guessed by `token_hash` (sha224(email + guess)), a road that counted no wrong
//   tries, and a wrong-try count that reset every 5 minutes while a code lives an hour.
// - Anyone could lock a player out: wrong passwords from any addresses made even his right one
//   from a fresh address answer 429.
// And of the third (issue 41): the same hijack with the victim first (the newest link, the
// attacker's, gave the attacker's password); five wrong codes from anywhere killed the owner's
// mailed link too; one typo of the owner's, while a stranger hammered, made his right password 429.
// Each test runs an auth server of its own with the real limits (tests/support/private-auth.ts).
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadRateLimits, MAX_WRONG_CODES } from '../../../supabase/local/auth/limits.ts';
import { PROJECT_CONFIG_FILE } from '../../../supabase/local/config-toml.ts';
import { db, uniqueEmail } from '../../support/clients.ts';
import { firstLink, type InboxMail } from '../../support/inbox.ts';
import { createPlayer, uniqueUsername } from '../../support/players.ts';
import { call, freshIp, privateAuth } from '../../support/private-auth.ts';

const LIMITS = loadRateLimits(PROJECT_CONFIG_FILE);
const ATTACKER_PASSWORD = 'Atacante-999';
const VICTIM_PASSWORD = 'Victima-2024';

afterAll(async () => {
  await db().end();
});

/** Every mail to an address with a subject, oldest first, waiting until there are `count`. */
async function mailsTo(email: string, subject: string, count: number): Promise<InboxMail[]> {
  const inbox = inject('inboxUrl');
  const box = encodeURIComponent(email.split('@')[0].toLowerCase());
  const until = Date.now() + 30_000; // a safety net: a loaded machine delivers late, not wrongly
  for (;;) {
    const list: Array<{ id: string; subject: string; to: string[] }> = await (await fetch(`${inbox}/api/v1/mailbox/${box}`)).json();
    const hits = list.filter((m) => m.to.some((t) => t.toLowerCase() === email) && m.subject.includes(subject));
    if (hits.length >= count) return Promise.all(hits.map(async (m) => (await fetch(`${inbox}/api/v1/mailbox/${box}/${m.id}`)).json()));
    if (Date.now() > until) throw new Error(`${hits.length} of ${count} mails "${subject}" for ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const codeOf = (mail: InboxMail) => /código: (\d{6})/.exec(mail.body.text)![1];
/** The token_hash a mailed link carries (what the app hands to verifyOtp). */
const hashOf = (mail: InboxMail) => new URL(firstLink(mail)).searchParams.get('token')!;
/** What GoTrue stores and links carry: sha224(email + code), computable by anyone who guesses the code. */
const gotrueHash = (email: string, code: string) => createHash('sha224').update(email + code).digest('hex');

async function open(link: string): Promise<URLSearchParams> {
  const r = await fetch(link, { redirect: 'manual' });
  expect(r.status).toBe(303);
  return new URLSearchParams(new URL(r.headers.get('location')!).hash.slice(1));
}

async function profileOf(email: string) {
  const { rows } = await db().query(
    `select p.username, p.newsletter_opt_in, p.referred_by, (select count(*)::int from public.referral_tracking r where r.referred_id = p.id) as referrals
       from public.profiles p join auth.users u on u.id = p.id where lower(u.email) = $1`,
    [email],
  );
  return rows[0];
}

async function attackerWithCode() {
  const attacker = await createPlayer();
  const { rows } = await db().query('select referral_code from public.profiles where id = $1', [attacker.id]);
  return { attacker, code: rows[0].referral_code as string };
}

describe('attack: sign-up pre-hijack', () => {
  // Two sign-ups of one unconfirmed address: nobody can tell which is the mailbox holder's, so
  // whichever order, the newest link must give him neither password nor the stranger's choices
  // (issue 27: attacker first; issue 41: victim first, where the newest link is the attacker's).
  for (const order of ['attacker first', 'victim first'] as const) {
    it(`${order}: the newest link confirms an account with neither password nor choices, and the owner sets his own`, async () => {
      const base = await privateAuth();
      const { code } = await attackerWithCode();
      const victim = uniqueEmail('victima');
      const attackerIp = freshIp();
      const victimIp = freshIp();
      const plant = () =>
        call(base, attackerIp, 'POST', '/signup', {
          email: victim,
          password: ATTACKER_PASSWORD,
          data: { username: uniqueUsername('robad'), newsletter_opt_in: true, referred_by: code },
        });
      const own = () => call(base, victimIp, 'POST', '/signup', { email: victim, password: VICTIM_PASSWORD, data: { username: uniqueUsername('victi'), newsletter_opt_in: false } });
      for (const signUp of order === 'attacker first' ? [plant, own] : [own, plant]) expect((await signUp()).status).toBe(200);

      const [older, newest] = await mailsTo(victim, 'Confirma tu cuenta', 2);
      expect(Object.fromEntries(await open(firstLink(older)))).toMatchObject({ error: 'access_denied', error_code: 'otp_expired' });
      const session = await open(firstLink(newest));
      expect(session.get('access_token')).toBeTruthy();

      for (const [ip, password] of [[attackerIp, ATTACKER_PASSWORD], [victimIp, VICTIM_PASSWORD]]) {
        const r = await call(base, ip, 'POST', '/token?grant_type=password', { email: victim, password });
        expect({ order, password, status: r.status, code: r.body.code }).toEqual({ order, password, status: 400, code: 'invalid_credentials' });
      }
      expect(await profileOf(victim)).toMatchObject({ newsletter_opt_in: false, referred_by: null, referrals: 0, username: expect.stringMatching(/^jugador/) });

      // His way to a password: the link's session sets one.
      const set = await call(base, victimIp, 'PUT', '/user', { password: 'Propia-2025' }, { authorization: `Bearer ${session.get('access_token')}` });
      expect(set.status).toBe(200);
      expect((await call(base, victimIp, 'POST', '/token?grant_type=password', { email: victim, password: 'Propia-2025' })).status).toBe(200);
    });
  }

  it('the same password twice is one claimant: the first sign-up\'s choices stay (GoTrue does not update the user)', async () => {
    const base = await privateAuth();
    const email = uniqueEmail('dosveces');
    const username = uniqueUsername('prime');
    const ip = freshIp();
    expect((await call(base, ip, 'POST', '/signup', { email, password: VICTIM_PASSWORD, data: { username, newsletter_opt_in: true } })).status).toBe(200);
    const again = await call(base, ip, 'POST', '/signup', { email, password: VICTIM_PASSWORD, data: { username: uniqueUsername('segun'), newsletter_opt_in: false } });
    expect(again.status).toBe(200);
    const [, newest] = await mailsTo(email, 'Confirma tu cuenta', 2);
    expect((await open(firstLink(newest))).get('access_token')).toBeTruthy();
    expect((await call(base, ip, 'POST', '/token?grant_type=password', { email, password: VICTIM_PASSWORD })).status).toBe(200);
    expect(await profileOf(email)).toEqual({ username, newsletter_opt_in: true, referred_by: null, referrals: 0 });
  });

  it('confirming through a recovery or magic-link mail gives the mailbox holder an account without the unconfirmed sign-up\'s password and choices', async () => {
    const base = await privateAuth();
    const { code } = await attackerWithCode();
    for (const road of ['/recover', '/otp'] as const) {
      const victim = uniqueEmail('victima');
      const attackerIp = freshIp();
      const planted = await call(base, attackerIp, 'POST', '/signup', {
        email: victim,
        password: ATTACKER_PASSWORD,
        data: { username: uniqueUsername('robad'), newsletter_opt_in: true, referred_by: code },
      });
      expect(planted.status).toBe(200);
      expect((await call(base, freshIp(), 'POST', road, { email: victim })).status).toBe(200);
      const subject = road === '/recover' ? 'Restablece tu contraseña' : 'Confirma tu cuenta';
      const mails = await mailsTo(victim, subject, road === '/recover' ? 1 : 2);
      expect((await open(firstLink(mails.at(-1)!))).get('access_token'), road).toBeTruthy();

      const withAttackers = await call(base, attackerIp, 'POST', '/token?grant_type=password', { email: victim, password: ATTACKER_PASSWORD });
      expect({ road, status: withAttackers.status }).toEqual({ road, status: 400 });
      const profile = await profileOf(victim);
      expect({ road, ...profile }).toMatchObject({ road, newsletter_opt_in: false, referred_by: null, referrals: 0, username: expect.stringMatching(/^jugador/) });
    }
  });
});

describe('attack: guessing e-mail codes', () => {
  it('the token_hash road cannot be guessed: sha224(email + the right code) is refused, the mailed link still works', async () => {
    const base = await privateAuth();
    const victim = uniqueEmail('codigo');
    expect((await call(base, freshIp(), 'POST', '/signup', { email: victim, password: VICTIM_PASSWORD, data: { username: uniqueUsername('codig') } })).status).toBe(200);
    const [mail] = await mailsTo(victim, 'Confirma tu cuenta', 1);
    const code = codeOf(mail);
    // Wrong guesses from several addresses, each under its per-IP limit.
    for (let ip = 0; ip < 3; ip++) {
      const from = freshIp();
      for (let i = 1; i <= 10; i++) {
        const guess = String((Number(code) + ip * 10 + i) % 1_000_000).padStart(6, '0');
        expect((await call(base, from, 'POST', '/verify', { type: 'magiclink', token_hash: gotrueHash(victim, guess) })).status).toBe(403);
      }
    }
    for (const type of ['signup', 'email', 'magiclink']) {
      const right = await call(base, freshIp(), 'POST', '/verify', { type, token_hash: gotrueHash(victim, code) });
      expect({ type, status: right.status }).toEqual({ type, status: 403 });
    }
    const byLink = await call(base, freshIp(), 'POST', '/verify', { type: 'signup', token_hash: hashOf(mail) });
    expect(byLink.status).toBe(200);
    expect(byLink.body.access_token).toBeTruthy();
  });

  it(`wrong codes count for the code's whole life, across a restart: ${MAX_WRONG_CODES - 1} on one server and 1 on the next kill it`, async () => {
    const first = await privateAuth();
    const victim = uniqueEmail('codigo');
    expect((await call(first, freshIp(), 'POST', '/signup', { email: victim, password: VICTIM_PASSWORD, data: { username: uniqueUsername('codig') } })).status).toBe(200);
    const code = codeOf((await mailsTo(victim, 'Confirma tu cuenta', 1))[0]);
    const wrong = (n: number) => String((Number(code) + n) % 1_000_000).padStart(6, '0');
    const types = ['signup', 'email', 'magiclink', 'recovery', 'invite', 'email_change'];
    for (let i = 1; i < MAX_WRONG_CODES; i++) {
      const r = await call(first, freshIp(), 'POST', '/verify', { type: types[i % types.length], email: victim, token: wrong(i) });
      expect(r).toMatchObject({ status: 403, body: { code: 'otp_expired' } });
    }
    // A new server has none of the first one's memory (a restart, or a new 5-minute window).
    const second = await privateAuth();
    expect((await call(second, freshIp(), 'POST', '/verify', { type: 'recovery', email: victim, token: wrong(MAX_WRONG_CODES) })).status).toBe(403);
    const late = await call(second, freshIp(), 'POST', '/verify', { type: 'signup', email: victim, token: code });
    expect(late).toMatchObject({ status: 403, body: { code: 'otp_expired' } });
    const { rows } = await db().query('select email_confirmed_at from auth.users where email = $1', [victim]);
    expect(rows[0].email_confirmed_at).toBeNull();
  });

  it(`${MAX_WRONG_CODES - 1} wrong codes leave the right one working`, async () => {
    const base = await privateAuth();
    const email = uniqueEmail('codigo');
    expect((await call(base, freshIp(), 'POST', '/signup', { email, password: VICTIM_PASSWORD, data: { username: uniqueUsername('codig') } })).status).toBe(200);
    const code = codeOf((await mailsTo(email, 'Confirma tu cuenta', 1))[0]);
    for (let i = 1; i < MAX_WRONG_CODES; i++) {
      expect((await call(base, freshIp(), 'POST', '/verify', { type: 'signup', email, token: String((Number(code) + i) % 1e6).padStart(6, '0') })).status).toBe(403);
    }
    expect((await call(base, freshIp(), 'POST', '/verify', { type: 'signup', email, token: code })).status).toBe(200);
  });
  it(`a stranger's ${MAX_WRONG_CODES} wrong codes kill the code, never the mailed link: the owner still gets in`, async () => {
    const base = await privateAuth();
    const email = uniqueEmail('codigo');
    expect((await call(base, freshIp(), 'POST', '/signup', { email, password: VICTIM_PASSWORD, data: { username: uniqueUsername('codig') } })).status).toBe(200);
    const owner = freshIp();
    for (const [type, subject] of [['signup', 'Confirma tu cuenta'], ['recovery', 'Restablece tu contraseña']]) {
      if (type === 'recovery') expect((await call(base, owner, 'POST', '/recover', { email })).status).toBe(200);
      const [mail] = await mailsTo(email, subject, 1);
      const code = codeOf(mail);
      for (let i = 1; i <= MAX_WRONG_CODES; i++) {
        const r = await call(base, freshIp(), 'POST', '/verify', { type, email, token: String((Number(code) + i) % 1e6).padStart(6, '0') });
        expect(r.status).toBe(403);
      }
      expect(await call(base, owner, 'POST', '/verify', { type, email, token: code })).toMatchObject({ status: 403, body: { code: 'otp_expired' } });
      expect({ type, signedIn: !!(await open(firstLink(mail))).get('access_token') }).toEqual({ type, signedIn: true });
    }
  });
});

describe('attack: locking a player out', () => {
  it(`${LIMITS.sign_in_sign_ups} wrong passwords from two addresses: those get 429, the owner from a third gets in`, async () => {
    const base = await privateAuth();
    const email = uniqueEmail('cerrojo');
    expect((await call(base, freshIp(), 'POST', '/signup', { email, password: VICTIM_PASSWORD, data: { username: uniqueUsername('cerro') } })).status).toBe(200);
    await open(firstLink((await mailsTo(email, 'Confirma tu cuenta', 1))[0]));
    const attackers = [freshIp(), freshIp()];
    for (let i = 0; i < LIMITS.sign_in_sign_ups; i++) {
      const r = await call(base, attackers[i % 2], 'POST', '/token?grant_type=password', { email, password: `mala${i}clave` });
      expect(r).toMatchObject({ status: 400, body: { code: 'invalid_credentials' } });
    }
    const owner = await call(base, freshIp(), 'POST', '/token?grant_type=password', { email, password: VICTIM_PASSWORD });
    expect(owner.status).toBe(200);
    expect(owner.body.access_token).toBeTruthy();
    for (const ip of attackers) {
      expect(await call(base, ip, 'POST', '/token?grant_type=password', { email, password: 'otra1clave' })).toMatchObject({ status: 429, body: { code: 'over_request_rate_limit' } });
      // Even the right password: an address that has been failing does not learn it is right.
      expect((await call(base, ip, 'POST', '/token?grant_type=password', { email, password: VICTIM_PASSWORD })).status).toBe(429);
    }
  });
  it('a player with a typo or two still gets in from his own address while a stranger hammers his account from elsewhere', async () => {
    const base = await privateAuth();
    const email = uniqueEmail('cerrojo');
    expect((await call(base, freshIp(), 'POST', '/signup', { email, password: VICTIM_PASSWORD, data: { username: uniqueUsername('cerro') } })).status).toBe(200);
    await open(firstLink((await mailsTo(email, 'Confirma tu cuenta', 1))[0]));
    const own = freshIp();
    const typo = () => call(base, own, 'POST', '/token?grant_type=password', { email, password: 'Victima-2042' });
    expect((await typo()).status).toBe(400);
    // With his typo, the strangers' failures put the account under attack.
    const attackers = [freshIp(), freshIp()];
    for (let i = 1; i < LIMITS.sign_in_sign_ups; i++) {
      expect((await call(base, attackers[i % 2], 'POST', '/token?grant_type=password', { email, password: `mala${i}clave` })).status).toBe(400);
    }
    // His second typo is answered as a typo, and his right password lets him in.
    expect(await typo()).toMatchObject({ status: 400, body: { code: 'invalid_credentials' } });
    const right = await call(base, own, 'POST', '/token?grant_type=password', { email, password: VICTIM_PASSWORD });
    expect(right.status).toBe(200);
    for (const ip of attackers) expect((await call(base, ip, 'POST', '/token?grant_type=password', { email, password: VICTIM_PASSWORD })).status).toBe(429);
  });
});
