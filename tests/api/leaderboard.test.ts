// The monthly leaderboard and the month detail calls, on March–April 2044 (far from the
// seed): ordering, ties sharing a rank, Boost and referral columns, the previous month's rank,
// and month boundaries in Mexico City time (23:30 on March 31 there is already April in UTC).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, db, serviceClient } from '../support/clients.ts';
import { createPlayer, type Player } from '../support/players.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);
const tag = Date.now().toString(36);

let P1: Player, P2: Player, P3: Player, P4: Player, admin: Player;
let march: number, april: number;
let marchGame: number, aprilGame: number;

async function round(name: string, localDeadline: string) {
  const { rows } = await q(
    `insert into public.quinielas (name, week, deadline, results_saved)
     values ($1, 13, $2::timestamp at time zone 'America/Mexico_City', true) returning id`,
    [name, localDeadline],
  );
  const id = Number(rows[0].id);
  await q(`insert into public.matches (quiniela_id, match_order, home_team, away_team, correct_result)
           select $1, n, 'L' || n, 'V' || n, 'Local' from generate_series(1, 12) n`, [id]);
  return id;
}

async function score(player: Player, roundId: number, correct: number, points: number, bonuses: object[] = []) {
  // Scores written directly (as an admin correction would): the leaderboard must follow them.
  await q('insert into public.scores (user_id, quiniela_id, correct, points, bonuses) values ($1, $2, $3, $4, $5)',
    [player.id, roundId, correct, points, JSON.stringify(bonuses)]);
}

async function game(date: string) {
  const { rows } = await q(
    `insert into public.daily_games (game_date, game_type, question, correct_answer) values ($1, 'yesno', '¿Hay gol?', 'Sí') returning id`,
    [date],
  );
  return Number(rows[0].id);
}

beforeAll(async () => {
  // P2's name sorts before P1's, so in their tie P2 is listed first.
  [P1, P2, P3, P4, admin] = await Promise.all([
    createPlayer({ username: `lb_b_${tag}` }), createPlayer({ username: `lb_a_${tag}` }),
    createPlayer({ username: `lb_c_${tag}` }), createPlayer({ username: `lb_d_${tag}` }), createPlayer({ admin: true }),
  ]);
  await q('update public.profiles set favorite_club_id = 1 where id = $1', [P1.id]);
  // 23:30 on March 31 in Mexico City is 05:30 on April 1 UTC: still March for the game.
  march = await round('Marzo 31', '2044-03-31 23:30');
  april = await round('Abril 1', '2044-04-01 00:30');
  marchGame = await game('2044-03-31');
  aprilGame = await game('2044-04-01');

  await score(P1, march, 7, 20);
  await score(P2, march, 8, 25);
  await score(P3, march, 4, 10, [{ kind: 'referral', label: 'Referido', points: 3, username: 'amigo' }]);
  await score(P1, april, 9, 30);
  await q(`insert into public.daily_scores (user_id, daily_game_id, points) values
           ($1, $5, 5), ($3, $5, 2), ($4, $5, 1), ($2, $6, 7)`, [P1.id, P2.id, P3.id, P4.id, marchGame, aprilGame]);
  // Last month's final ranks: P1 was 4th; P2 has no snapshot (new).
  await q('insert into public.rank_snapshots (user_id, year, month, rank_total) values ($1, 2044, 3, 4)', [P1.id]);
});

afterAll(async () => {
  // Other files (seed.test.ts) read every finalized round: leave none of ours behind.
  await q('delete from public.quinielas where id = any($1)', [[march, april]]);
  await q('delete from public.daily_games where id = any($1)', [[marchGame, aprilGame]]);
  await db().end();
});

describe('get_monthly_leaderboard', () => {
  it('ranks March by total with ties sharing the rank, then by username', async () => {
    const { data, error } = await anonClient().rpc('get_monthly_leaderboard', { month_input: 3, year_input: 2044 });
    expect(error).toBeNull();
    const logo = (await q('select logo_url from public.clubs where id = 1')).rows[0].logo_url;
    expect(data).toEqual([
      { user_id: P2.id, username: P2.username, favorite_club_id: null, club_logo_url: null, total_points: 25, daily_points: 0, weekly_points: 25, referral_points: 0, rank_total: 1, rank_weekly: 1, rank_daily: 4, previous_rank: null },
      { user_id: P1.id, username: P1.username, favorite_club_id: 1, club_logo_url: logo, total_points: 25, daily_points: 5, weekly_points: 20, referral_points: 0, rank_total: 1, rank_weekly: 2, rank_daily: 1, previous_rank: null },
      { user_id: P3.id, username: P3.username, favorite_club_id: null, club_logo_url: null, total_points: 12, daily_points: 2, weekly_points: 10, referral_points: 3, rank_total: 3, rank_weekly: 3, rank_daily: 2, previous_rank: null },
      { user_id: P4.id, username: P4.username, favorite_club_id: null, club_logo_url: null, total_points: 1, daily_points: 1, weekly_points: 0, referral_points: 0, rank_total: 4, rank_weekly: 4, rank_daily: 3, previous_rank: null },
    ]);
  });

  it('puts the round 30 minutes after midnight in April, with the previous month\'s rank', async () => {
    const { data } = await anonClient().rpc('get_monthly_leaderboard', { month_input: 4, year_input: 2044 });
    expect(data?.map((r) => [r.username, r.total_points, r.weekly_points, r.daily_points, r.rank_total, r.previous_rank])).toEqual([
      [P1.username, 30, 30, 0, 1, 4],
      [P2.username, 7, 0, 7, 2, null],
    ]);
  });

  it('follows score corrections and serves the top N (limit_input) and one player\'s row (user_id_input)', async () => {
    await q('update public.scores set points = 40 where user_id = $1 and quiniela_id = $2', [P3.id, march]);
    const top = await anonClient().rpc('get_monthly_leaderboard', { month_input: 3, year_input: 2044, limit_input: 2 });
    expect(top.data?.map((r) => [r.username, r.total_points, r.rank_total])).toEqual([
      [P3.username, 42, 1], [P2.username, 25, 2],
    ]);
    const boostTop = await anonClient().rpc('get_monthly_leaderboard', { month_input: 3, year_input: 2044, limit_input: 2, ranking_input: 'daily' });
    expect(boostTop.data?.map((r) => [r.username, r.daily_points, r.rank_daily])).toEqual([[P1.username, 5, 1], [P3.username, 2, 2]]);
    const bad = await anonClient().rpc('get_monthly_leaderboard', { month_input: 3, year_input: 2044, ranking_input: 'username' });
    expect(bad.error?.code).toBe('22023');
    const own = await P4.client.rpc('get_monthly_leaderboard', { month_input: 3, year_input: 2044, user_id_input: P4.id });
    expect(own.data).toMatchObject([{ username: P4.username, rank_total: 4 }]);
    // PostgREST's own filters work too (slower at scale: they apply after the whole month).
    const filtered = await anonClient().rpc('get_monthly_leaderboard', { month_input: 3, year_input: 2044 }).eq('user_id', P4.id);
    expect(filtered.data).toMatchObject([{ username: P4.username, rank_total: 4 }]);
    await q('update public.scores set points = 10 where user_id = $1 and quiniela_id = $2', [P3.id, march]);
    // The incrementally kept standings equal a full recomputation from the source rows.
    const kept = `select year, month, user_id, total_points, rank_total, rank_weekly, rank_daily, podium_total, podium_weekly, podium_daily
                  from public.monthly_standings_ranked where year = 2044 order by 1, 2, 3`;
    const { rows } = await q(kept);
    await q('select public.refresh_monthly_standings(2044, 3), public.refresh_monthly_standings(2044, 4)');
    expect((await q(kept)).rows).toEqual(rows);
  });

  it('is empty for a month without play', async () => {
    const { data, error } = await anonClient().rpc('get_monthly_leaderboard', { month_input: 5, year_input: 2044 });
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });
});

describe('month detail', () => {
  it('lists a player\'s rounds of the Mexico City month', async () => {
    const { data, error } = await anonClient().rpc('get_user_scores_by_month', { user_id_input: P1.id, month_input: 3, year_input: 2044 });
    expect(error).toBeNull();
    expect(data).toEqual([
      { quiniela_id: march, quiniela_name: 'Marzo 31', deadline: expect.stringMatching(/^2044-04-01T05:30:00/), correct: 7, total: 12, points: 20, bonus_details: [] },
    ]);
    const april1 = await anonClient().rpc('get_user_scores_by_month', { user_id_input: P1.id, month_input: 4, year_input: 2044 });
    expect(april1.data?.map((r) => r.quiniela_id)).toEqual([april]);
  });

  it('lists a player\'s Boost points of the month', async () => {
    const { data } = await anonClient().rpc('get_user_daily_scores_by_month', { user_id_input: P1.id, month_input: 3, year_input: 2044 });
    expect(data).toEqual([{ daily_game_id: marchGame, game_date: '2044-03-31', question: '¿Hay gol?', points: 5 }]);
    const none = await anonClient().rpc('get_user_daily_scores_by_month', { user_id_input: P1.id, month_input: 4, year_input: 2044 });
    expect(none.data).toEqual([]);
  });
});

describe('get_leaderboard_months', () => {
  it('runs from the current Mexico City month back to the first month with a round', async () => {
    const { data, error } = await anonClient().rpc('get_leaderboard_months');
    expect(error).toBeNull();
    const now = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit' }).format(new Date());
    const [year, month] = now.split('-').map(Number);
    expect(data![0]).toEqual({ year, month });
    for (let i = 1; i < data!.length; i++) {
      const prev = data![i - 1];
      expect(data![i]).toEqual(prev.month === 1 ? { year: prev.year - 1, month: 12 } : { year: prev.year, month: prev.month - 1 });
    }
    const first = (await q(`select to_char(min(deadline) at time zone 'America/Mexico_City', 'YYYY-MM') as m from public.quinielas`)).rows[0].m;
    const last = data![data!.length - 1];
    expect(`${last.year}-${String(last.month).padStart(2, '0')}`).toBe(first);
  });
});

describe('snapshot_monthly_ranks', () => {
  it('freezes the current month\'s ranks for admins and the service role only', async () => {
    // A score in a round of the database's current month, so the month has standings on its
    // first day too.
    const { rows: [now] } = await q(
      `insert into public.quinielas (name, week, deadline)
       values ('Este mes', 1, greatest(now() - interval '1 minute',
                                       (date_trunc('month', now() at time zone 'America/Mexico_City') at time zone 'America/Mexico_City') + interval '1 second'))
       returning id`,
    );
    await q('insert into public.scores (user_id, quiniela_id, correct, points) values ($1, $2, 5, 8)', [P4.id, now.id]);
    const player = await P1.client.rpc('snapshot_monthly_ranks');
    expect(player.error?.code).toBe('42501');
    const visitor = await anonClient().rpc('snapshot_monthly_ranks');
    expect(visitor.error?.code).toBe('42501');
    const asService = await serviceClient().rpc('snapshot_monthly_ranks');
    expect(asService.error).toBeNull();
    const asAdmin = await admin.client.rpc('snapshot_monthly_ranks');
    expect(asAdmin.data).toBe(asService.data);
    const { rows } = await q(
      `select count(*)::int as n,
              count(*) filter (where s.rank_total is distinct from r.rank_total or s.rank_daily is distinct from r.rank_daily)::int as differ
       from public.monthly_standings_ranked s
       left join public.rank_snapshots r on (r.user_id, r.year, r.month) = (s.user_id, s.year, s.month)
       where (s.year, s.month) = (extract(year from now() at time zone 'America/Mexico_City')::int,
                                  extract(month from now() at time zone 'America/Mexico_City')::int)`,
    );
    expect(rows[0]).toEqual({ n: asService.data, differ: 0 });
    expect(rows[0].n).toBeGreaterThan(0);
    await q('delete from public.quinielas where id = $1', [now.id]);
  });
});

describe('a deleted player', () => {
  it('takes his Boost points, his row of the month\'s standings and his notices with him', async () => {
    const gone = await createPlayer();
    const mayGame = await game('2044-05-10');
    try {
      await q('insert into public.daily_scores (user_id, daily_game_id, points) values ($1, $2, 3)', [gone.id, mayGame]);
      await q(`insert into public.notification_outbox (user_id, kind, channel, payload, dedupe_key)
               values ($1, 'manual_reminder', 'email', '{}', $2)`, [gone.id, `prueba:${gone.id}`]);
      const rowsOf = async () => (await q(
        `select (select count(*)::int from public.daily_scores where user_id = $1) as boost,
                (select count(*)::int from public.monthly_standings where user_id = $1) as standings,
                (select count(*)::int from public.notification_outbox where user_id = $1) as notices`, [gone.id])).rows[0];
      // Notices: the reminder above and the welcome e-mail queued with his profile.
      expect(await rowsOf()).toEqual({ boost: 1, standings: 1, notices: 2 });
      await q('delete from auth.users where id = $1', [gone.id]);
      expect(await rowsOf()).toEqual({ boost: 0, standings: 0, notices: 0 });
    } finally {
      await q('delete from public.daily_games where id = $1', [mayGame]);
    }
  });
});

describe('Boost points', () => {
  it('need an existing player and game (foreign-key error), and leave with their game', async () => {
    const p = await createPlayer();
    const juneGame = await game('2044-06-10');
    const missingPlayer = await q('insert into public.daily_scores (user_id, daily_game_id, points) values (gen_random_uuid(), $1, 2)', [juneGame])
      .then(() => null, (e: { code?: string }) => e.code);
    expect(missingPlayer).toBe('23503');
    const missingGame = await q('insert into public.daily_scores (user_id, daily_game_id, points) values ($1, -1, 2)', [p.id])
      .then(() => null, (e: { code?: string }) => e.code);
    expect(missingGame).toBe('23503');
    await q('insert into public.daily_scores (user_id, daily_game_id, points) values ($1, $2, 2)', [p.id, juneGame]);
    await q('delete from public.daily_games where id = $1', [juneGame]);
    const { rows } = await q(
      `select (select count(*)::int from public.daily_scores where user_id = $1) as boost,
              (select count(*)::int from public.monthly_standings where user_id = $1 and (year, month) = (2044, 6)) as standings`, [p.id]);
    expect(rows[0]).toEqual({ boost: 0, standings: 0 });
  });
});

describe('round scores', () => {
  it('need an existing player and round (foreign-key error), and leave with their round or player', async () => {
    const [p, leaver] = await Promise.all([createPlayer(), createPlayer()]);
    const { rows: [round] } = await q(
      `insert into public.quinielas (name, week, deadline) values ('Llaves', 1, '2044-09-10 18:00-06') returning id`);
    const insert = (user: string, quiniela: number) =>
      q(`insert into public.scores (user_id, quiniela_id, correct, points, bonuses) values ($1, $2, 3, 3, '[]')`, [user, quiniela])
        .then(() => null, (e: { code?: string }) => e.code);
    expect(await insert(crypto.randomUUID(), round.id)).toBe('23503');
    expect(await insert(p.id, -1)).toBe('23503');
    expect(await insert(p.id, round.id)).toBeNull();
    expect(await insert(leaver.id, round.id)).toBeNull();
    const countOf = async (user: string) => (await q(
      `select (select count(*)::int from public.scores where user_id = $1) as scores,
              (select count(*)::int from public.monthly_standings where user_id = $1 and (year, month) = (2044, 9)) as standings`, [user])).rows[0];
    expect(await countOf(leaver.id)).toEqual({ scores: 1, standings: 1 });
    await q('delete from auth.users where id = $1', [leaver.id]);
    expect(await countOf(leaver.id)).toEqual({ scores: 0, standings: 0 });
    await q('delete from public.quinielas where id = $1', [round.id]);
    expect(await countOf(p.id)).toEqual({ scores: 0, standings: 0 });
  });
});

describe('the top 100 of a month (the podium)', () => {
  it('follows players in and out of it as the ranking moves', async () => {
    // 102 players of August 2044 with 1..102 Boost points from one game; loaded set-based (as
    // superuser, profiles without the sign-up chain), the points through the real triggers.
    const ids = Array.from({ length: 102 }, (_, i) => `${tag}-podium-${i + 1}`);
    const augustGame = await game('2044-08-10');
    const laterGame = await game('2044-08-11');
    const loader = await db().connect();
    try {
      await loader.query('set session_replication_role = replica');
      await loader.query(
        `insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
         select md5(k)::uuid, 'authenticated', 'authenticated', k || '@example.com', '{}', now(), now() from unnest($1::text[]) k`, [ids]);
      await loader.query(
        `insert into public.profiles (id, username, email, referral_code)
         select md5(k)::uuid, 'pod_' || n || '_' || $2, k || '@example.com', upper(substr(md5(k), 1, 8)) from unnest($1::text[]) with ordinality u(k, n)`, [ids, tag]);
    } finally {
      await loader.query('set session_replication_role = origin');
      loader.release();
    }
    const top = async (limit: number, ranking = 'total') =>
      (await anonClient().rpc('get_monthly_leaderboard', { month_input: 8, year_input: 2044, limit_input: limit, ranking_input: ranking })).data!
        .map((r) => [r.username, r.daily_points, r.rank_total]);
    try {
      await q(`insert into public.daily_scores (user_id, daily_game_id, points)
               select md5(k)::uuid, $2, n from unnest($1::text[]) with ordinality u(k, n)`, [ids, augustGame]);
      const first = await top(100);
      expect(first).toHaveLength(100);
      expect(first[0]).toEqual([`pod_102_${tag}`, 102, 1]);
      expect(first[99]).toEqual([`pod_3_${tag}`, 3, 100]);
      // Nobody has Quinielazo points: all 102 share rank 1 of that ranking, the first 100 by name.
      expect(await top(100, 'weekly')).toHaveLength(100);

      // The last player jumps to the top; the one who was 100th drops to 101st.
      await q('insert into public.daily_scores (user_id, daily_game_id, points) values (md5($1)::uuid, $2, 200)', [ids[0], laterGame]);
      const after = await top(100);
      expect(after[0]).toEqual([`pod_1_${tag}`, 201, 1]);
      expect(after[99]).toEqual([`pod_4_${tag}`, 4, 100]);
      expect(after.map((r) => r[0])).not.toContain(`pod_3_${tag}`);
      expect(await top(3)).toEqual([[`pod_1_${tag}`, 201, 1], [`pod_102_${tag}`, 102, 2], [`pod_101_${tag}`, 101, 3]]);
      // The month's prizes read the same podium: places 1–5.
      const prizes = await anonClient().rpc('get_monthly_prizes', { month_input: 8, year_input: 2044 });
      expect(prizes.error).toBeNull();
      expect(prizes.data!.map((r) => [r.username, r.rank])).toEqual(
        [`pod_1_${tag}`, `pod_102_${tag}`, `pod_101_${tag}`, `pod_100_${tag}`, `pod_99_${tag}`].map((name, i) => [name, i + 1]));
    } finally {
      await q('delete from public.daily_games where id = any($1)', [[augustGame, laterGame]]);
      await q('delete from auth.users where id = any(select md5(k)::uuid from unnest($1::text[]) k)', [ids]);
    }
  });
});
