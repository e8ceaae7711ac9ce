// Attack: choosing someone else's sign-up (issue 13). Today anyone could file a pending_signups
// row under a stranger's e-mail, and the stranger's own sign-up then became the attacker's
// username, newsletter consent and referral. Now the choices travel only with the sign-up
// itself (auth metadata), the auth server's hook refuses bad ones with a 4xx and a Spanish
// message, and the confirmation trigger never fails on them.
import { isAuthApiError } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { anonClient, db, serviceClient, uniqueEmail } from '../../support/clients.ts';
import { firstLink, waitForMail } from '../../support/inbox.ts';
import { createPlayer, uniqueUsername } from '../../support/players.ts';

const PASSWORD = 'golazo2024';
const SIGNUP_SUBJECT = 'Confirma tu cuenta de Quinielazo';

afterAll(async () => {
  await db().end();
});

/** Signs up through the auth server as the app does and opens the mailed confirmation link. */
async function signUpAndConfirm(email: string, data: Record<string, unknown>): Promise<string> {
  const { data: out, error } = await anonClient().auth.signUp({ email, password: PASSWORD, options: { data } });
  expect(error).toBeNull();
  const r = await fetch(firstLink(await waitForMail(email, { subject: SIGNUP_SUBJECT })), { redirect: 'manual' });
  expect(r.status).toBe(303);
  return out.user!.id;
}

async function profileOf(id: string) {
  return (await db().query('select username, newsletter_opt_in, referred_by from public.profiles where id = $1', [id])).rows[0];
}

async function signUpError(data: Record<string, unknown>) {
  const email = uniqueEmail('rechazo');
  const { error } = await anonClient().auth.signUp({ email, password: PASSWORD, options: { data } });
  const users = await db().query('select 1 from auth.users where email = $1', [email]);
  return { error, created: users.rowCount! > 0 };
}

describe('attack: sign-up integrity', () => {
  it('nobody can plant choices under someone else\'s e-mail: the victim gets what he chose', async () => {
    const attacker = await createPlayer();
    const victimEmail = uniqueEmail('victima');
    const planted = await anonClient()
      .from('pending_signups' as never)
      .insert({ email: victimEmail, username: uniqueUsername('Hacker'), newsletter_opt_in: true, referred_by: 'ATACANTE' } as never);
    expect(planted.error).not.toBeNull();
    expect(planted.status).toBeGreaterThanOrEqual(400);
    expect(planted.status).toBeLessThan(500);

    const { rows: [{ referral_code: attackerCode }] } = await db().query('select referral_code from public.profiles where id = $1', [attacker.id]);
    const signedIn = await attacker.client.from('pending_signups' as never).insert({ email: victimEmail, username: uniqueUsername('Hacker'), referred_by: attackerCode } as never);
    expect(signedIn.error).not.toBeNull();

    const username = uniqueUsername('Victim');
    const id = await signUpAndConfirm(victimEmail, { username, newsletter_opt_in: false, referred_by: null });
    expect(await profileOf(id)).toEqual({ username, newsletter_opt_in: false, referred_by: null });
  });

  it('the sign-up carries the username, opt-in and referral code into the profile', async () => {
    const referrer = await createPlayer();
    const { rows: [{ referral_code: code }] } = await db().query('select referral_code from public.profiles where id = $1', [referrer.id]);
    const username = uniqueUsername('Amigo');
    const id = await signUpAndConfirm(uniqueEmail('amigo'), { username: ` ${username} `, newsletter_opt_in: true, referred_by: code.toLowerCase() });
    expect(await profileOf(id)).toEqual({ username, newsletter_opt_in: true, referred_by: referrer.id });
  });

  it('refuses a bad username at sign-up with 400 and the rule in Spanish, creating no user', async () => {
    for (const [username, message] of [
      ['\u200B\u200B\u200B', /solo puede tener letras, números/],
      ['a'.repeat(100_000), /como máximo 20 caracteres/],
      ['ab', /al menos 3 caracteres/],
      [42, /solo puede tener letras, números/],
    ] as const) {
      const { error, created } = await signUpError({ username });
      expect(isAuthApiError(error), String(username).slice(0, 10)).toBe(true);
      expect(error!.status).toBe(400);
      expect(error!.message).toMatch(message);
      expect(created).toBe(false);
    }
  });

  it('refuses a username already taken (any case) with 409 and says so', async () => {
    const taken = await createPlayer({ username: uniqueUsername('Tomado') });
    const { error, created } = await signUpError({ username: taken.username.toUpperCase() });
    expect(error!.status).toBe(409);
    expect(error!.code).toBe('conflict');
    expect(error!.message).toBe('Ese nombre de usuario ya está en uso; elige otro.');
    expect(created).toBe(false);
  });

  it('refuses a non-boolean newsletter opt-in and a malformed referral code', async () => {
    const optIn = await signUpError({ username: uniqueUsername(), newsletter_opt_in: 'sí' });
    expect(optIn.error!.status).toBe(400);
    expect(optIn.error!.message).toMatch(/boletín/);
    expect(optIn.created).toBe(false);

    const referral = await signUpError({ username: uniqueUsername(), referred_by: { code: 'X' } });
    expect(referral.error!.status).toBe(400);
    expect(referral.error!.message).toMatch(/código de referido/);
    expect(referral.created).toBe(false);
  });

  it('an unknown referral code does not block the sign-up and refers nobody', async () => {
    const username = uniqueUsername('SinRef');
    const id = await signUpAndConfirm(uniqueEmail('sinref'), { username, referred_by: 'NOEXISTE' });
    expect(await profileOf(id)).toEqual({ username, newsletter_opt_in: false, referred_by: null });
  });

  it('a user created past the hook with bad metadata is still confirmed, with the default choices', async () => {
    const { data, error } = await serviceClient().auth.admin.createUser({
      email: uniqueEmail('admin'),
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { username: '\u200B'.repeat(3), newsletter_opt_in: 'quizá', referred_by: ['X'] },
    });
    expect(error).toBeNull();
    const id = data.user!.id;
    expect(await profileOf(id)).toEqual({ username: `jugador${id.replace(/-/g, '').slice(0, 6)}`, newsletter_opt_in: false, referred_by: null });
  });
});
