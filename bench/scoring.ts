// Bench of the referee at production scale: 100,000 players, a round of 12 matches with
// 1.2 M picks scored by public.score_round (target ≤ 5 s for every round of the month, and
// ≤ 3× the plain aggregate of correct picks per player over the same picks), then a
// month of 4 rounds and Boost games and the monthly leaderboard through PostgREST (target p95
// ≤ 50 ms). It also checks that the standings kept by deltas equal a full recompute.
//
// benchScoring(dbUrl, api?) loads its own rows (year 2049, e-mails @bench.quinielazo.test) and
// removes them at the end. Without `api` the leaderboard is timed over SQL instead of HTTP.
// Standalone: `npx tsx bench/scoring.ts` starts a fresh local platform and runs it there.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 50);
const EMAIL_DOMAIN = 'bench.quinielazo.test';
const YEAR = 2049;
const MONTH = 3;

export interface BenchApi {
  url: string;
  anonKey: string;
}

export interface ScoringFigures {
  players: number;
  picks: number;
  aggregateMs: number;
  scoreRoundMs: number;
  rescoreRoundMs: number;
  monthRoundsMs: number[];
  leaderboardTop20: { p50: number; p95: number };
  leaderboardOwnRow: { p50: number; p95: number };
  leaderboardFullMs: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const value = await fn();
  return [performance.now() - t0, value];
}

async function series(calls: number, fn: () => Promise<void>) {
  await fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < calls; i++) times.push((await timed(fn))[0]);
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function cleanup(client: pg.Client) {
  await client.query(`delete from public.quinielas where deadline >= make_date(${YEAR}, 1, 1) and deadline < make_date(${YEAR + 1}, 1, 1)`);
  await client.query(`delete from public.daily_games where game_date >= make_date(${YEAR}, 1, 1) and game_date < make_date(${YEAR + 1}, 1, 1)`);
  await client.query(`delete from auth.users where email like '%@${EMAIL_DOMAIN}'`);
  await client.query(`delete from public.monthly_standings where year = ${YEAR}`);
}

/** Creates a round of 12 matches in the bench month; returns its id. */
async function createRound(client: pg.Client, day: number, last: boolean): Promise<number> {
  const { rows } = await client.query(
    `insert into public.quinielas (name, week, deadline, is_last_of_month)
     values ('Bench ${day}', ${day}, make_timestamp(${YEAR}, ${MONTH}, ${day}, 18, 0, 0) at time zone 'America/Mexico_City', $1) returning id`,
    [last],
  );
  const id = Number(rows[0].id);
  await client.query(
    `insert into public.matches (quiniela_id, match_order, home_team, away_team, correct_result,
                                 special_bonus_points, underdog_bonus_points, underdog_bonus_side)
     select ${id}, n, 'Local ' || n, 'Visita ' || n, (array['Local','Empate','Visita'])[1 + (n * 7 + ${id}) % 3],
            case when n = 1 then 5 else 0 end, case when n = 2 then 3 else 0 end, case when n = 2 then 'Visita' end
     from generate_series(1, 12) n`,
  );
  return id;
}

/** 12 picks for `share` of the players (chosen by a hash of the player, so deterministic). */
async function loadPicks(client: pg.Client, round: number, share: number) {
  // Triggers off for the bulk load (replica mode): quiniela_id is given right, and the
  // policies do not apply to the superuser anyway. Scoring runs with triggers on.
  await client.query(`set session_replication_role = replica`);
  await client.query(
    `insert into public.picks (user_id, match_id, quiniela_id, result, created_at, updated_at)
     select b.id, m.id, ${round},
            (array['Local','Empate','Visita'])[1 + abs(hashint4(b.n * 31 + m.match_order * 7 + ${round})) % 3],
            now(), now()
     from bench_players b
     cross join public.matches m
     where m.quiniela_id = ${round} and abs(hashint4(b.n + ${round})) % 1000 < ${Math.round(share * 1000)}`,
  );
  await client.query(`set session_replication_role = origin`);
  await client.query(`analyze public.picks`);
}

/** results_saved without the trigger, so score_round is timed on its own, explicitly. */
async function finalizeQuietly(client: pg.Client, round: number) {
  await client.query(`set session_replication_role = replica`);
  await client.query('update public.quinielas set results_saved = true where id = $1', [round]);
  await client.query(`set session_replication_role = origin`);
}

export async function benchScoring(dbUrl: string, api?: BenchApi): Promise<ScoringFigures> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const log = (m: string) => console.log(m);
  try {
    await cleanup(client);
    log(`Scoring bench: ${PLAYERS.toLocaleString('en')} players …`);

    // Players: auth.users then profiles, set-based, with the sign-up trigger off (replica
    // mode) because the chain's per-row work is not what is measured.
    await client.query(`set session_replication_role = replica`);
    await client.query(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data, created_at, updated_at)
       select md5('bench-player-' || n)::uuid, 'authenticated', 'authenticated', 'p' || n || '@${EMAIL_DOMAIN}', now(),
              '{}'::jsonb, now(), now()
       from generate_series(1, $1) n`,
      [PLAYERS],
    );
    await client.query(
      `with clubs as (select array_agg(id order by id) as ids from public.clubs)
       insert into public.profiles (id, username, email, favorite_club_id, referral_code, created_at)
       select md5('bench-player-' || n)::uuid, 'bench_' || n, 'p' || n || '@${EMAIL_DOMAIN}',
              c.ids[1 + n % greatest(cardinality(c.ids), 1)], 'BX' || lpad(upper(to_hex(n)), 6, '0'), now()
       from generate_series(1, $1) n cross join clubs c`,
      [PLAYERS],
    );
    await client.query(`set session_replication_role = origin`);
    // A few referrals, so the referral path is part of what is timed.
    await client.query(
      `update public.profiles f set referred_by = md5('bench-player-' || (n - 1))::uuid
       from generate_series(2, $1, 50) n where f.id = md5('bench-player-' || n)::uuid`,
      [PLAYERS],
    );
    await client.query(`create temporary table bench_players as
                        select n, md5('bench-player-' || n)::uuid as id from generate_series(1, ${PLAYERS}) n`);
    await client.query(`analyze public.profiles; analyze auth.users`);

    // One round, every player, 12 picks each.
    const first = await createRound(client, 1, false);
    await loadPicks(client, first, 1);
    const picks = Number((await client.query('select count(*) from public.picks where quiniela_id = $1', [first])).rows[0].count);
    await finalizeQuietly(client, first);
    // The yardstick (issue 12: score_round ≤ 3× it): the plain aggregate of each player's
    // correct picks over the same picks, in the same run, right before scoring.
    const [aggregateMs] = await timed(() => client.query(
      `select count(*) from (select p.user_id, count(*) filter (where p.result = m.correct_result) as correct
                             from public.picks p join public.matches m on m.id = p.match_id
                             where p.quiniela_id = $1 group by p.user_id) t`, [first]));
    const [scoreRoundMs, scored] = await timed(() => client.query('select public.score_round($1) as n', [first]));
    const [rescoreRoundMs] = await timed(() => client.query('select public.score_round($1)', [first]));
    log(`plain aggregate of correct picks per player over the same ${picks.toLocaleString('en')} picks: ${aggregateMs.toFixed(0)} ms`);
    log(`score_round: ${Number(scored.rows[0].n).toLocaleString('en')} players, ${picks.toLocaleString('en')} picks: ${scoreRoundMs.toFixed(0)} ms = ${(scoreRoundMs / aggregateMs).toFixed(1)}× the aggregate (target ≤ 3×, and ≤ 5000 ms); again (no change): ${rescoreRoundMs.toFixed(0)} ms`);

    // The rest of the month: three more rounds (90 % turnout) and a Boost game a day.
    const monthRoundsMs: number[] = [];
    for (const [day, last] of [[8, false], [15, false], [22, true]] as const) {
      const round = await createRound(client, day, last);
      await loadPicks(client, round, 0.9);
      await finalizeQuietly(client, round);
      monthRoundsMs.push((await timed(() => client.query('select public.score_round($1)', [round])))[0]);
    }
    // The standings were kept by deltas (apply_standings_delta): they must equal a full
    // recompute from the source rows, rank for rank.
    await client.query(`create temporary table bench_standings as select * from public.monthly_standings_ranked where year = ${YEAR}`);
    await client.query(`select public.refresh_monthly_standings(${YEAR}, ${MONTH})`);
    const drift = Number((await client.query(
      `select count(*) as n from ((select * from bench_standings except select * from public.monthly_standings_ranked where year = ${YEAR})
                                  union all
                                  (select * from public.monthly_standings_ranked where year = ${YEAR} except select * from bench_standings)) d`,
    )).rows[0].n);
    if (drift > 0) throw new Error(`monthly_standings kept by deltas differ from a full recompute in ${drift} rows`);
    log('standings kept by deltas = full recompute (0 rows differ)');

    await client.query(`set session_replication_role = replica`);
    await client.query(
      `insert into public.daily_games (game_date, lock_date, game_type, question, correct_answer, points)
       select make_date(${YEAR}, ${MONTH}, d), make_timestamp(${YEAR}, ${MONTH}, d, 23, 59, 0) at time zone 'America/Mexico_City',
              'yesno', '¿Hay gol? ' || d, 'Sí', 1 + d % 3
       from generate_series(1, 28) d`,
    );
    await client.query(
      `insert into public.daily_scores (user_id, daily_game_id, points)
       select b.id, g.id, case when abs(hashint4(b.n * 13 + g.id::int)) % 2 = 0 then g.points else 0 end
       from public.daily_games g cross join bench_players b
       where g.game_date >= make_date(${YEAR}, ${MONTH}, 1) and g.game_date < make_date(${YEAR}, ${MONTH} + 1, 1)
         and abs(hashint4(b.n + g.id::int)) % 10 < 3`,
    );
    await client.query(`set session_replication_role = origin`);
    const [refreshMs] = await timed(() => client.query(`select public.refresh_monthly_standings(${YEAR}, ${MONTH})`));
    await client.query('analyze public.monthly_standings; analyze public.scores; analyze public.daily_scores');
    const totals = (await client.query(
      `select count(*) as players, (select count(*) from public.daily_scores ds join public.daily_games g on g.id = ds.daily_game_id
                                    where extract(year from g.game_date) = ${YEAR}) as boost
       from public.monthly_standings where year = ${YEAR} and month = ${MONTH}`,
    )).rows[0];
    log(`month: 4 rounds scored in ${[scoreRoundMs, ...monthRoundsMs].map((t) => t.toFixed(0)).join(' / ')} ms, ${Number(totals.boost).toLocaleString('en')} Boost scores; full standings refresh ${refreshMs.toFixed(0)} ms; ${Number(totals.players).toLocaleString('en')} players ranked`);

    const own = (await client.query(`select user_id from public.monthly_standings where year = ${YEAR} and month = ${MONTH} order by total_points limit 1 offset 100`)).rows[0].user_id;
    const args = { month_input: MONTH, year_input: YEAR };
    let top20: () => Promise<void>;
    let ownRow: () => Promise<void>;
    let full: () => Promise<void>;
    if (api) {
      // As the app calls it (supabase-js rpc = POST with a JSON body).
      const call = async (body: Record<string, unknown>) => {
        const res = await fetch(`${api.url}/rest/v1/rpc/get_monthly_leaderboard`, {
          method: 'POST',
          headers: { apikey: api.anonKey, authorization: `Bearer ${api.anonKey}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`get_monthly_leaderboard: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      };
      top20 = () => call({ ...args, limit_input: 20 });
      ownRow = () => call({ ...args, user_id_input: own });
      full = () => call(args);
    } else {
      const sql = (limit: number | null, user: string | null) => async () =>
        void (await client.query('select * from public.get_monthly_leaderboard($1, $2, $3, $4)', [MONTH, YEAR, limit, user]));
      top20 = sql(20, null);
      ownRow = sql(null, own);
      full = sql(null, null);
    }
    const via = api ? 'PostgREST' : 'SQL';
    const leaderboardTop20 = await series(CALLS, top20);
    const leaderboardOwnRow = await series(CALLS, ownRow);
    const [leaderboardFullMs] = await timed(full);
    log(`get_monthly_leaderboard via ${via}, ${CALLS} calls: top 20 p50 ${leaderboardTop20.p50.toFixed(1)} ms, p95 ${leaderboardTop20.p95.toFixed(1)} ms (target ≤ 50); own row p50 ${leaderboardOwnRow.p50.toFixed(1)} ms, p95 ${leaderboardOwnRow.p95.toFixed(1)} ms; all ${Number(totals.players).toLocaleString('en')} rows once: ${leaderboardFullMs.toFixed(0)} ms`);

    return {
      players: PLAYERS, picks, aggregateMs, scoreRoundMs, rescoreRoundMs, monthRoundsMs,
      leaderboardTop20, leaderboardOwnRow, leaderboardFullMs,
    };
  } finally {
    await client.query(`set session_replication_role = origin`).catch(() => undefined);
    // BENCH_KEEP=1 leaves the rows for inspection (explain analyze); the next run removes them.
    if (!process.env.BENCH_KEEP) await cleanup(client).catch((e) => console.error('bench cleanup failed:', e));
    await client.end();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { startPlatform } = await import('../supabase/local/platform.ts');
  const { freePort } = await import('../supabase/local/wait.ts');
  const dataDir = await mkdtemp(join(tmpdir(), 'quinielazo-bench-scoring-'));
  const platform = await startPlatform({
    dataDir,
    throwawayTestDatabase: true,
    scheduler: false,
    ports: { api: await freePort(), db: await freePort(), inbox: await freePort(), smtp: await freePort(), app: await freePort(), mercadopago: await freePort() },
  });
  try {
    await benchScoring(platform.dbUrl, { url: platform.apiUrl, anonKey: platform.anonKey });
  } finally {
    await platform.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
