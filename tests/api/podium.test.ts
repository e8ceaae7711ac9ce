// Each ranking's podium (issue 31): its first 100 rows by rank, then name, flagged per ranking
// with a partial index each, so a first place shared by tens of thousands (a Boost game answered
// right by most players) makes neither the other rankings' top pages nor its own read the tie.
// Two sides: the leaderboard's top pages, own row and prizes are what the whole month's listing
// says, in months where every ranking's tie is cut by name; and, with 30,000 players tied first
// in the Boost ranking, the database reads each top 20 through its ranking's own podium index.
// Months are taken from the database clock, decades ahead, so no other test's rows are in them.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, db } from '../support/clients.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);
const tag = Date.now().toString(36);
const RANKINGS = ['total', 'weekly', 'daily'] as const;
type Ranking = (typeof RANKINGS)[number];

/** A Mexico City month `years` ahead of the database clock's. */
async function monthAhead(years: number) {
  const { rows } = await q(
    `select extract(year from d)::int as y, extract(month from d)::int as m
     from (select (now() at time zone 'America/Mexico_City') + make_interval(years => $1) as d) t`, [years]);
  return { y: rows[0].y as number, m: rows[0].m as number };
}

/** Players (k, name) from `source`, with ids md5(k); set-based, without the sign-up chain. */
async function addPlayers(source: string, params: unknown[] = []) {
  const loader = await db().connect();
  try {
    await loader.query('set session_replication_role = replica');
    await loader.query(
      `insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
       select md5(k)::uuid, 'authenticated', 'authenticated', k || '@example.com', '{}', now(), now() from (${source}) t`, params);
    await loader.query(
      `insert into public.profiles (id, username, email, referral_code)
       select md5(k)::uuid, name, k || '@example.com', upper(md5(k)) from (${source}) t`, params);
  } finally {
    await loader.query('set session_replication_role = origin');
    loader.release();
  }
}

async function round(y: number, m: number) {
  const { rows } = await q(
    `insert into public.quinielas (name, week, deadline, results_saved)
     values ('Podio ' || $3 || ' ' || $1::int || '-' || $2::int, 1, make_timestamp($1, $2, 15, 12, 0, 0) at time zone 'America/Mexico_City', true) returning id`,
    [y, m, tag]);
  return Number(rows[0].id);
}

async function boostGame(y: number, m: number) {
  const { rows } = await q(
    `insert into public.daily_games (game_date, game_type, question, correct_answer)
     values (make_date($1, $2, 15), 'yesno', '¿Hay gol?', 'Sí') returning id`, [y, m]);
  return Number(rows[0].id);
}

describe('top pages in a month where every ranking\'s tie is cut by name', () => {
  // 150 players; the names' order is not the players' order (k-th player is name 7k mod 151).
  const keys = Array.from({ length: 150 }, (_, i) => `${tag}-podium-${i + 1}`);
  const nameOf = (k: number) => `pdm_${tag}_${String((k * 7) % 151).padStart(3, '0')}`;
  const id = (k: number) => keys[k - 1];
  let month: { y: number; m: number };
  let prizeMonth: { y: number; m: number };
  const rounds: number[] = [];
  let game = 0;

  const listing = async (ranking: Ranking, limit?: number) => {
    const { data, error } = await anonClient().rpc('get_monthly_leaderboard', {
      month_input: month.m, year_input: month.y, ranking_input: ranking, ...(limit === undefined ? {} : { limit_input: limit }),
    });
    expect(error).toBeNull();
    return data!;
  };
  /** Each ranking's top 1, 20 and 100 equal the first rows of the month's whole listing (no podium read). */
  const expectTopPagesAsTheWholeMonth = async () => {
    for (const ranking of RANKINGS) {
      const whole = await listing(ranking);
      expect(whole).toHaveLength(await players());
      for (const limit of [1, 20, 100]) expect(await listing(ranking, limit), `${ranking} top ${limit}`).toEqual(whole.slice(0, limit));
    }
  };
  const players = async () =>
    Number((await q('select count(*) from public.monthly_standings where year = $1 and month = $2', [month.y, month.m])).rows[0].count);
  const podiumSizes = async () => (await q(
    `select count(*) filter (where podium_total)::int as total, count(*) filter (where podium_weekly)::int as weekly,
            count(*) filter (where podium_daily)::int as daily
     from public.monthly_standings where year = $1 and month = $2`, [month.y, month.m])).rows[0];

  beforeAll(async () => {
    month = await monthAhead(40);
    prizeMonth = await monthAhead(41);
    await addPlayers('select * from unnest($1::text[], $2::text[]) u(k, name)', [keys, keys.map((_, i) => nameOf(i + 1))]);
    rounds.push(await round(month.y, month.m), await round(prizeMonth.y, prizeMonth.m));
    game = await boostGame(month.y, month.m);
    // Boost: players 1–130 share first place (130 > 100: the tie is cut by name), 131–150 are 131st.
    // Quinielazo: player k has k mod 4 points (up to 140): 35 share each of ranks 1, 36, 71 (cut
    // at 100) and 106. Total: 32–33 share each of 8, 7, 6 and 5 points, the last tie at rank 99 (cut).
    await q(`insert into public.daily_scores (user_id, daily_game_id, points)
             select md5(k)::uuid, $2, case when n <= 130 then 5 else 1 end from unnest($1::text[]) with ordinality u(k, n)`, [keys, game]);
    await q(`insert into public.scores (user_id, quiniela_id, correct, points, bonuses)
             select md5(k)::uuid, $2, n % 4, n % 4, '[]' from unnest($1::text[]) with ordinality u(k, n) where n <= 140`, [keys, rounds[0]]);
    // The prize month: 120 players share first place of the total ranking.
    await q(`insert into public.scores (user_id, quiniela_id, correct, points, bonuses)
             select md5(k)::uuid, $2, 10, 10, '[]' from unnest($1::text[]) with ordinality u(k, n) where n <= 120`, [keys, rounds[1]]);
  });

  afterAll(async () => {
    await q('delete from public.daily_games where id = $1', [game]);
    await q('delete from public.quinielas where id = any($1)', [rounds]);
    await q('delete from auth.users where id = any(select md5(k)::uuid from unnest($1::text[]) k)', [keys]);
  });

  it('lists each ranking\'s top 1, 20 and 100 and a player\'s own row as the whole month does, ties by name', async () => {
    expect(await podiumSizes()).toEqual({ total: 100, weekly: 100, daily: 100 });
    await expectTopPagesAsTheWholeMonth();
    // The Boost tie of 130 at rank 1: its first 20 by name.
    const firstNames = Array.from({ length: 130 }, (_, i) => nameOf(i + 1)).sort().slice(0, 20);
    expect((await listing('daily', 20)).map((r) => [r.username, r.rank_daily])).toEqual(firstNames.map((n) => [n, 1]));
    // A player off every podium (131st in Boost, no Quinielazo points) reads his own row.
    const whole = await listing('total');
    const own = await anonClient().rpc('get_monthly_leaderboard', {
      month_input: month.m, year_input: month.y, user_id_input: whole.find((r) => r.username === nameOf(150))!.user_id,
    });
    expect(own.data).toEqual([whole.find((r) => r.username === nameOf(150))]);
    expect(own.data![0]).toMatchObject({ rank_daily: 131, weekly_points: 0, daily_points: 1 });
  });

  it('moves a renamed player into or out of a tie cut by name', async () => {
    // The last of the Boost tie by name is off its podium; renamed to sort first, he leads the page.
    const tie = Array.from({ length: 130 }, (_, i) => i + 1).sort((a, b) => nameOf(a).localeCompare(nameOf(b)));
    const last = tie.at(-1)!;
    const first = tie[0];
    await q('update public.profiles set username = $2 where id = md5($1)::uuid', [id(last), `pdm_${tag}_000`]);
    await q('update public.profiles set username = $2 where id = md5($1)::uuid', [id(first), `pdm_${tag}_999`]);
    expect((await listing('daily', 1)).map((r) => r.username)).toEqual([`pdm_${tag}_000`]);
    expect((await listing('daily', 100)).map((r) => r.username)).not.toContain(`pdm_${tag}_999`);
    expect(await podiumSizes()).toEqual({ total: 100, weekly: 100, daily: 100 });
    await expectTopPagesAsTheWholeMonth();
  });

  it('gives a deleted player\'s podium place to the next by name', async () => {
    const top = await listing('daily', 100);
    await q('delete from auth.users where id = $1', [top[5].user_id]);
    expect(await podiumSizes()).toEqual({ total: 100, weekly: 100, daily: 100 });
    await expectTopPagesAsTheWholeMonth();
  });

  it('keeps podiums by deltas that equal a full recompute', async () => {
    const rows = async () => (await q(
      `select user_id, total_points, rank_total, rank_weekly, rank_daily, podium_total, podium_weekly, podium_daily
       from public.monthly_standings_ranked where year = $1 and month = $2 order by user_id`, [month.y, month.m])).rows;
    // A second Boost answer moves 40 players of the tie ahead: the podiums follow by delta.
    await q(`update public.daily_scores set points = 6 where daily_game_id = $1
             and user_id = any(select md5(k)::uuid from unnest($2::text[]) k)`, [game, keys.slice(60, 100)]);
    await expectTopPagesAsTheWholeMonth();
    const kept = await rows();
    await q('select public.refresh_monthly_standings($1, $2)', [month.y, month.m]);
    expect(await rows()).toEqual(kept);
  });

  it('pays every player of a first place tied by more than 100 (the podium holds 100 of them)', async () => {
    const { data, error } = await anonClient().rpc('get_monthly_prizes', { month_input: prizeMonth.m, year_input: prizeMonth.y });
    expect(error).toBeNull();
    const tied = (await q(`select count(*)::int as n from public.monthly_standings_ranked
                           where year = $1 and month = $2 and rank_total = 1 and total_points > 0`, [prizeMonth.y, prizeMonth.m])).rows[0].n;
    expect(tied).toBeGreaterThan(100);
    expect(data).toHaveLength(tied);
    expect(new Set(data!.map((r) => r.rank))).toEqual(new Set([1]));
    expect(new Set(data!.map((r) => r.amount_mxn)).size).toBe(1);
    const podium = await q('select count(*)::int as n from public.monthly_standings where year = $1 and month = $2 and podium_total',
      [prizeMonth.y, prizeMonth.m]);
    expect(podium.rows[0].n).toBe(100);
  });
});

describe('the top 20 with 30,000 players tied first in the Boost ranking', () => {
  const PLAYERS = 30_000;
  let month: { y: number; m: number };
  let game = 0;
  let roundId = 0;
  const keyOf = `'${tag}-plan-' || n`;

  beforeAll(async () => {
    month = await monthAhead(42);
    await addPlayers(`select ${keyOf} as k, 'pp${tag}_' || n as name from generate_series(1, ${PLAYERS}) n`);
    game = await boostGame(month.y, month.m);
    roundId = await round(month.y, month.m);
    // Everyone answered the Boost game right (through the real triggers: the month's delta);
    // 300 of them also have Quinielazo points, so the total ranking's first places are few.
    await q(`insert into public.daily_scores (user_id, daily_game_id, points)
             select md5(${keyOf})::uuid, $1, 5 from generate_series(1, ${PLAYERS}) n`, [game]);
    await q(`insert into public.scores (user_id, quiniela_id, correct, points, bonuses)
             select md5(${keyOf})::uuid, $1, n % 13, n % 50, '[]' from generate_series(1, 300) n`, [roundId]);
    await q('analyze public.monthly_standings; analyze public.profiles');
  }, 240_000);

  afterAll(async () => {
    // Removed as they were loaded, set-based with the triggers off: 30,000 cascades one by one
    // took over a minute. Only these players' rows exist (no picks, no notices).
    const cleaner = await db().connect();
    try {
      await cleaner.query('set session_replication_role = replica');
      await cleaner.query('delete from public.daily_scores where daily_game_id = $1', [game]);
      await cleaner.query('delete from public.scores where quiniela_id = $1', [roundId]);
      await cleaner.query('delete from public.monthly_standings where year = $1 and month = $2', [month.y, month.m]);
      await cleaner.query('delete from public.standings_histogram where year = $1 and month = $2', [month.y, month.m]);
      await cleaner.query('delete from public.daily_games where id = $1', [game]);
      await cleaner.query('delete from public.quinielas where id = $1', [roundId]);
      await cleaner.query(`create temporary table podium_plan_players as select md5(${keyOf})::uuid as id from generate_series(1, ${PLAYERS}) n`);
      await cleaner.query('delete from public.profiles where id in (select id from podium_plan_players)');
      await cleaner.query('delete from auth.users where id in (select id from podium_plan_players)');
      await cleaner.query('drop table podium_plan_players');
    } finally {
      await cleaner.query('set session_replication_role = origin');
      cleaner.release();
    }
  }, 240_000);

  interface PlanNode { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Shared Hit Blocks': number; 'Shared Read Blocks': number; Plans?: PlanNode[] }
  const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
  const blocks = (n: PlanNode) => n['Shared Hit Blocks'] + n['Shared Read Blocks'];

  /** The plan of get_monthly_leaderboard's own query (auto_explain, nested statements) with its buffers. */
  async function planOfTop20(client: pg.PoolClient, ranking: Ranking) {
    const plans: { 'Query Text': string; Plan: PlanNode }[] = [];
    const onNotice = (m: { message?: string }) => {
      const at = m.message?.indexOf('plan:\n') ?? -1;
      if (at >= 0) plans.push(JSON.parse(m.message!.slice(at + 'plan:\n'.length)));
    };
    client.on('notice', onNotice);
    try {
      const { rows } = await client.query('select * from public.get_monthly_leaderboard($1, $2, 20, null, $3)', [month.m, month.y, ranking]);
      expect(rows).toHaveLength(20);
    } finally {
      client.off('notice', onNotice);
    }
    const inner = plans.find((p) => p['Query Text'].includes('from public.monthly_standings s'));
    expect(inner, 'auto_explain logged the leaderboard query').toBeDefined();
    return inner!.Plan;
  }

  it('reads each top 20 through its ranking\'s own podium index, a few hundred buffers', async () => {
    const sizes = (await q(
      `select count(*)::int as month, count(*) filter (where rank_daily = 1)::int as tied
       from public.monthly_standings_ranked where year = $1 and month = $2`, [month.y, month.m])).rows[0];
    expect(sizes).toEqual({ month: PLAYERS, tied: PLAYERS });
    const client = await db().connect();
    try {
      await client.query(`load 'auto_explain'`);
      for (const setting of ['log_min_duration = 0', 'log_analyze = on', 'log_buffers = on', 'log_nested_statements = on',
        'log_format = json', 'log_level = notice']) await client.query(`set auto_explain.${setting}`);
      for (const ranking of ['total', 'daily'] as const) {
        const plan = await planOfTop20(client, ranking);
        // Whether an index scan or a bitmap scan: the month's rows come from that index only,
        // the podium's 100 rows (and the dead versions of rows that left it) instead of the month.
        const standings = nodes(plan).filter((n) => n['Relation Name'] === 'monthly_standings' || n['Index Name']?.startsWith('monthly_standings'));
        expect(standings.map((n) => n['Node Type']), ranking).not.toContain('Seq Scan');
        expect(standings.flatMap((n) => n['Index Name'] ?? []), ranking).toEqual([`monthly_standings_podium_${ranking}_idx`]);
        expect(blocks(standings[0]), `${ranking}: standings buffers`).toBeLessThan(300);
        // The whole top 20 of the total ranking: its ~25 rows with their names, clubs and last
        // month's ranks. (The Boost page names its 100 tied rows first: at 30,000 players the
        // planner may read the players' table whole for that, at a million it does not.)
        if (ranking === 'total') expect(blocks(plan), 'total top 20 buffers').toBeLessThan(400);
      }
    } finally {
      await client.query('reset all');
      client.release();
    }
  });
});

describe('the podium\'s names: a key probe each for a few rows, one pass for many', () => {
  // internal.podium_of chooses its join from the size of the players' table (pg_class.reltuples):
  // a probe per row when the rows near the top are few against the players, one pass over the
  // profiles when they are a good part of them (docs/performance.md, "A million players"). Both
  // roads must name the same podium; each must be the one taken. The table's size is set inside
  // a transaction that is rolled back, so no other test sees it.
  const keys = Array.from({ length: 150 }, (_, i) => `${tag}-names-${i + 1}`);
  const nameOf = (k: number) => `pdn_${tag}_${String((k * 11) % 151).padStart(3, '0')}`;

  beforeAll(async () => {
    await addPlayers('select * from unnest($1::text[], $2::text[]) u(k, name)', [keys, keys.map((_, i) => nameOf(i + 1))]);
  });
  afterAll(async () => {
    await q('delete from auth.users where id = any(select md5(k)::uuid from unnest($1::text[]) k)', [keys]);
  });

  /** podium_of's answer and its query's plan, with the players' table counted as `reltuples` rows. */
  async function podiumWith(reltuples: number) {
    const client = await db().connect();
    const plans: string[] = [];
    const onNotice = (m: { message?: string }) => { if (m.message?.includes('plan:')) plans.push(m.message); };
    try {
      await client.query('begin');
      // The planner scales reltuples to the table's current pages: keep relpages at those pages.
      await client.query(
        `update pg_catalog.pg_class set reltuples = $1, relpages = greatest(1, pg_relation_size('public.profiles') / 8192)
         where oid = 'public.profiles'::regclass`, [reltuples]);
      await client.query(`load 'auto_explain'`);
      for (const setting of ['log_min_duration = 0', 'log_nested_statements = on', 'log_level = notice']) await client.query(`set local auto_explain.${setting}`);
      client.on('notice', onNotice);
      // Total: player k is k-th. Quinielazo: all 150 tied first (cut by name). Boost: nobody near the top.
      const { rows } = await client.query(
        `select p.user_id::text, p.podium_total, p.podium_weekly, p.podium_daily
         from internal.podium_of(array(select md5(k)::uuid from unnest($1::text[]) with ordinality u(k, n) order by n),
                                 array(select n::int from generate_series(1, 150) n), array_fill(1, array[150]), array_fill(101, array[150])) p
         order by 1`, [keys]);
      return { rows, plan: plans.find((p) => p.includes('from unnest(players')) ?? '' };
    } finally {
      client.off('notice', onNotice);
      await client.query('rollback');
      client.release();
    }
  }

  it('names the same podium by either road, and probes a few rows among a million players', async () => {
    const byName = keys.map((k, i) => ({ k, name: nameOf(i + 1) })).sort((a, b) => (a.name < b.name ? -1 : 1));
    const idOf = new Map((await q('select k, md5(k)::uuid::text as id from unnest($1::text[]) k', [keys])).rows.map((r) => [r.k, r.id]));
    const weekly = new Set(byName.slice(0, 100).map((r) => idOf.get(r.k)));
    const expected = keys
      .map((k, i) => ({ user_id: idOf.get(k)!, podium_total: i < 100, podium_weekly: weekly.has(idOf.get(k)), podium_daily: false }))
      .filter((r) => r.podium_total || r.podium_weekly)
      .sort((a, b) => (a.user_id < b.user_id ? -1 : 1));

    const few = await podiumWith(1_000_000); // 150 rows near the top among a million players
    const many = await podiumWith(200); // 150 rows near the top among 200 players: the pass
    expect(few.rows).toEqual(expected);
    expect(many.rows).toEqual(expected);
    expect(few.plan).toMatch(/Index Scan using profiles_pkey/);
    expect(few.plan).not.toMatch(/Seq Scan on profiles/);
  });
});
