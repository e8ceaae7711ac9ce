// The sign-up chain of docs/product.md#sign-up, in the database: the user's own sign-up metadata →
// e-mail confirmed → profile (username, opt-in, referrer, fresh referral code), preferences.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { anonClient, db, uniqueEmail } from '../support/clients.ts';
import { createPlayer, uniqueUsername } from '../support/players.ts';

const REFERRAL_CODE = /^[A-Z2-7]{8}$/;

async function insertUser(email: string, opts: { confirmed: boolean; meta?: object }): Promise<string> {
  const id = randomUUID();
  await db().query(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data)
     values ($1, 'authenticated', 'authenticated', $2, case when $3 then now() end, $4)`,
    [id, email, opts.confirmed, opts.meta ?? {}],
  );
  return id;
}

async function profileOf(id: string) {
  const { rows } = await db().query('select * from public.profiles where id = $1', [id]);
  return rows[0];
}

afterAll(async () => {
  await db().end();
});

describe('the sign-up chain', () => {
  it('turns the sign-up metadata into a profile when the e-mail is confirmed', async () => {
    const referrer = await createPlayer();
    const { rows: [{ referral_code: code }] } = await db().query('select referral_code from public.profiles where id = $1', [referrer.id]);
    const email = uniqueEmail('nuevo');
    const username = uniqueUsername('Nuevo');

    const id = await insertUser(email, { confirmed: false, meta: { username, newsletter_opt_in: true, referred_by: code.toLowerCase() } });
    expect(await profileOf(id)).toBeUndefined();

    await db().query('update auth.users set email_confirmed_at = now() where id = $1', [id]);

    const profile = await profileOf(id);
    expect(profile).toMatchObject({ username, email, newsletter_opt_in: true, referred_by: referrer.id });
    expect(profile.referral_code).toMatch(REFERRAL_CODE);
    expect(profile.referral_code).not.toBe(code);

    const tracking = await db().query('select referrer_id, awarded_points, referral_used from public.referral_tracking where referred_id = $1', [id]);
    expect(tracking.rows).toEqual([{ referrer_id: referrer.id, awarded_points: 0, referral_used: false }]);
    const prefs = await db().query('select * from public.notification_preferences where user_id = $1', [id]);
    expect(prefs.rows).toEqual([{ user_id: id, remind_quinielazo: true, remind_boost: true, new_quinielazo: true, new_blog: true, points_ready: true, news_updates: true, goal_alerts: false }]);
  });

  it('uses the sign-up metadata when a user arrives already confirmed', async () => {
    const referrer = await createPlayer();
    const { rows: [{ referral_code: code }] } = await db().query('select referral_code from public.profiles where id = $1', [referrer.id]);
    const email = uniqueEmail('directo');
    const username = uniqueUsername('Directo');
    const id = await insertUser(email, { confirmed: true, meta: { username, newsletter_opt_in: true, referred_by: code } });

    expect(await profileOf(id)).toMatchObject({ username, newsletter_opt_in: true, referred_by: referrer.id });
  });

  it('ignores an unknown referral code and creates no profile before confirmation', async () => {
    const email = uniqueEmail('sinref');
    const username = uniqueUsername('SinRef');
    const id = await insertUser(email, { confirmed: false, meta: { username, referred_by: 'NOEXISTE' } });
    expect(await profileOf(id)).toBeUndefined();

    await db().query('update auth.users set email_confirmed_at = now() where id = $1', [id]);
    expect(await profileOf(id)).toMatchObject({ username, newsletter_opt_in: false, referred_by: null });
    const tracking = await db().query('select 1 from public.referral_tracking where referred_id = $1', [id]);
    expect(tracking.rowCount).toBe(0);
  });

  it('gives a confirming user a numbered name when his name was taken meanwhile, in any case', async () => {
    const taken = await createPlayer({ username: uniqueUsername('Ocupado') });
    const id = await insertUser(uniqueEmail(), { confirmed: true, meta: { username: taken.username.toUpperCase() } });
    expect((await profileOf(id)).username).toBe(`${taken.username.toUpperCase()}2`);
  });

  it('keeps usernames unique ignoring case', async () => {
    const player = await createPlayer({ username: uniqueUsername('Pepe') });
    const other = await createPlayer();
    const { error } = await db()
      .query('update public.profiles set username = $2 where id = $1', [other.id, player.username.toLowerCase()])
      .then(() => ({ error: null }), (e) => ({ error: e }));
    expect(error?.code).toBe('23505');

    const viaApi = await other.client.from('profiles').update({ username: player.username.toUpperCase() }).eq('id', other.id);
    expect(viaApi.error?.code).toBe('23505');
  });

  it('answers check_username for visitors, ignoring case and the caller himself', async () => {
    const player = await createPlayer({ username: uniqueUsername('Libre') });
    const anon = anonClient();
    expect((await anon.rpc('check_username', { name: player.username.toUpperCase() })).data).toBe('taken');
    expect((await anon.rpc('check_username', { name: ` ${player.username} ` })).data).toBe('taken');
    expect((await anon.rpc('check_username', { name: uniqueUsername('nadie') })).data).toBe('ok');
    expect((await anon.rpc('check_username', { name: 'ab' })).data).toBe('too_short');
    expect((await player.client.rpc('check_username', { name: player.username.toUpperCase() })).data).toBe('ok');
  });

  it('shows other players only the public columns through public_profiles', async () => {
    const player = await createPlayer();
    const { data, error } = await anonClient().from('public_profiles').select('*').eq('id', player.id).single();
    expect(error).toBeNull();
    // Not who referred whom (issue 41, item 12: it named the liga owners' invitations).
    expect(Object.keys(data!).sort()).toEqual(['favorite_club_id', 'id', 'referral_code', 'username']);
    expect(data!.username).toBe(player.username);

    const other = await createPlayer();
    const direct = await other.client.from('profiles').select('email').eq('id', player.id);
    expect(direct.data).toEqual([]);
    const write = await other.client.from('public_profiles').update({ username: 'hackeado' }).eq('id', player.id);
    expect(write.error).not.toBeNull();
  });
});
