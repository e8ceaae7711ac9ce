// GoTrue's secure changes of a signed-in account (issue 42), under the product's config.toml
// ([auth.email] enable_confirmations, double_confirm_changes and secure_password_change on),
// pinned to supabase/auth's source (internal/api/reauthenticate.go, user.go, mail.go, verify.go):
// - reauthenticate(): GET /reauthenticate mails the user a six-digit nonce (the reauthentication
//   template) and answers {}; supabase-js gives `{user: null, session: null}`.
// - A password change (PUT /user) in a session created more than 24 hours ago needs it
//   (GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION): none is 400
//   reauthentication_needed "Password update requires reauthentication"; a wrong one 422
//   reauthentication_not_valid "Nonce has expired or is invalid"; a right one is used up. A
//   recent session changes it without one.
// - An e-mail change (PUT /user with email, GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED) mails the
//   email_change template to both addresses, each with its own link and code; the first one
//   confirmed answers "Confirmation link accepted. Please proceed to confirm link sent to the
//   other email" (a 303 to `#message=…&sb=` for a link, 200 {msg, code: "200"} for POST /verify)
//   and changes nothing; the second completes the change and signs in. /resend of type
//   email_change, by the current address, sends both again; admin generate_link makes each.
import { createClient, type Session } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, describe, expect, inject, it } from 'vitest';
import ws from 'ws';
import { db, uniqueEmail } from '../support/clients.ts';
import { firstLink, waitForMail, type InboxMail } from '../support/inbox.ts';

const PASSWORD = 'Golazo2026';
const CHANGE_SUBJECT = 'Confirma el cambio de correo';
const SINGLE = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

afterAll(async () => {
  await db().end();
});

const client = (key = inject('publishableKey')) =>
  createClient(inject('apiUrl'), key, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false }, realtime: { transport: ws as never } });

/** A confirmed player signed in with his password: his client and session. */
async function signedInPlayer(prefix = 'seguro'): Promise<{ email: string; api: ReturnType<typeof client>; session: Session }> {
  const email = uniqueEmail(prefix);
  const created = await client(inject('secretKey')).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  expect(created.error).toBeNull();
  const api = client();
  const { data, error } = await api.auth.signInWithPassword({ email, password: PASSWORD });
  expect(error).toBeNull();
  return { email, api, session: data.session! };
}

/** The session as if signed in 25 hours ago (its row's created_at, which GoTrue compares). */
async function ageSession(session: Session): Promise<void> {
  const { session_id } = decodeJwt(session.access_token) as { session_id: string };
  const { rowCount } = await db().query(`update auth.sessions set created_at = now() - interval '25 hours' where id = $1`, [session_id]);
  expect(rowCount).toBe(1);
}

const codeOf = (mail: InboxMail) => /<strong>(\d{6})<\/strong>/.exec(mail.body.html)?.[1] ?? '';

async function openLink(link: string): Promise<{ status: number; fragment: URLSearchParams }> {
  const r = await fetch(link, { redirect: 'manual' });
  const location = new URL(r.headers.get('location') ?? 'about:blank');
  return { status: r.status, fragment: new URLSearchParams(location.hash.slice(1)) };
}

const emailOf = async (email: string) => (await db().query('select email, email_change from auth.users where lower(email) = lower($1) or lower(email_change) = lower($1)', [email])).rows;

describe('GoTrue: reauthentication before a password change', () => {
  it('reauthenticate() mails a six-digit nonce and answers {}; supabase-js gives no user and no session', async () => {
    const { email, api, session } = await signedInPlayer();
    const r = await fetch(`${inject('apiUrl')}/auth/v1/reauthenticate`, {
      headers: { apikey: inject('publishableKey'), authorization: `Bearer ${session.access_token}`, 'x-supabase-api-version': '2024-01-01' },
    });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({});
    const mail = await waitForMail(email, { subject: 'es tu código de Quinielazo' });
    // The subject is a template too (GoTrue's default is "{{ .Token }} is your verification code").
    expect(mail.subject).toMatch(/^\d{6} es tu código de Quinielazo$/);
    expect(codeOf(mail)).toBe(mail.subject.slice(0, 6));
    expect(await api.auth.reauthenticate()).toEqual({ data: { user: null, session: null }, error: null });
  });

  it('a recent session changes the password without a nonce', async () => {
    const { email, api } = await signedInPlayer();
    expect((await api.auth.updateUser({ password: 'Reciente2026' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'Reciente2026' })).error).toBeNull();
  });

  it('a session older than 24 h: no nonce 400 reauthentication_needed, a wrong one 422 reauthentication_not_valid, the mailed one works once', async () => {
    const { email, api, session } = await signedInPlayer();
    await ageSession(session);
    const none = await api.auth.updateUser({ password: 'Vieja2026x' });
    expect(none.error).toMatchObject({ status: 400, code: 'reauthentication_needed', message: 'Password update requires reauthentication' });
    // Nothing was asked for yet: any nonce is refused.
    const early = await api.auth.updateUser({ password: 'Vieja2026x', nonce: '123456' });
    expect(early.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid', message: 'Nonce has expired or is invalid' });

    expect((await api.auth.reauthenticate()).error).toBeNull();
    const nonce = codeOf(await waitForMail(email, { subject: 'es tu código de Quinielazo' }));
    const wrong = await api.auth.updateUser({ password: 'Vieja2026x', nonce: nonce === '000000' ? '000001' : '000000' });
    expect(wrong.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    const right = await api.auth.updateUser({ password: 'Vieja2026x', nonce });
    expect(right.error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'Vieja2026x' })).error).toBeNull();
    // Used up: the same nonce cannot change it again.
    const again = await api.auth.updateUser({ password: 'Otra2026xx', nonce });
    expect(again.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
  });

  it('the nonce is checked before same_password, and a new password kills every pending code', async () => {
    const { email, api, session } = await signedInPlayer();
    await ageSession(session);
    // GoTrue's order: reauthentication first, so the same password without a nonce is 400, not 422 same_password.
    expect((await api.auth.updateUser({ password: PASSWORD })).error).toMatchObject({ code: 'reauthentication_needed' });
    expect((await api.auth.reauthenticate()).error).toBeNull();
    const nonce = codeOf(await waitForMail(email, { subject: 'es tu código de Quinielazo' }));
    expect((await api.auth.updateUser({ password: PASSWORD, nonce })).error).toMatchObject({ code: 'same_password' });
    // UpdatePassword clears the user's tokens: a recovery link asked for before the change dies.
    expect((await client().auth.resetPasswordForEmail(email)).error).toBeNull();
    const recovery = await waitForMail(email, { subject: 'Restablece tu contraseña' });
    expect((await api.auth.reauthenticate()).error).toBeNull();
    const second = codeOf(await waitForMail(email, { subject: new RegExp(`^(?!${nonce})\\d{6} es tu código`) }));
    expect((await api.auth.updateUser({ password: 'Cambiada2026', nonce: second })).error).toBeNull();
    const { fragment } = await openLink(firstLink(recovery));
    expect(fragment.get('error_code')).toBe('otp_expired');
  });
});

describe('GoTrue: an e-mail change confirmed from both addresses', () => {
  it('mails both addresses; the first link only says "proceed to the other", the second completes the change', async () => {
    const { email, api } = await signedInPlayer('antes');
    const newEmail = uniqueEmail('despues');
    const { data, error } = await api.auth.updateUser({ email: newEmail });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, new_email: newEmail });
    const toNew = await waitForMail(newEmail, { subject: CHANGE_SUBJECT });
    const toCurrent = await waitForMail(email, { subject: CHANGE_SUBJECT });
    // One template, both addresses named; a link and code of its own in each.
    for (const m of [toNew, toCurrent]) {
      expect(m.body.text).toContain(email);
      expect(m.body.text).toContain(newEmail);
      expect(new URL(firstLink(m)).searchParams.get('type')).toBe('email_change');
    }
    expect(firstLink(toNew)).not.toBe(firstLink(toCurrent));
    expect(codeOf(toNew)).not.toBe('');

    const first = await openLink(firstLink(toNew));
    expect(first.status).toBe(303);
    expect(Object.fromEntries(first.fragment)).toEqual({ message: SINGLE, sb: '' });
    expect(await emailOf(email)).toEqual([{ email, email_change: newEmail }]);
    // The same link again: used up.
    expect((await openLink(firstLink(toNew))).fragment.get('error_code')).toBe('otp_expired');

    const second = await openLink(firstLink(toCurrent));
    expect(second.status).toBe(303);
    expect(second.fragment.get('type')).toBe('email_change');
    expect(second.fragment.get('access_token')).toEqual(expect.any(String));
    expect(await emailOf(newEmail)).toEqual([{ email: newEmail, email_change: '' }]);
    const me = await client().auth.signInWithPassword({ email: newEmail, password: PASSWORD });
    expect(me.error).toBeNull();
    expect(me.data.user!.identities![0]!.identity_data).toMatchObject({ email: newEmail, email_verified: true });
  });

  it('by the six-digit codes: POST /verify answers {msg, code: "200"} first (supabase-js: no user, no session), then a session', async () => {
    const { email, api } = await signedInPlayer('codigo');
    const newEmail = uniqueEmail('codigonuevo');
    expect((await api.auth.updateUser({ email: newEmail })).error).toBeNull();
    const currentCode = codeOf(await waitForMail(email, { subject: CHANGE_SUBJECT }));
    const newCode = codeOf(await waitForMail(newEmail, { subject: CHANGE_SUBJECT }));
    const raw = await fetch(`${inject('apiUrl')}/auth/v1/verify`, {
      method: 'POST',
      headers: { apikey: inject('publishableKey'), 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ type: 'email_change', email, token: currentCode }),
    });
    expect(raw.status).toBe(200);
    expect(await raw.json()).toEqual({ msg: SINGLE, code: '200' });
    const done = await client().auth.verifyOtp({ type: 'email_change', email: newEmail, token: newCode });
    expect(done.error).toBeNull();
    expect(done.data.session?.user.email).toBe(newEmail);
    expect(await emailOf(newEmail)).toEqual([{ email: newEmail, email_change: '' }]);
  });

  it('the first confirmation through supabase-js gives no user and no session', async () => {
    const { email, api } = await signedInPlayer('sdk');
    const newEmail = uniqueEmail('sdknuevo');
    expect((await api.auth.updateUser({ email: newEmail })).error).toBeNull();
    const currentCode = codeOf(await waitForMail(email, { subject: CHANGE_SUBJECT }));
    expect(await client().auth.verifyOtp({ type: 'email_change', email, token: currentCode })).toEqual({ data: { user: null, session: null }, error: null });
    expect(await emailOf(email)).toEqual([{ email, email_change: newEmail }]);
  });

  it('/resend type email_change by the current address sends both again with new codes; the old ones die', async () => {
    const { email, api } = await signedInPlayer('reenvio');
    const newEmail = uniqueEmail('reenvionuevo');
    expect((await api.auth.updateUser({ email: newEmail })).error).toBeNull();
    const oldNew = await waitForMail(newEmail, { subject: CHANGE_SUBJECT });
    const oldCurrent = await waitForMail(email, { subject: CHANGE_SUBJECT });
    expect((await client().auth.resend({ type: 'email_change', email })).error).toBeNull();
    const isNewer = (before: InboxMail) => async (address: string) => {
      const list: Array<{ id: string; subject: string }> = await (await fetch(`${inject('inboxUrl')}/api/v1/mailbox/${encodeURIComponent(address.split('@')[0]!)}`)).json();
      return list.filter((m) => m.subject.includes(CHANGE_SUBJECT) && m.id !== before.id).length;
    };
    await expect.poll(() => isNewer(oldNew)(newEmail)).toBe(1);
    await expect.poll(() => isNewer(oldCurrent)(email)).toBe(1);
    expect((await openLink(firstLink(oldNew))).fragment.get('error_code')).toBe('otp_expired');
    const freshNew = await waitForMail(newEmail, { subject: CHANGE_SUBJECT });
    const freshCurrent = await waitForMail(email, { subject: CHANGE_SUBJECT });
    expect((await openLink(firstLink(freshNew))).fragment.get('message')).toBe(SINGLE);
    expect((await openLink(firstLink(freshCurrent))).fragment.get('type')).toBe('email_change');
    expect(await emailOf(newEmail)).toEqual([{ email: newEmail, email_change: '' }]);
  });

  it('admin generate_link: email_change_current and email_change_new each make one side; both are needed', async () => {
    const email = uniqueEmail('admincambio');
    const admin = client(inject('secretKey')).auth.admin;
    await admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const newEmail = uniqueEmail('adminnuevo');
    const current = await admin.generateLink({ type: 'email_change_current', email, newEmail });
    expect(current.error).toBeNull();
    const fresh = await admin.generateLink({ type: 'email_change_new', email, newEmail });
    expect(fresh.error).toBeNull();
    expect(fresh.data.user!.new_email).toBe(newEmail);
    expect((await openLink(current.data.properties!.action_link)).fragment.get('message')).toBe(SINGLE);
    expect(await emailOf(email)).toEqual([{ email, email_change: newEmail }]);
    expect((await openLink(fresh.data.properties!.action_link)).fragment.get('type')).toBe('email_change');
    expect(await emailOf(newEmail)).toEqual([{ email: newEmail, email_change: '' }]);
  });
});
