// GoTrue's admin API as supabase-js's auth.admin calls it (issue 28, point 5: generate_link and
// invite answered 404, the list was oldest first, and createUser/updateUserById put identity
// keys into user_metadata). Each test names the GoTrue code it pins (supabase/auth internal/api).
import { afterAll, describe, expect, it } from 'vitest';
import { db, serviceClient, uniqueEmail } from '../support/clients.ts';
import { firstLink, waitForMail } from '../support/inbox.ts';

const PASSWORD = 'Golazo2024';
const REDIRECT = 'http://localhost:5173/inicio';

afterAll(async () => {
  await db().end();
});

const admin = () => serviceClient().auth.admin;

async function open(link: string): Promise<URLSearchParams> {
  const r = await fetch(link, { redirect: 'manual' });
  expect(r.status).toBe(303);
  return new URLSearchParams(new URL(r.headers.get('location')!).hash.slice(1));
}

describe('GoTrue admin users (admin.go)', () => {
  it('adminUsers lists newest first (created_at desc), so a new user is on page 1', async () => {
    const older = (await admin().createUser({ email: uniqueEmail('viejo'), password: PASSWORD })).data.user!;
    const newer = (await admin().createUser({ email: uniqueEmail('nuevo'), password: PASSWORD })).data.user!;
    const { data, error } = await admin().listUsers({ page: 1, perPage: 2 });
    expect(error).toBeNull();
    expect(data.users.map((u) => u.id)).toEqual([newer.id, older.id]);
  });

  it('adminUserCreate keeps user_metadata as given (email_verified only when email_confirm), identity keys in the identity', async () => {
    const plain = await admin().createUser({ email: uniqueEmail('meta'), password: PASSWORD, user_metadata: { apodo: 'Tigre' } });
    expect(plain.error).toBeNull();
    expect(plain.data.user!.user_metadata).toEqual({ apodo: 'Tigre' });
    const email = uniqueEmail('meta');
    const confirmed = (await admin().createUser({ email, password: PASSWORD, email_confirm: true, user_metadata: { apodo: 'Puma' } })).data.user!;
    expect(confirmed.user_metadata).toEqual({ apodo: 'Puma', email_verified: true });
    expect(confirmed.identities![0].identity_data).toMatchObject({ sub: confirmed.id, email });
    expect(confirmed.app_metadata).toEqual({ provider: 'email', providers: ['email'] });

    // adminUserUpdate merges user_metadata (null removes a key) and adds nothing else.
    const updated = await admin().updateUserById(plain.data.user!.id, { user_metadata: { club: 'Toluca', apodo: null } });
    expect(updated.error).toBeNull();
    expect(updated.data.user!.user_metadata).toEqual({ club: 'Toluca' });
  });
});

describe('GoTrue invite (invite.go)', () => {
  it('creates a user with the invite\'s data and no password, mails a link that confirms and signs in; a confirmed address is 422 email_exists', async () => {
    const email = uniqueEmail('invitado');
    const { data, error } = await admin().inviteUserByEmail(email, { data: { apodo: 'Invitado' }, redirectTo: REDIRECT });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { apodo: 'Invitado' } });
    expect(data.user!.invited_at).toBeTruthy();
    expect(data.user!.email_confirmed_at).toBeUndefined();

    const mail = await waitForMail(email, { subject: 'Te invitaron' });
    const link = firstLink(mail);
    expect(new URL(link).searchParams.get('type')).toBe('invite');
    const session = await open(link);
    expect(session.get('access_token')).toBeTruthy();
    expect(session.get('type')).toBe('invite');
    const { rows } = await db().query('select email_confirmed_at from auth.users where email = $1', [email]);
    expect(rows[0].email_confirmed_at).not.toBeNull();

    const again = await admin().inviteUserByEmail(email);
    expect(again.error).toMatchObject({ status: 422, code: 'email_exists' });
  });
});

describe('GoTrue generate_link (mail.go adminGenerateLink)', () => {
  it('answers the user and the link\'s properties, sends no mail, and the link and code work', async () => {
    const email = uniqueEmail('enlace');
    const signup = await admin().generateLink({ type: 'signup', email, password: PASSWORD, options: { data: { apodo: 'Enlace' }, redirectTo: REDIRECT } });
    expect(signup.error).toBeNull();
    const p = signup.data.properties!;
    expect(p.verification_type).toBe('signup');
    expect(p.email_otp).toMatch(/^\d{6}$/);
    expect(p.redirect_to).toBe(REDIRECT);
    const action = new URL(p.action_link);
    expect(action.pathname).toBe('/auth/v1/verify');
    expect(Object.fromEntries(action.searchParams)).toEqual({ token: p.hashed_token, type: 'signup', redirect_to: REDIRECT });
    expect(signup.data.user).toMatchObject({ email, user_metadata: { apodo: 'Enlace' } });
    expect((await open(p.action_link)).get('access_token')).toBeTruthy();

    // A magic link for the now confirmed user: its code signs in through verifyOtp.
    const magic = await admin().generateLink({ type: 'magiclink', email });
    expect(magic.data.properties!.verification_type).toBe('magiclink');
    const verified = await serviceClient().auth.verifyOtp({ email, token: magic.data.properties!.email_otp, type: 'magiclink' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toBeTruthy();

    // Recovery link for the user; for an unknown address 404 user_not_found.
    const recovery = await admin().generateLink({ type: 'recovery', email });
    expect((await open(recovery.data.properties!.action_link)).get('type')).toBe('recovery');
    const unknown = await admin().generateLink({ type: 'recovery', email: uniqueEmail('nadie') });
    expect(unknown.error).toMatchObject({ status: 404, code: 'user_not_found' });

    // No mail went out for any of them.
    await expect(waitForMail(email, { timeoutMs: 800 })).rejects.toThrow(/no mail/);
  });

  it('magiclink for an unknown address signs it up; email_change_new links the new address, which with double confirmation waits for the current one', async () => {
    const email = uniqueEmail('magia');
    const magic = await admin().generateLink({ type: 'magiclink', email });
    expect(magic.error).toBeNull();
    expect(magic.data.properties!.verification_type).toBe('signup');
    expect(new URL(magic.data.properties!.action_link).searchParams.get('type')).toBe('signup');
    await open(magic.data.properties!.action_link);

    const newEmail = uniqueEmail('cambio');
    const change = await admin().generateLink({ type: 'email_change_new', email, newEmail });
    expect(change.error).toBeNull();
    expect(change.data.user!.new_email).toBe(newEmail);
    // The product's config.toml confirms an e-mail change from both addresses (emailChangeVerify
    // with SecureEmailChangeEnabled and autoconfirm off): the new side alone changes nothing, and
    // the current side's link (each type sets its own token) completes it.
    const current = await admin().generateLink({ type: 'email_change_current', email, newEmail });
    expect(current.error).toBeNull();
    expect((await open(change.data.properties!.action_link)).get('message')).toBe('Confirmation link accepted. Please proceed to confirm link sent to the other email');
    const emailOf = async () => (await db().query('select email from auth.users where id = $1', [magic.data.user!.id])).rows[0].email;
    expect(await emailOf()).toBe(email);
    expect((await open(current.data.properties!.action_link)).get('type')).toBe('email_change');
    expect(await emailOf()).toBe(newEmail);
  });
});
