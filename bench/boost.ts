// Bench of the Boost referee: one game with 100,000 answers scored by public.score_daily_game
// (target ≤ 1 s), next to a plain count(*) over the same answers in the same run; then the
// same game re-scored after a correction (every row changes), re-run unchanged, and the next
// game of the month. Every figure includes keeping monthly_standings (ranks of the month).
//
// benchBoost(dbUrl) loads its own rows (game dated 2051, e-mails @boost-bench.quinielazo.test)
// and removes them at the end. Standalone: `npx tsx bench/boost.ts <database url>`.
import { pathToFileURL } from 'node:url';
import pg from 'pg';

const ANSWERS = Number(process.env.BENCH_PLAYERS ?? 100_000);
const EMAIL_DOMAIN = 'boost-bench.quinielazo.test';

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const value = await fn();
  return [performance.now() - t0, value];
}

async function cleanup(client: pg.Client) {
  await client.query(`delete from public.daily_games where game_date in ('2051-04-10', '2051-04-11')`);
  await client.query(`delete from auth.users where email like '%@${EMAIL_DOMAIN}'`);
  await client.query(`delete from public.monthly_standings where year = 2051`);
}

export interface BoostFigures {
  answers: number;
  countMs: number;
  scoreMs: number;
  rescoreMs: number;
  unchangedMs: number;
  secondMs: number;
}

export async function benchBoost(dbUrl: string): Promise<BoostFigures> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await cleanup(client);
    // Players and answers set-based with triggers off (replica mode): loading is not measured.
    await client.query(`set session_replication_role = replica`);
    await client.query(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data, created_at, updated_at)
       select md5('boost-bench-' || n)::uuid, 'authenticated', 'authenticated', 'b' || n || '@${EMAIL_DOMAIN}', now(), '{}'::jsonb, now(), now()
       from generate_series(1, $1) n`,
      [ANSWERS],
    );
    await client.query(
      `insert into public.profiles (id, username, email, referral_code, created_at)
       select md5('boost-bench-' || n)::uuid, 'boostb_' || n, 'b' || n || '@${EMAIL_DOMAIN}', 'BB' || lpad(upper(to_hex(n)), 6, '0'), now()
       from generate_series(1, $1) n`,
      [ANSWERS],
    );
    const game = Number((await client.query(
      `insert into public.daily_games (game_date, lock_date, game_type, question, correct_answer, points)
       values ('2051-04-10', now() - interval '1 minute', 'exactscore', 'Marcador exacto (bench)', '2-1', 5) returning id`,
    )).rows[0].id);
    // A spread of exact scores, in both canonical and loose spellings ('2 - 1').
    await client.query(
      `insert into public.daily_game_picks (user_id, daily_game_id, answer)
       select md5('boost-bench-' || n)::uuid, $2, case when n % 7 = 0 then (n % 4) || ' - ' || (n % 3) else (n % 4) || '-' || (n % 3) end
       from generate_series(1, $1) n`,
      [ANSWERS, game],
    );
    await client.query(`set session_replication_role = origin`);
    await client.query('analyze public.daily_game_picks; analyze public.daily_scores; analyze public.profiles');

    const [countMs, count] = await timed(async () => Number((await client.query('select count(*) from public.daily_game_picks where daily_game_id = $1', [game])).rows[0].count));
    const [scoreMs, first] = await timed(async () => (await client.query('select * from public.score_daily_game($1)', [game])).rows[0]);
    await client.query(`update public.daily_games set correct_answer = '1-1' where id = $1`, [game]);
    const [rescoreMs] = await timed(() => client.query('select * from public.score_daily_game($1)', [game]));
    const [unchangedMs] = await timed(() => client.query('select * from public.score_daily_game($1)', [game]));

    // A second game of the same month answered by the same players: they are already in the
    // month's standings, as on every day but the first of a month.
    const second = Number((await client.query(
      `insert into public.daily_games (game_date, lock_date, game_type, question, correct_answer, points)
       values ('2051-04-11', now() - interval '1 minute', 'yesno', '¿Hay gol? (bench)', 'Sí', 2) returning id`,
    )).rows[0].id);
    await client.query(`set session_replication_role = replica`);
    await client.query(
      `insert into public.daily_game_picks (user_id, daily_game_id, answer)
       select md5('boost-bench-' || n)::uuid, $2, case when n % 3 = 0 then 'No' else 'Sí' end from generate_series(1, $1) n`,
      [ANSWERS, second],
    );
    await client.query(`set session_replication_role = origin`);
    await client.query('analyze public.daily_game_picks');
    const [secondMs] = await timed(() => client.query('select * from public.score_daily_game($1)', [second]));

    const expected = Number((await client.query(
      `select count(*) filter (where public.normalize_daily_answer('exactscore', answer) = '2-1') from public.daily_game_picks where daily_game_id = $1`, [game],
    )).rows[0].count);
    if (Number(first.scored) !== count || Number(first.correct) !== expected) throw new Error(`score_daily_game scored ${first.scored}/${first.correct}, expected ${count}/${expected}`);

    const f = { answers: count, countMs, scoreMs, rescoreMs, unchangedMs, secondMs };
    console.log(`count(*) over ${count.toLocaleString('en')} answers            ${countMs.toFixed(0).padStart(6)} ms`);
    console.log(`score_daily_game, first scoring (${first.correct} correct) ${scoreMs.toFixed(0).padStart(6)} ms (target ≤ 1000 ms)`);
    console.log(`score_daily_game after a correction of the answer   ${rescoreMs.toFixed(0).padStart(6)} ms`);
    console.log(`score_daily_game re-run, nothing changes           ${unchangedMs.toFixed(0).padStart(6)} ms`);
    console.log(`score_daily_game, next game of the month (players already ranked) ${secondMs.toFixed(0).padStart(6)} ms`);
    return f;
  } finally {
    await cleanup(client).catch(() => undefined);
    await client.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url = process.argv[2];
  if (!url) throw new Error('usage: npx tsx bench/boost.ts <database url>');
  await benchBoost(url);
}
