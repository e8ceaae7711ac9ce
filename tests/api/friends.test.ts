// Friends and referrals: the friends ranking of a month against hand-computed rows, adding and
// removing friends, the 50 cap, self-referral and a second account of the same mailbox refused,
// referral clicks once per visitor and code, and the referral card's figures.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, db } from '../support/clients.ts';
import { createPlayer, type Player } from '../support/players.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);

async function roundIn(localDeadline: string) {
  const { rows } = await q(
    `insert into public.quinielas (name, week, deadline) values ('Amigos', 1, $1::timestamp at time zone 'America/Mexico_City') returning id`,
    [localDeadline],
  );
  return Number(rows[0].id);
}

async function score(player: Player, round: number, points: number, referral = 0) {
  const bonuses = referral ? [{ kind: 'referral', label: 'Referido', points: referral, username: 'x' }] : [];
  await q('insert into public.scores (user_id, quiniela_id, correct, points, bonuses) values ($1, $2, 5, $3, $4)', [player.id, round, points, JSON.stringify(bonuses)]);
}

let M: Player, R: Player, P: Player, A: Player, S: Player;
const rounds: number[] = [];

beforeAll(async () => {
  // M was referred by P and referred R; he added A; S is a stranger with the most points.
  P = await createPlayer({ username: `amg_p_${Date.now().toString(36)}` });
  [M, R, A, S] = await Promise.all([createPlayer({ username: `amg_m_${Date.now().toString(36)}` }), createPlayer(), createPlayer({ username: `amg_a_${Date.now().toString(36)}` }), createPlayer()]);
  await q('update public.profiles set referred_by = $1 where id = $2', [P.id, M.id]);
  await q('update public.profiles set referred_by = $1 where id = $2', [M.id, R.id]);
  expect((await M.client.from('friends').insert({ user_id: M.id, friend_id: A.id })).error).toBeNull();
  // March 2045, far from every other test's months.
  const march = await roundIn('2045-03-10 18:00');
  rounds.push(march);
  await score(M, march, 20);
  await score(R, march, 30);
  await score(P, march, 10);
  await score(A, march, 20);
  await score(S, march, 50);
});

afterAll(async () => {
  await q('delete from public.quinielas where id = any($1)', [rounds]);
  await db().end();
});

describe('the friends ranking', () => {
  it('ranks the month within his circle (referrals, referrer, added, himself), ties sharing', async () => {
    const { data, error } = await M.client.rpc('get_friends_leaderboard', { month_input: 3, year_input: 2045 });
    expect(error).toBeNull();
    // R 30; A and M 20 (tied 2nd, by username: amg_a before amg_m); P 10 is 4th. S is no friend.
    expect(data!.map((r) => [r.username, r.total_points, r.rank_total])).toEqual([
      [R.username, 30, 1],
      [A.username, 20, 2],
      [M.username, 20, 2],
      [P.username, 10, 4],
    ]);
    expect(Object.keys(data![0]).sort()).toEqual(
      ['club_logo_url', 'daily_points', 'favorite_club_id', 'previous_rank', 'rank_daily', 'rank_total', 'rank_weekly', 'referral_points', 'total_points', 'user_id', 'username', 'weekly_points'],
    );
  });

  it('is one-way: the added friend does not see M in his', async () => {
    const { data } = await A.client.rpc('get_friends_leaderboard', { month_input: 3, year_input: 2045 });
    expect(data!.map((r) => r.user_id)).toEqual([A.id]);
  });

  it('is for signed-in players only', async () => {
    expect((await anonClient().rpc('get_friends_leaderboard', { month_input: 3, year_input: 2045 })).error?.code).toBe('42501');
  });
});

describe('adding and removing friends', () => {
  it('refuses adding himself or for someone else; removes only his own', async () => {
    expect((await M.client.from('friends').insert({ user_id: M.id, friend_id: M.id })).error?.code).toBe('23514');
    expect((await M.client.from('friends').insert({ user_id: S.id, friend_id: M.id })).error?.code).toBe('42501');
    await S.client.from('friends').delete().eq('user_id', M.id).eq('friend_id', A.id);
    expect((await q('select count(*)::int as n from public.friends where user_id = $1 and friend_id = $2', [M.id, A.id])).rows[0].n).toBe(1);
  });

  it('stops at 50 added friends', async () => {
    const owner = await createPlayer();
    const others = await Promise.all(Array.from({ length: 51 }, () => createPlayer()));
    await q('insert into public.friends (user_id, friend_id) select $1, unnest($2::uuid[])', [owner.id, others.slice(0, 50).map((o) => o.id)]);
    const fiftyFirst = await owner.client.from('friends').insert({ user_id: owner.id, friend_id: others[50].id });
    expect(fiftyFirst.error?.code).toBe('23514');
    expect(fiftyFirst.error?.message).toContain('50 amigos');
  });

  it('finds a player by username whatever the case, for signed-in players', async () => {
    const { data } = await M.client.rpc('find_player', { username_input: `  ${A.username.toUpperCase()} ` });
    expect(data).toEqual([{ id: A.id, username: A.username, club_logo_url: null }]);
    expect((await M.client.rpc('find_player', { username_input: 'nadie_se_llama_asi' })).data).toEqual([]);
    expect((await anonClient().rpc('find_player', { username_input: A.username })).error?.code).toBe('42501');
  });
});

describe('referrals', () => {
  it('refuses a self-referral and a second account of the same mailbox', async () => {
    const tag = Date.now().toString(36);
    const referrer = await createPlayer({ email: `ana.lopez.${tag}@gmail.com` });
    await q('update public.profiles set referred_by = id where id = $1', [referrer.id]);
    expect((await q('select referred_by from public.profiles where id = $1', [referrer.id])).rows[0].referred_by).toBeNull();

    const code = (await q('select referral_code from public.profiles where id = $1', [referrer.id])).rows[0].referral_code;
    const signUp = async (email: string) => {
      const id = randomUUID();
      await q(
        `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data)
         values ($1, 'authenticated', 'authenticated', $2, now(), jsonb_build_object('username', $3::text, 'referred_by', $4::text))`,
        [id, email, `ref_${tag}_${email.length}`, code],
      );
      const profile = (await q('select referred_by from public.profiles where id = $1', [id])).rows[0];
      const tracked = (await q('select count(*)::int as n from public.referral_tracking where referred_id = $1', [id])).rows[0].n;
      return { referredBy: profile.referred_by, tracked };
    };
    // The same Gmail mailbox (dots and +tag ignored): no referrer, no tracking row.
    expect(await signUp(`AnaLopez.${tag}+otra@googlemail.com`)).toEqual({ referredBy: null, tracked: 0 });
    // Someone else with the same code is referred.
    expect(await signUp(`beto.${tag}@example.com`)).toEqual({ referredBy: referrer.id, tracked: 1 });
  });

  it('reads the mailbox a referrer signs in with now, after he changed his address', async () => {
    const tag = Date.now().toString(36);
    const referrer = await createPlayer({ email: `viejo.${tag}@example.com` });
    // What the auth server writes once the new address confirms the change.
    await q('update auth.users set email = $2 where id = $1', [referrer.id, `Nuevo.${tag}@Example.org`]);
    expect((await q('select email from public.profiles where id = $1', [referrer.id])).rows[0].email).toBe(`nuevo.${tag}@example.org`);

    const code = (await q('select referral_code from public.profiles where id = $1', [referrer.id])).rows[0].referral_code;
    const id = randomUUID();
    await q(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data)
       values ($1, 'authenticated', 'authenticated', $2, now(), jsonb_build_object('username', $3::text, 'referred_by', $4::text))`,
      [id, `nuevo.${tag}+otra@example.org`, `mb_${tag}`, code],
    );
    expect((await q('select referred_by from public.profiles where id = $1', [id])).rows[0].referred_by).toBeNull();
    expect((await q('select count(*)::int as n from public.referral_tracking where referred_id = $1', [id])).rows[0].n).toBe(0);
  });

  it('records a referral link visit once per visitor and code, whatever the letter case, and only for a code that names a player', async () => {
    const referrer = await createPlayer();
    const code = (await q('select referral_code from public.profiles where id = $1', [referrer.id])).rows[0].referral_code as string;
    const [v1, v2] = [randomUUID(), randomUUID()];
    const visit = (visitor: string | null, as = code) => anonClient().from('referral_clicks').insert({ referral_code: as, visitor_id: visitor, user_agent: 'vitest' });
    expect((await visit(v1)).error).toBeNull();
    expect((await visit(v1)).error?.code).toBe('23505');
    expect((await visit(v1, ` ${code.toLowerCase()} `)).error?.code).toBe('23505');
    expect((await visit(v2, code.toLowerCase())).error).toBeNull();
    // A visit with no visitor would never collide with another (NULLs differ): refused.
    expect((await visit(null)).error?.code).toBe('23514');
    // A code that names nobody is not stored (answered like any visit).
    const nobody = `ZZ${Date.now().toString(36).toUpperCase()}`;
    expect((await visit(randomUUID(), nobody)).error).toBeNull();
    const stored = await q('select referral_code, count(*)::int as n from public.referral_clicks where upper(referral_code) in ($1, $2) group by 1', [code, nobody]);
    expect(stored.rows).toEqual([{ referral_code: code, n: 2 }]);
  });

  it("keeps at most 1,000 visits of a code in an hour: a flood stores no more, another code's visits still count", async () => {
    const [flooded, other] = await Promise.all([createPlayer(), createPlayer()]);
    const codeOf = async (p: Player) => (await q('select referral_code from public.profiles where id = $1', [p.id])).rows[0].referral_code as string;
    const [floodCode, otherCode] = await Promise.all([codeOf(flooded), codeOf(other)]);
    const visits = (code: string, n: number) => Array.from({ length: n }, () => ({ referral_code: code, visitor_id: randomUUID(), user_agent: 'vitest' }));
    expect((await anonClient().from('referral_clicks').insert(visits(floodCode, 1200))).error).toBeNull();
    expect((await anonClient().from('referral_clicks').insert(visits(floodCode, 5))).error).toBeNull();
    expect((await anonClient().from('referral_clicks').insert(visits(otherCode, 3))).error).toBeNull();
    const count = async (code: string) => (await q('select count(*)::int as n from public.referral_clicks where referral_code = $1', [code])).rows[0].n;
    expect(await count(floodCode)).toBe(1000);
    expect(await count(otherCode)).toBe(3);
    // An hour on (the visits moved back by the database clock), the code's visits count again.
    await q(`update public.referral_clicks set created_at = now() - interval '61 minutes' where referral_code = $1`, [floodCode]);
    expect((await anonClient().from('referral_clicks').insert(visits(floodCode, 2))).error).toBeNull();
    expect(await count(floodCode)).toBe(1002);
  });

  it("gives the referral card's figures: invited, active, this month's referral points, the cap", async () => {
    const referrer = await createPlayer();
    const [played, idle] = await Promise.all([createPlayer(), createPlayer()]);
    await q('update public.profiles set referred_by = $1 where id = any($2)', [referrer.id, [played.id, idle.id]]);
    // A round of the database's current month: his referral points this month are 3.
    const { rows } = await q(`insert into public.quinielas (name, week, deadline) values ('Este mes', 1, now()) returning id`);
    const round = Number(rows[0].id);
    rounds.push(round);
    await q(`insert into public.matches (quiniela_id, match_order, home_team, away_team) values ($1, 1, 'L', 'V')`, [round]);
    await q(`insert into public.picks (user_id, match_id, result) select $1, id, 'Local' from public.matches where quiniela_id = $2`, [played.id, round]);
    await score(referrer, round, 9, 3);
    const cap = (await q(`select points::int as p from public.bonuses_for((now() at time zone 'America/Mexico_City')::date) where code = 'referral_monthly_cap'`)).rows[0].p;
    const myCode = (await q('select referral_code from public.profiles where id = $1', [referrer.id])).rows[0].referral_code;
    const { data } = await referrer.client.rpc('get_my_referral_stats');
    expect(data).toEqual([{ referral_code: myCode, invited: 2, active: 1, month_points: 3, monthly_cap: cap }]);
  });
});
