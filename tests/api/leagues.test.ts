// Ligas (issue 29): creating, joining (idempotent and race-free), leaving and the owner's
// management; the limits (20 ligas a player, 500 members a liga, 5 created an hour); the liga's
// tables against the global ranking's rows; "Faltan por jugar" and the picks side by side (never
// before the deadline, by any road); "Recordarles" once per round; account deletion's hand-over;
// the invitation riding along at sign-up; the deadline reminder naming the liga.
import { randomUUID } from 'node:crypto';
import type { PoolClient, QueryResult } from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { anonClient, db, uniqueEmail } from '../support/clients.ts';
import { createPlayer, uniqueUsername, type Player } from '../support/players.ts';

type Query = (sql: string, params?: unknown[]) => Promise<QueryResult>;
const q: Query = (sql, params = []) => db().query(sql, params);
const CODE = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/;
const rounds: number[] = [];

afterAll(async () => {
  await q('delete from public.quinielas where id = any($1)', [rounds]);
  await db().end();
});

async function create(owner: Player, name = 'Oficina', prize_note: string | null = null) {
  const { data, error } = await owner.client.rpc('create_league', { name, prize_note: prize_note ?? undefined });
  expect(error).toBeNull();
  return data![0];
}

async function join(p: Player, code: string) {
  const { data, error } = await p.client.rpc('join_league', { code });
  expect(error).toBeNull();
  return data as { league_id: string; already_member: boolean };
}

/** A liga owned by `owner` with `members` joined in order (joined_at one second apart). */
async function league(owner: Player, members: Player[], name = 'Oficina') {
  const l = await create(owner, name);
  for (const m of members) await join(m, l.code);
  await q(
    `update public.league_members m set joined_at = now() - interval '1 hour' + (x.ord * interval '1 second')
     from unnest($2::uuid[]) with ordinality as x(user_id, ord) where m.league_id = $1 and m.user_id = x.user_id`,
    [l.id, [owner.id, ...members.map((m) => m.id)]],
  );
  return l;
}

/** A round of `n` matches whose deadline is `deadlineSql` (SQL over now()); deleted after the file. */
async function round(n: number, deadlineSql: string, name = 'Jornada de ligas') {
  const r = (await q(`insert into public.quinielas (name, week, deadline) values ($1, 48, ${deadlineSql}) returning id`, [name])).rows[0];
  rounds.push(Number(r.id));
  const ids: number[] = [];
  for (let i = 1; i <= n; i++) {
    ids.push(Number((await q(`insert into public.matches (quiniela_id, match_order, home_team, away_team) values ($1, $2, 'León', 'Atlas') returning id`, [r.id, i])).rows[0].id));
  }
  return { id: Number(r.id), matchIds: ids };
}

async function pick(p: Player, matchIds: number[], result = 'Local') {
  for (const m of matchIds) await q(`insert into public.picks (user_id, match_id, result) values ($1, $2, $3)`, [p.id, m, result]);
}

async function members(leagueId: string): Promise<string[]> {
  return (await q('select user_id from public.league_members where league_id = $1 order by joined_at, user_id', [leagueId])).rows.map((r) => r.user_id);
}

/** Runs `fn` in a transaction rolled back afterwards (queueing functions write for every player). */
async function rolledBack<T>(fn: (tq: Query, c: PoolClient) => Promise<T>): Promise<T> {
  const client = await db().connect();
  try {
    await client.query('begin');
    return await fn((sql, params = []) => client.query(sql, params), client);
  } finally {
    await client.query('rollback');
    client.release();
  }
}

describe('creating a liga', () => {
  it('answers an id and an 8-character code without look-alikes; the owner is its first member', async () => {
    const owner = await createPlayer();
    const l = await create(owner, 'Oficina', 'El último paga los tacos');
    expect(l.code).toMatch(CODE);
    const row = (await q('select name, prize_note, owner_id, code from public.leagues where id = $1', [l.id])).rows[0];
    expect(row).toEqual({ name: 'Oficina', prize_note: 'El último paga los tacos', owner_id: owner.id, code: l.code });
    expect(await members(l.id)).toEqual([owner.id]);
  });

  it('normalises the name like usernames (NFKC, trimmed, invisible characters out, one space)', async () => {
    const owner = await createPlayer();
    const l = await create(owner, '  Ｏficina\u200B   de\u00A0ventas \u3000', '  \u200B ');
    expect((await q('select name, prize_note from public.leagues where id = $1', [l.id])).rows[0]).toEqual({ name: 'Oficina de ventas', prize_note: null });
  });

  it('refuses names under 3 or over 40 visible characters and prize lines over 120, in Spanish', async () => {
    const owner = await createPlayer();
    const cases: [string, string | undefined, string, string][] = [
      ['a\u200Bb\u200B ', undefined, 'league_name_too_short', 'El nombre de la liga debe tener al menos 3 caracteres.'],
      ['x'.repeat(41), undefined, 'league_name_too_long', 'El nombre de la liga puede tener como máximo 40 caracteres.'],
      ['Familia', 'y'.repeat(121), 'prize_note_too_long', 'El premio de la liga puede tener como máximo 120 caracteres.'],
    ];
    for (const [name, prize_note, hint, message] of cases) {
      const { error } = await owner.client.rpc('create_league', { name, prize_note });
      expect(error).toMatchObject({ code: '23514', hint, message });
    }
    expect((await owner.client.rpc('create_league', { name: 'x'.repeat(40), prize_note: 'y'.repeat(120) })).error).toBeNull();
  });

  it('is for signed-in players only', async () => {
    expect((await anonClient().rpc('create_league', { name: 'Visitantes' })).error?.code).toBe('42501');
  });

  it('allows 5 ligas an hour per player (handing them to others does not reset it)', async () => {
    const owner = await createPlayer();
    const heir = await createPlayer();
    for (let i = 0; i < 5; i++) {
      const l = await create(owner, `Liga ${i}`);
      if (i === 0) {
        await join(heir, l.code);
        expect((await owner.client.rpc('transfer_league', { league_id: l.id, new_owner: heir.id })).error).toBeNull();
      }
    }
    const { error } = await owner.client.rpc('create_league', { name: 'Sexta' });
    expect(error).toMatchObject({ code: 'QZ429', hint: 'league_create_rate' });
    expect(error!.message).toBe('Ya creaste 5 ligas en la última hora. Espera un rato para crear otra.');
    await q(`update public.leagues set created_at = now() - interval '61 minutes' where created_by = $1`, [owner.id]);
    expect((await owner.client.rpc('create_league', { name: 'Sexta' })).error).toBeNull();
  });
});

describe('joining', () => {
  it('joins by code in any case, and a second join answers already_member', async () => {
    const owner = await createPlayer();
    const p = await createPlayer();
    const l = await create(owner);
    expect(await join(p, l.code.toLowerCase())).toEqual({ league_id: l.id, already_member: false });
    expect(await join(p, ` ${l.code} `)).toEqual({ league_id: l.id, already_member: true });
    expect(await members(l.id)).toEqual([owner.id, p.id]);
  });

  it('is race-free: two taps at once make one membership, one of them already_member', async () => {
    const owner = await createPlayer();
    const p = await createPlayer();
    const l = await create(owner);
    const both = await Promise.all([p.client.rpc('join_league', { code: l.code }), p.client.rpc('join_league', { code: l.code })]);
    expect(both.map((r) => r.error)).toEqual([null, null]);
    expect(both.map((r) => (r.data as { already_member: boolean }).already_member).sort()).toEqual([false, true]);
    expect((await q('select count(*)::int as n from public.league_members where league_id = $1 and user_id = $2', [l.id, p.id])).rows[0].n).toBe(1);
  });

  it('refuses an unknown code in Spanish', async () => {
    const p = await createPlayer();
    const { error } = await p.client.rpc('join_league', { code: 'ZZZZZZZZ' });
    expect(error).toMatchObject({ code: 'P0002', hint: 'league_not_found', message: 'Esta invitación ya no es válida: pide un enlace nuevo a quien te invitó.' });
  });

  it('holds a player to 20 ligas (created or joined)', async () => {
    const p = await createPlayer();
    const owner = await createPlayer();
    const codes: string[] = [];
    // Ligas made straight in the database: the creation rate limit is not what is tested here.
    for (let i = 0; i < 21; i++) {
      const row = (await q(`insert into public.leagues (name, code, owner_id, created_by) values ($1, $2, $3, $3) returning id, code`, [`Liga ${i}`, randomCode(), owner.id])).rows[0];
      await q('insert into public.league_members (league_id, user_id) values ($1, $2)', [row.id, owner.id]);
      codes.push(row.code);
    }
    for (const code of codes.slice(0, 20)) await join(p, code);
    const { error } = await p.client.rpc('join_league', { code: codes[20] });
    expect(error).toMatchObject({ code: '23514', hint: 'too_many_leagues', message: 'Ya estás en 20 ligas, el máximo: sal de una para entrar a otra.' });
    expect((await p.client.rpc('create_league', { name: 'Vigésima primera' })).error).toMatchObject({ code: '23514', hint: 'too_many_leagues' });
    // Already in one of them: still idempotent at the limit.
    expect(await join(p, codes[0])).toMatchObject({ already_member: true });
  });

  it('holds a liga to 500 members, also when the last two places are taken at once', async () => {
    const owner = await createPlayer();
    const l = await create(owner);
    const batch = randomUUID().slice(0, 8);
    await q(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data)
       select gen_random_uuid(), 'authenticated', 'authenticated', format('liga.%s.%s@example.com', $1::text, i), now(),
              jsonb_build_object('username', format('lg%s_%s', $1::text, i))
       from generate_series(1, 498) i`,
      [batch],
    );
    await q(
      `insert into public.league_members (league_id, user_id)
       select $1, p.id from public.profiles p where p.email like format('liga.%s.%%@example.com', $2::text)`,
      [l.id, batch],
    );
    expect((await members(l.id)).length).toBe(499);
    const [a, b] = await Promise.all([createPlayer(), createPlayer()]);
    const both = await Promise.all([a.client.rpc('join_league', { code: l.code }), b.client.rpc('join_league', { code: l.code })]);
    expect(both.filter((r) => r.error === null)).toHaveLength(1);
    expect(both.find((r) => r.error)!.error).toMatchObject({ code: '23514', hint: 'league_full', message: 'Esta liga ya tiene 500 miembros, el máximo.' });
    expect((await members(l.id)).length).toBe(500);
  });
});

function randomCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 8 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
}

describe('the invitation page', () => {
  it('shows visitors the liga, its owner, how many play and this week\'s round, never who', async () => {
    const owner = await createPlayer();
    const p = await createPlayer();
    const l = await create(owner, 'Familia', 'La comida del domingo');
    await join(p, l.code);
    const { data, error } = await anonClient().rpc('get_league_preview', { code: l.code.toLowerCase() });
    expect(error).toBeNull();
    const current = (await q(`select id, name, deadline from public.quinielas where deadline > now() and not results_saved order by deadline, id limit 1`)).rows[0];
    expect(data).toEqual([{
      league_id: l.id, name: 'Familia', prize_note: 'La comida del domingo', owner_username: owner.username, member_count: 2, is_member: false,
      quiniela_id: current ? Number(current.id) : null, quiniela_name: current?.name ?? null, deadline: current ? expect.any(String) : null,
    }]);
    expect((await p.client.rpc('get_league_preview', { code: l.code })).data![0].is_member).toBe(true);
    expect((await anonClient().rpc('get_league_preview', { code: 'ZZZZZZZZ' })).data).toEqual([]);
  });
});

describe('leaving and the owner\'s management', () => {
  it('lets a member leave; the owner leaves only when alone (the liga goes)', async () => {
    const owner = await createPlayer();
    const p = await createPlayer();
    const l = await league(owner, [p]);
    expect((await owner.client.rpc('leave_league', { league_id: l.id })).error).toMatchObject({ code: '23514', hint: 'league_owner_cannot_leave' });
    expect((await p.client.rpc('leave_league', { league_id: l.id })).error).toBeNull();
    expect(await members(l.id)).toEqual([owner.id]);
    expect((await p.client.rpc('leave_league', { league_id: l.id })).error).toMatchObject({ code: '42501', hint: 'not_league_member' });
    expect((await owner.client.rpc('leave_league', { league_id: l.id })).error).toBeNull();
    expect((await q('select count(*)::int as n from public.leagues where id = $1', [l.id])).rows[0].n).toBe(0);
  });

  it('lets only the owner rename, set the prize, remove, renew, transfer and delete', async () => {
    const owner = await createPlayer();
    const [p, r] = [await createPlayer(), await createPlayer()];
    const l = await league(owner, [p, r]);
    const calls = [
      ['update_league', { league_id: l.id, name: 'Robada' }],
      ['remove_league_member', { league_id: l.id, user_id: r.id }],
      ['renew_league_code', { league_id: l.id }],
      ['transfer_league', { league_id: l.id, new_owner: p.id }],
      ['delete_league', { league_id: l.id }],
      ['remind_league_missing', { league_id: l.id, quiniela_id: 1 }],
    ] as const;
    for (const [fn, args] of calls) {
      const { error } = await p.client.rpc(fn, args as never);
      expect(error, fn).toMatchObject({ code: '42501', hint: 'not_league_owner', message: 'Solo quien organiza la liga puede hacer esto.' });
    }
    expect((await q('select name, owner_id from public.leagues where id = $1', [l.id])).rows[0]).toEqual({ name: 'Oficina', owner_id: owner.id });
    expect((await owner.client.rpc('update_league', { league_id: l.id, name: ' Oficina  2 ', prize_note: 'Tacos' })).error).toBeNull();
    expect((await q('select name, prize_note from public.leagues where id = $1', [l.id])).rows[0]).toEqual({ name: 'Oficina 2', prize_note: 'Tacos' });
    expect((await owner.client.rpc('update_league', { league_id: l.id, name: 'ab' })).error).toMatchObject({ code: '23514', hint: 'league_name_too_short' });
    expect((await owner.client.rpc('remove_league_member', { league_id: l.id, user_id: owner.id })).error).toMatchObject({ hint: 'league_owner_cannot_leave' });
    expect((await owner.client.rpc('remove_league_member', { league_id: l.id, user_id: r.id })).error).toBeNull();
    expect(await members(l.id)).toEqual([owner.id, p.id]);
  });

  it('renewing the code kills old links: a removed member cannot come back with the old one', async () => {
    const owner = await createPlayer();
    const p = await createPlayer();
    const l = await league(owner, [p]);
    expect((await owner.client.rpc('remove_league_member', { league_id: l.id, user_id: p.id })).error).toBeNull();
    const { data: fresh, error } = await owner.client.rpc('renew_league_code', { league_id: l.id });
    expect(error).toBeNull();
    expect(fresh).toMatch(CODE);
    expect(fresh).not.toBe(l.code);
    expect((await p.client.rpc('join_league', { code: l.code })).error).toMatchObject({ code: 'P0002', hint: 'league_not_found' });
    expect((await anonClient().rpc('get_league_preview', { code: l.code })).data).toEqual([]);
    expect(await members(l.id)).toEqual([owner.id]);
    expect(await join(p, fresh!)).toEqual({ league_id: l.id, already_member: false });
  });

  it('hands the liga only to a member; the old owner is then a member like the rest', async () => {
    const owner = await createPlayer();
    const [p, stranger] = [await createPlayer(), await createPlayer()];
    const l = await league(owner, [p]);
    expect((await owner.client.rpc('transfer_league', { league_id: l.id, new_owner: stranger.id })).error).toMatchObject({ code: '23514', hint: 'new_owner_not_member' });
    expect((await owner.client.rpc('transfer_league', { league_id: l.id, new_owner: p.id })).error).toBeNull();
    expect((await q('select owner_id from public.leagues where id = $1', [l.id])).rows[0].owner_id).toBe(p.id);
    expect((await owner.client.rpc('renew_league_code', { league_id: l.id })).error).toMatchObject({ hint: 'not_league_owner' });
    expect((await owner.client.rpc('leave_league', { league_id: l.id })).error).toBeNull();
  });

  it('deletes the liga with its memberships; nobody\'s points change', async () => {
    const owner = await createPlayer();
    const p = await createPlayer();
    const l = await league(owner, [p]);
    expect((await owner.client.rpc('delete_league', { league_id: l.id })).error).toBeNull();
    expect((await q('select count(*)::int as n from public.league_members where league_id = $1', [l.id])).rows[0].n).toBe(0);
    expect((await p.client.rpc('get_league_standings', { league_id: l.id, month_input: 1, year_input: 2047 })).error).toMatchObject({ code: '42501', hint: 'not_league_member' });
  });
});

describe('the liga\'s tables', () => {
  // July 2047 (and June before it), months no other test scores.
  it('reads the month from the global ranking\'s rows, ranked within the liga (ties share), with last month\'s position', async () => {
    const owner = await createPlayer();
    const [a, b, c, outsider] = [await createPlayer(), await createPlayer(), await createPlayer(), await createPlayer()];
    const l = await league(owner, [a, b, c]);
    const june = await round(1, `'2047-06-12 18:00'::timestamp at time zone 'America/Mexico_City'`);
    const july = await round(1, `'2047-07-10 18:00'::timestamp at time zone 'America/Mexico_City'`);
    const boost = Number((await q(`insert into public.daily_games (game_date, lock_date, game_type, question) values ('2047-07-11', '2047-07-11 20:00Z', 'yesno', '¿Gana?') returning id`)).rows[0].id);
    // July: owner 10+3 Boost, a 13, b 8, c nothing; the outsider 50 (not in the liga). June: b 20, a 5.
    for (const [p, pts] of [[owner, 10], [a, 13], [b, 8], [outsider, 50]] as const) {
      await q('insert into public.scores (user_id, quiniela_id, correct, points) values ($1, $2, 5, $3)', [p.id, july.id, pts]);
    }
    await q('insert into public.daily_scores (user_id, daily_game_id, points) values ($1, $2, 3)', [owner.id, boost]);
    await q('insert into public.scores (user_id, quiniela_id, correct, points) values ($1, $2, 5, 20), ($3, $2, 5, 5)', [b.id, june.id, a.id]);
    try {
      const { data, error } = await a.client.rpc('get_league_standings', { league_id: l.id, month_input: 7, year_input: 2047 });
      expect(error).toBeNull();
      // a and the owner tie on 13 (rank 1 both, by username); last month b was 1st, a 2nd in the liga.
      // No points in a ranking, no place in it: each rank is null at 0 (issue 44), c's every one.
      const tied = [a, owner].sort((x, y) => (x.username < y.username ? -1 : 1));
      const row = (p: Player) => ({ [a.id]: [13, 13, 0, 1, 1, null, 2], [owner.id]: [13, 10, 3, 1, 2, 1, null] })[p.id];
      expect(data!.map((r) => [r.user_id, r.total_points, r.weekly_points, r.daily_points, r.rank_total, r.rank_weekly, r.rank_daily, r.previous_rank])).toEqual([
        [tied[0].id, ...row(tied[0])],
        [tied[1].id, ...row(tied[1])],
        [b.id, 8, 8, 0, 3, 3, null, 1],
        [c.id, 0, 0, 0, null, null, null, null],
      ]);
      // The same columns as get_monthly_leaderboard, and the same figures as its rows.
      const { data: global } = await a.client.rpc('get_monthly_leaderboard', { month_input: 7, year_input: 2047, user_id_input: a.id });
      expect(Object.keys(data![0]).sort()).toEqual(Object.keys(global![0]).sort());
      expect(data!.find((r) => r.user_id === a.id)).toMatchObject({ total_points: global![0].total_points, weekly_points: global![0].weekly_points, username: a.username });

      // A page: the first rows, then the caller's own row wherever it falls; a tie at the page's
      // edge is ordered by name, as in the whole table.
      const page = async (p: Player, limit: number, fn: 'get_league_standings' | 'get_league_boost_standings' = 'get_league_standings') =>
        (await p.client.rpc(fn, { league_id: l.id, month_input: 7, year_input: 2047, limit_input: limit })).data!.map((r) => [r.user_id, fn === 'get_league_standings' ? r.rank_total : r.rank_daily]);
      expect(await page(c, 1)).toEqual([[tied[0].id, 1], [c.id, null]]);
      expect(await page(tied[1], 1)).toEqual([[tied[0].id, 1], [tied[1].id, 1]]);
      expect(await page(tied[0], 2)).toEqual([[tied[0].id, 1], [tied[1].id, 1]]);
      expect(await page(b, 1, 'get_league_boost_standings')).toEqual([[owner.id, 1], [b.id, null]]);
      expect(await page(c, 10)).toHaveLength(4);

      const { data: boostTable } = await a.client.rpc('get_league_boost_standings', { league_id: l.id, month_input: 7, year_input: 2047 });
      expect(boostTable![0]).toMatchObject({ user_id: owner.id, daily_points: 3, rank_daily: 1 });
      expect(boostTable!.map((r) => r.rank_daily)).toEqual([1, null, null, null]);

      // The round: c made no picks in it, so he has no place in it, listed after those who played.
      await q(`insert into public.picks (user_id, quiniela_id, match_id, result) select u, $2, x.id, 'Local' from unnest($1::uuid[]) u, public.matches x where x.quiniela_id = $2`, [[a.id, owner.id, b.id], july.id]);
      const { data: roundTable } = await b.client.rpc('get_league_round_standings', { league_id: l.id, quiniela_id: july.id });
      expect(roundTable!.map((r) => [r.user_id, r.points, r.rank])).toEqual([[a.id, 13, 1], [owner.id, 10, 2], [b.id, 8, 3], [c.id, 0, null]]);

      for (const fn of ['get_league_standings', 'get_league_boost_standings'] as const) {
        expect((await outsider.client.rpc(fn, { league_id: l.id, month_input: 7, year_input: 2047 })).error).toMatchObject({ code: '42501', hint: 'not_league_member' });
      }
      expect((await outsider.client.rpc('get_league_round_standings', { league_id: l.id, quiniela_id: july.id })).error).toMatchObject({ code: '42501' });
      expect((await anonClient().rpc('get_league_standings', { league_id: l.id, month_input: 7, year_input: 2047 })).error?.code).toBe('42501');
    } finally {
      await q('delete from public.daily_games where id = $1', [boost]);
    }
  });
});

describe('"Faltan por jugar" and the picks side by side', () => {
  it('lists members without all the round\'s picks before the deadline, and nobody after', async () => {
    const owner = await createPlayer();
    const [done, partial, none, outsider] = [await createPlayer(), await createPlayer(), await createPlayer(), await createPlayer()];
    const l = await league(owner, [done, partial, none]);
    const r = await round(3, `now() + interval '20 days'`);
    await pick(done, r.matchIds);
    await pick(owner, r.matchIds);
    await pick(partial, r.matchIds.slice(0, 2));
    const missing = async (p: Player) => (await p.client.rpc('get_league_missing_picks', { league_id: l.id, quiniela_id: r.id })).data!.map((x) => x.user_id).sort();
    expect(await missing(done)).toEqual([partial.id, none.id].sort());
    expect(Object.keys((await done.client.rpc('get_league_missing_picks', { league_id: l.id, quiniela_id: r.id })).data![0]).sort()).toEqual(['user_id', 'username']);
    // He picks the last match through the API and leaves the list.
    expect((await partial.client.from('picks').insert({ user_id: partial.id, match_id: r.matchIds[2], quiniela_id: r.id, result: 'Empate' })).error).toBeNull();
    expect(await missing(owner)).toEqual([none.id]);
    expect((await outsider.client.rpc('get_league_missing_picks', { league_id: l.id, quiniela_id: r.id })).error).toMatchObject({ code: '42501', hint: 'not_league_member' });
    await q(`update public.quinielas set deadline = now() - interval '1 second' where id = $1`, [r.id]);
    expect(await missing(owner)).toEqual([]);
  });

  it('shows no member\'s picks before the deadline by any road (tables, functions, realtime), and all of them after', async () => {
    const owner = await createPlayer();
    const p = await createPlayer();
    const l = await league(owner, [p]);
    const r = await round(2, `now() + interval '20 days'`);
    await pick(owner, r.matchIds, 'Visita');
    await pick(p, r.matchIds.slice(0, 1), 'Empate');

    expect((await p.client.rpc('get_league_round_picks', { league_id: l.id, quiniela_id: r.id })).data).toEqual([]);
    expect((await p.client.from('picks').select('result').eq('user_id', owner.id)).data).toEqual([]);
    expect((await p.client.from('picks').select('result').eq('quiniela_id', r.id)).data).toEqual([{ result: 'Empate' }]);
    // Realtime carries a table's rows only when it is in the publication: picks never are.
    const published = (await q(`select tablename from pg_publication_tables where pubname = 'supabase_realtime'`)).rows.map((x) => x.tablename);
    expect(published).not.toContain('picks');
    expect(published.filter((t) => t.startsWith('league'))).toEqual([]);

    await q(`update public.quinielas set deadline = now() - interval '1 second' where id = $1`, [r.id]);
    await q(`update public.matches set correct_result = 'Visita' where id = $1`, [r.matchIds[0]]);
    const { data, error } = await p.client.rpc('get_league_round_picks', { league_id: l.id, quiniela_id: r.id });
    expect(error).toBeNull();
    const expected = [
      { user_id: owner.id, username: owner.username, match_id: r.matchIds[0], result: 'Visita', correct_result: 'Visita' },
      { user_id: owner.id, username: owner.username, match_id: r.matchIds[1], result: 'Visita', correct_result: null },
      { user_id: p.id, username: p.username, match_id: r.matchIds[0], result: 'Empate', correct_result: 'Visita' },
    ];
    expect(data).toEqual(owner.username < p.username ? expected : [expected[2], expected[0], expected[1]]);
    const outsider = await createPlayer();
    expect((await outsider.client.rpc('get_league_round_picks', { league_id: l.id, quiniela_id: r.id })).error).toMatchObject({ code: '42501' });
    expect((await anonClient().rpc('get_league_round_picks', { league_id: l.id, quiniela_id: r.id })).error?.code).toBe('42501');
  });
});

describe('Recordarles', () => {
  it('queues one notice to each missing member who wants reminders, once per liga and round', async () => {
    const owner = await createPlayer();
    const [missing, optedOut, done] = [await createPlayer(), await createPlayer(), await createPlayer()];
    await q('update public.notification_preferences set remind_quinielazo = false where user_id = $1', [optedOut.id]);
    const l = await league(owner, [missing, optedOut, done], 'Oficina');
    const r = await round(2, `now() + interval '20 days'`, 'Jornada recordada');
    await pick(done, r.matchIds);
    const { data, error } = await owner.client.rpc('remind_league_missing', { league_id: l.id, quiniela_id: r.id });
    expect(error).toBeNull();
    expect(data).toBe(1);
    const rows = (await q(`select user_id, kind, channel, payload, dedupe_key from public.notification_outbox where quiniela_id = $1 and kind = 'league_reminder'`, [r.id])).rows;
    expect(rows).toEqual([{
      user_id: missing.id, kind: 'league_reminder', channel: 'email', dedupe_key: `league_reminder:${r.id}`,
      // Who sends it, by name (issue 44, item 13), and the round's name quoted, not "picks de Jornada…".
      payload: expect.objectContaining({
        title: `⏰ ${owner.username} te recuerda: tu liga Oficina te espera`,
        body: `${owner.username} te recuerda que aún te faltan predicciones en «Jornada recordada». Hazlas antes del cierre.`,
        url: `/picks?quiniela=${r.id}`, league: 'Oficina', sender: owner.username,
      }),
    }]);
    const again = await owner.client.rpc('remind_league_missing', { league_id: l.id, quiniela_id: r.id });
    expect(again.error).toMatchObject({ code: 'QZ429', hint: 'league_already_reminded', message: 'Ya les recordaste esta quiniela a los de tu liga.' });

    // Another liga of his reminds the same round: he is not told twice.
    const other = await createPlayer();
    const l2 = await league(other, [missing], 'Familia');
    expect((await other.client.rpc('remind_league_missing', { league_id: l2.id, quiniela_id: r.id })).data).toBe(0);
    expect((await q(`select count(*)::int as n from public.notification_outbox where user_id = $1 and kind = 'league_reminder'`, [missing.id])).rows[0].n).toBe(1);

    await q(`update public.quinielas set deadline = now() - interval '1 second' where id = $1`, [r.id]);
    const l3 = await league(owner, [missing], 'Tercera');
    expect((await owner.client.rpc('remind_league_missing', { league_id: l3.id, quiniela_id: r.id })).error).toMatchObject({ code: '23514', hint: 'round_closed' });
  });

  it('lets the liga\'s members, and nobody else, read that this round\'s reminder went and when', async () => {
    const owner = await createPlayer();
    const [member, outsider] = [await createPlayer(), await createPlayer()];
    const l = await league(owner, [member]);
    const r = await round(1, `now() + interval '20 days'`);
    const read = (c: Player['client']) => c.from('league_reminders').select('league_id, quiniela_id, created_at').eq('league_id', l.id).eq('quiniela_id', r.id);
    expect((await read(owner.client)).data).toEqual([]);
    expect((await owner.client.rpc('remind_league_missing', { league_id: l.id, quiniela_id: r.id })).error).toBeNull();
    const sent = (await q('select created_at from public.league_reminders where league_id = $1 and quiniela_id = $2', [l.id, r.id])).rows[0].created_at as Date;
    for (const p of [owner, member]) {
      const { data, error } = await read(p.client);
      expect(error).toBeNull();
      expect(data!.map((x) => [x.league_id, x.quiniela_id, Date.parse(x.created_at)])).toEqual([[l.id, r.id, sent.getTime()]]);
    }
    expect((await read(outsider.client)).data).toEqual([]);
    expect((await read(anonClient())).error?.code).toBe('42501');
  });

  it('allows an owner 10 reminders an hour across his ligas', async () => {
    const owner = await createPlayer();
    const l = await create(owner);
    const rs = [];
    for (let i = 0; i < 11; i++) rs.push(await round(1, `now() + interval '20 days'`));
    for (const r of rs.slice(0, 10)) expect((await owner.client.rpc('remind_league_missing', { league_id: l.id, quiniela_id: r.id })).error).toBeNull();
    expect((await owner.client.rpc('remind_league_missing', { league_id: l.id, quiniela_id: rs[10].id })).error).toMatchObject({ code: 'QZ429', hint: 'league_remind_rate' });
  });
});

describe('Mis ligas', () => {
  it('lists his ligas with the members, his position this month and how many still have to pick this week\'s round', async () => {
    const owner = await createPlayer();
    const [a, b] = [await createPlayer(), await createPlayer()];
    const l = await league(owner, [a, b], 'Oficina');
    const l2 = await league(b, [a], 'Familia');
    // a scores this month (a round closed now, finalized); owner and b have nothing yet.
    const now = await round(1, 'now()');
    await q('update public.quinielas set results_saved = true where id = $1', [now.id]);
    await q('insert into public.scores (user_id, quiniela_id, correct, points) values ($1, $2, 1, 7)', [a.id, now.id]);
    // One statement: the function and its expectation from the same snapshot (other files may open rounds meanwhile).
    const rows = await rolledBack(async (tq) => {
      await tq(`select set_config('request.jwt.claims', json_build_object('sub', $1::text, 'role', 'authenticated')::text, true)`, [owner.id]);
      return (await tq(
        `with mine as (select * from public.get_my_leagues()),
              cur as (select q.id from public.quinielas q where q.deadline > now() and not q.results_saved order by q.deadline, q.id limit 1)
         select m.*, (select count(*)::int from public.league_members lm, cur
                      where lm.league_id = m.id
                        and (select count(*) from public.matches x where x.quiniela_id = cur.id) > 0
                        and (select count(*) from public.picks k where k.quiniela_id = cur.id and k.user_id = lm.user_id)
                            < (select count(*) from public.matches x where x.quiniela_id = cur.id)) as expected_missing
         from mine m`,
      )).rows;
    });
    // The owner has no points this month: no place, as the liga's table gives him none (issue 44).
    expect(rows.map((r) => [r.id, r.name, r.code, r.is_owner, r.member_count, r.my_rank])).toEqual([[l.id, 'Oficina', l.code, true, 3, null]]);
    expect(rows[0].missing_count).toBe(rows[0].expected_missing);
    const { data } = await a.client.rpc('get_my_leagues');
    expect(data!.map((r) => [r.name, r.is_owner, r.member_count, r.my_rank]).sort()).toEqual([['Familia', false, 2, 1], ['Oficina', false, 3, 1]]);
    expect(l2.code).toMatch(CODE);
    expect((await anonClient().rpc('get_my_leagues')).error?.code).toBe('42501');
  });

  it('"Mis ligas" gives last month\'s final place, naming the month, while nobody in the liga has points this month', async () => {
    const [owner, me] = [await createPlayer(), await createPlayer()];
    const l = await league(owner, [me], 'Arranque');
    // By the database clock: the liga exists since last month; its only points are a round of last month.
    const [clock] = (await q(
      `with start as (select date_trunc('month', now() at time zone 'America/Mexico_City') as t)
       select to_char(t - interval '1 month', 'YYYY-MM') as last_key,
              (t at time zone 'America/Mexico_City') - interval '20 days' as created,
              (t - interval '10 days') at time zone 'America/Mexico_City' as last_month_deadline
       from start`,
    )).rows;
    await q('update public.leagues set created_at = $2 where id = $1', [l.id, clock.created]);
    const last = await round(1, `'${clock.last_month_deadline.toISOString()}'::timestamptz`);
    await q('update public.quinielas set results_saved = true where id = $1', [last.id]);
    await q('insert into public.scores (user_id, quiniela_id, correct, points) values ($1, $3, 1, 30), ($2, $3, 1, 12)', [owner.id, me.id, last.id]);
    // A liga born this month has no last month to show, whoever scored then.
    const other = await createPlayer();
    await q('insert into public.scores (user_id, quiniela_id, correct, points) values ($1, $2, 1, 20)', [other.id, last.id]);
    const young = await league(other, [me], 'Recién nacida');
    const mine = async () => {
      const { data, error } = await me.client.rpc('get_my_leagues');
      expect(error).toBeNull();
      return Object.fromEntries(data!.map((r) => [r.id, [r.my_rank, r.member_count, r.rank_month]]));
    };
    // The young liga: this month's place, and he has no points in it, so none (not "1.º" at 0).
    expect(await mine()).toEqual({ [l.id]: [2, 2, clock.last_key], [young.id]: [null, 2, null] });

    // Once someone in the liga scores this month, the place is this month's again.
    const now = await round(1, 'now()');
    await q('update public.quinielas set results_saved = true where id = $1', [now.id]);
    await q('insert into public.scores (user_id, quiniela_id, correct, points) values ($1, $2, 1, 5)', [me.id, now.id]);
    expect((await mine())[l.id]).toEqual([1, 2, null]);
  });
});

describe('account deletion', () => {
  it('hands a deleting owner\'s liga to its oldest member, drops a liga he was alone in, and takes him out of the rest', async () => {
    const owner = await createPlayer();
    const [oldest, younger, host] = [await createPlayer(), await createPlayer(), await createPlayer()];
    const l = await league(owner, [oldest, younger]);
    const alone = await create(owner, 'Solo');
    const elsewhere = await league(host, [owner]);
    await q('delete from auth.users where id = $1', [owner.id]);
    expect((await q('select owner_id from public.leagues where id = $1', [l.id])).rows[0].owner_id).toBe(oldest.id);
    expect(await members(l.id)).toEqual([oldest.id, younger.id]);
    expect((await q('select count(*)::int as n from public.leagues where id = $1', [alone.id])).rows[0].n).toBe(0);
    expect(await members(elsewhere.id)).toEqual([host.id]);
    expect((await oldest.client.rpc('renew_league_code', { league_id: l.id })).error).toBeNull();
  });
});

describe('the invitation at sign-up', () => {
  async function signUp(meta: object) {
    const id = randomUUID();
    await q(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data) values ($1, 'authenticated', 'authenticated', $2, now(), $3)`,
      [id, uniqueEmail('invitado'), { username: uniqueUsername('inv'), ...meta }],
    );
    return id;
  }

  it('joins a new player to the liga and makes its owner his referrer when nobody else referred him', async () => {
    const owner = await createPlayer();
    const l = await create(owner);
    const id = await signUp({ league_code: l.code.toLowerCase() });
    expect(await members(l.id)).toContain(id);
    expect((await q('select referred_by from public.profiles where id = $1', [id])).rows[0].referred_by).toBe(owner.id);
    expect((await q('select referrer_id from public.referral_tracking where referred_id = $1', [id])).rows[0].referrer_id).toBe(owner.id);
  });

  it('keeps a referral code\'s referrer, and ignores a dead liga code', async () => {
    const owner = await createPlayer();
    const friend = await createPlayer();
    const l = await create(owner);
    const code = (await q('select referral_code from public.profiles where id = $1', [friend.id])).rows[0].referral_code;
    const id = await signUp({ league_code: l.code, referred_by: code });
    expect(await members(l.id)).toContain(id);
    expect((await q('select referred_by from public.profiles where id = $1', [id])).rows[0].referred_by).toBe(friend.id);
    const lost = await signUp({ league_code: 'ZZZZZZZZ' });
    expect((await q('select referred_by from public.profiles where id = $1', [lost])).rows[0].referred_by).toBeNull();
  });

  it('refuses a liga code of the wrong shape at the auth server, in Spanish', async () => {
    const { error } = await anonClient().auth.signUp({
      email: uniqueEmail('invitado'), password: 'Jugador123', options: { data: { username: uniqueUsername('inv'), league_code: 12345 } },
    });
    expect(error?.message).toBe('El código de la liga no es válido.');
  });
});

describe('the deadline reminder', () => {
  it('names his liga where most members already played', async () => {
    const [owner, late] = [await createPlayer(), await createPlayer()];
    const [x, y, z] = [await createPlayer(), await createPlayer(), await createPlayer()];
    await league(owner, [late, x, y], 'Oficina');
    await league(z, [late], 'Familia');
    const r = await round(2, `now() + interval '90 minutes'`);
    for (const p of [owner, x, y, z]) await pick(p, r.matchIds);
    const lonely = await createPlayer();
    const rows = await rolledBack(async (tq) => {
      await tq('select public.queue_deadline_reminders()');
      return (await tq(`select user_id, payload from public.notification_outbox where quiniela_id = $1 and user_id = any($2)`, [r.id, [late.id, lonely.id]])).rows;
    });
    expect(rows.find((x) => x.user_id === late.id)!.payload).toMatchObject({ body: 'Aún no has hecho tus predicciones. 3 de tu liga Oficina ya jugaron.', league: 'Oficina' });
    expect(rows.find((x) => x.user_id === lonely.id)!.payload.body).toBe('Aún no has hecho tus predicciones.');
    expect(rows.find((x) => x.user_id === lonely.id)!.payload).not.toHaveProperty('league');
  });
});
