// Bench of the ligas at production scale (issue 29): 100,000 players in 10,000 ligas (one of
// 500, the rest of about 10; the 500 also play in a small one), a month of scored rounds and
// an open round with 70 % of the players' picks. Through PostgREST as a member of the big liga
// (supabase-js rpc = POST with a JSON body), beside the global leaderboard on the same rows:
// get_league_standings p95 ≤ 20 ms and get_league_missing_picks p95 ≤ 20 ms for the liga of 500.
//
// benchLeagues(dbUrl, api) loads its own rows (year 2050, e-mails @bench-ligas.quinielazo.test)
// and removes them at the end. Standalone: `npx tsx bench/leagues.ts`.
import { SignJWT } from 'jose';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { JWT_SECRET } from '../supabase/local/config.ts';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100_000);
const LEAGUES = 10_000;
const BIG = 500;
const CALLS = Number(process.env.BENCH_CALLS ?? 50);
const EMAIL_DOMAIN = 'bench-ligas.quinielazo.test';
const YEAR = 2050;
const MONTH = 3;
const TARGET_MS = 20;
/** Rows of a page of the table (limit_input). */
const PAGE = 50;

export interface LeagueApi {
  url: string;
  anonKey: string;
}

export interface Series {
  p50: number;
  p95: number;
}

export interface LeagueFigures {
  players: number;
  leagues: number;
  standings: Series;
  missing: Series;
  myLeagues: Series;
  globalTop20: Series;
  missingCount: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function series(calls: number, fn: () => Promise<unknown>): Promise<Series> {
  await fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function cleanup(client: pg.Client) {
  await client.query(`delete from public.leagues where code like 'BL%'`);
  await client.query(`delete from public.quinielas where name like 'Bench ligas %'`);
  await client.query(`delete from auth.users where email like '%@${EMAIL_DOMAIN}'`);
  await client.query(`delete from public.monthly_standings where year = ${YEAR}`);
}

/** A liga code for bench liga `i`: 'BL' and six characters of the codes' alphabet. */
const CODE_SQL = (i: string) =>
  `'BL' || (select string_agg(substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 1 + (${i} / (32 ^ k)::int) % 32, 1), '' order by k desc) from generate_series(0, 5) k)`;

export async function benchLeagues(dbUrl: string, api: LeagueApi): Promise<LeagueFigures> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const log = (m: string) => console.log(m);
  try {
    await cleanup(client);
    log(`Ligas bench: ${PLAYERS.toLocaleString('en')} players in ${LEAGUES.toLocaleString('en')} ligas …`);
    // Rows set-based with triggers off (replica mode): the sign-up chain and the standings
    // deltas are not what is measured; the standings are then built by the real refresh.
    await client.query(`set session_replication_role = replica`);
    await client.query(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data, created_at, updated_at)
       select md5('bench-liga-player-' || n)::uuid, 'authenticated', 'authenticated', 'p' || n || '@${EMAIL_DOMAIN}', now(), '{}'::jsonb, now(), now()
       from generate_series(1, $1) n`,
      [PLAYERS],
    );
    await client.query(
      `with clubs as (select array_agg(id order by id) as ids from public.clubs)
       insert into public.profiles (id, username, email, favorite_club_id, referral_code, created_at)
       select md5('bench-liga-player-' || n)::uuid, 'liga_' || n, 'p' || n || '@${EMAIL_DOMAIN}',
              c.ids[1 + n % greatest(cardinality(c.ids), 1)], 'BL' || lpad(upper(to_hex(n)), 6, '0'), now()
       from generate_series(1, $1) n cross join clubs c`,
      [PLAYERS],
    );
    await client.query(`insert into public.notification_preferences (user_id) select md5('bench-liga-player-' || n)::uuid from generate_series(1, $1) n`, [PLAYERS]);
    // Liga 0 holds players 1–500; ligas 1–9,999 the rest by n mod 9,999 (about 10 each), and
    // the 500 also play in one of those.
    await client.query(
      `insert into public.leagues (id, name, code, owner_id, created_by)
       select md5('bench-liga-' || i)::uuid, 'Liga ' || i, ${CODE_SQL('i')},
              md5('bench-liga-player-' || case when i = 0 then 1 else ${BIG} + i end)::uuid,
              md5('bench-liga-player-' || case when i = 0 then 1 else ${BIG} + i end)::uuid
       from generate_series(0, ${LEAGUES - 1}) i`,
    );
    await client.query(
      `insert into public.league_members (league_id, user_id, joined_at)
       select md5('bench-liga-' || case when n <= ${BIG} then 0 else 1 + (n - ${BIG} - 1) % ${LEAGUES - 1} end)::uuid,
              md5('bench-liga-player-' || n)::uuid, now() - make_interval(secs => n)
       from generate_series(1, $1) n
       union all
       select md5('bench-liga-' || (1 + n % ${LEAGUES - 1}))::uuid, md5('bench-liga-player-' || n)::uuid, now()
       from generate_series(1, ${BIG}) n`,
      [PLAYERS],
    );
    // Last month and this month: four scored rounds each (scores straight in), then the real refresh.
    for (const month of [MONTH - 1, MONTH]) {
      for (const day of [3, 10, 17, 24]) {
        const round = Number((await client.query(
          `insert into public.quinielas (name, week, deadline, results_saved)
           values ('Bench ligas ${month}-${day}', ${day}, make_timestamp(${YEAR}, ${month}, ${day}, 18, 0, 0) at time zone 'America/Mexico_City', true) returning id`,
        )).rows[0].id);
        await client.query(
          `insert into public.scores (user_id, quiniela_id, correct, points)
           select md5('bench-liga-player-' || n)::uuid, $1, c, c + (c / 8) * 3
           from generate_series(1, $2) n cross join lateral (select abs(hashint4(n * 31 + $1::int)) % 13 as c) x
           where abs(hashint4(n + $1::int)) % 10 < 9`,
          [round, PLAYERS],
        );
      }
    }
    // The open round: 12 matches, 70 % of the players with all their picks, 10 % with some.
    const open = Number((await client.query(
      `insert into public.quinielas (name, week, deadline) values ('Bench ligas abierta', 1, now() + interval '30 days') returning id`,
    )).rows[0].id);
    await client.query(
      `insert into public.matches (quiniela_id, match_order, home_team, away_team) select $1, n, 'Local ' || n, 'Visita ' || n from generate_series(1, 12) n`,
      [open],
    );
    await client.query(
      `insert into public.picks (user_id, match_id, quiniela_id, result, created_at, updated_at)
       select md5('bench-liga-player-' || n)::uuid, m.id, $1, (array['Local','Empate','Visita'])[1 + abs(hashint4(n * 7 + m.match_order)) % 3], now(), now()
       from generate_series(1, $2) n cross join public.matches m
       where m.quiniela_id = $1
         and (abs(hashint4(n)) % 10 < 7 or (abs(hashint4(n)) % 10 = 7 and m.match_order <= 6))`,
      [open, PLAYERS],
    );
    await client.query(`set session_replication_role = origin`);
    await client.query(`select public.refresh_monthly_standings(${YEAR}, ${MONTH - 1}), public.refresh_monthly_standings(${YEAR}, ${MONTH})`);
    await client.query('analyze public.profiles; analyze public.leagues; analyze public.league_members; analyze public.monthly_standings; analyze public.picks; analyze public.scores');

    const big = (await client.query(`select md5('bench-liga-0')::uuid as id`)).rows[0].id as string;
    const member = (await client.query(`select md5('bench-liga-player-' || 250)::uuid as id`)).rows[0].id as string;
    const token = await new SignJWT({ role: 'authenticated', aud: 'authenticated', email: `p250@${EMAIL_DOMAIN}`, session_id: crypto.randomUUID(), aal: 'aal1', is_anonymous: false })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(member)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(JWT_SECRET));
    const rpc = (fn: string, body: Record<string, unknown>, bearer = token) => async () => {
      const res = await fetch(`${api.url}/rest/v1/rpc/${fn}`, {
        method: 'POST',
        headers: { apikey: api.anonKey, authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${fn}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const table = (await rpc('get_league_standings', { league_id: big, month_input: MONTH, year_input: YEAR })()) as unknown[];
    const missingRows = (await rpc('get_league_missing_picks', { league_id: big, quiniela_id: open })()) as unknown[];
    if (table.length !== BIG) throw new Error(`get_league_standings answered ${table.length} rows, not ${BIG}`);

    const globalTop20 = await series(CALLS, rpc('get_monthly_leaderboard', { month_input: MONTH, year_input: YEAR, limit_input: 20 }, api.anonKey));
    // The whole table (what the liga page reads: its members list and round tables need every
    // member), then a page of it: the first 50 rows and the caller's own, all 500 ranked.
    const standings = await series(CALLS, rpc('get_league_standings', { league_id: big, month_input: MONTH, year_input: YEAR, limit_input: PAGE }));
    const standingsAll = await series(CALLS, rpc('get_league_standings', { league_id: big, month_input: MONTH, year_input: YEAR }));
    const missing = await series(CALLS, rpc('get_league_missing_picks', { league_id: big, quiniela_id: open }));
    const myLeagues = await series(CALLS, rpc('get_my_leagues', {}));
    // The same calls over SQL as the member (no HTTP, no JSON): the database's own share.
    await client.query(`select set_config('request.jwt.claims', json_build_object('sub', $1::text, 'role', 'authenticated')::text, false)`, [member]);
    // On a shared machine the wall clock measures the neighbours too: the backend's own CPU time
    // per call (utime + stime of its process, /proc, in clock ticks of 10 ms) does not.
    const backend = Number((await client.query('select pg_backend_pid() as pid')).rows[0].pid);
    const cpuMs = async () => {
      const fields = (await readFile(`/proc/${backend}/stat`, 'utf8')).split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    };
    const sql = (text: string, params: unknown[]) => async () => {
      const s = await series(CALLS, () => client.query(text, params));
      const before = await cpuMs();
      for (let i = 0; i < CALLS; i++) await client.query(text, params);
      return { ...s, cpu: ((await cpuMs()) - before) / CALLS };
    };
    const sqlGlobal = await sql('select * from public.get_monthly_leaderboard($1, $2, 20)', [MONTH, YEAR])();
    const sqlStandings = await sql('select * from public.get_league_standings($1, $2, $3, $4)', [big, MONTH, YEAR, PAGE])();
    const sqlMissing = await sql('select * from public.get_league_missing_picks($1, $2)', [big, open])();
    const date = new Date().toISOString().slice(0, 10);
    const line = (name: string, s: Series, target?: number) =>
      log(`${name.padEnd(52)} p50 ${s.p50.toFixed(1).padStart(6)} ms   p95 ${s.p95.toFixed(1).padStart(6)} ms${target ? `   (target p95 ≤ ${target} ms: ${s.p95 <= target ? 'met' : 'MISSED'})` : ''}`);
    log(`${date}, via PostgREST, ${CALLS} calls each, ${PLAYERS.toLocaleString('en')} players, ${LEAGUES.toLocaleString('en')} ligas:`);
    line('get_monthly_leaderboard, top 20 (global, beside)', globalTop20, 50);
    line(`get_league_standings, liga of ${BIG} (all ${BIG} rows)`, standingsAll, TARGET_MS);
    line(`get_league_standings, liga of ${BIG} (first ${PAGE} rows + own)`, standings);
    line(`get_league_missing_picks, liga of ${BIG} (${missingRows.length} missing)`, missing, TARGET_MS);
    line('get_my_leagues, a player in 2 ligas (500 and ~10)', myLeagues);
    log(`the same over SQL (the database's share), and the backend's CPU time per call:`);
    for (const [name, s] of [['  get_monthly_leaderboard, top 20', sqlGlobal], [`  get_league_standings, liga of 500, first ${PAGE}`, sqlStandings], ['  get_league_missing_picks, liga of 500', sqlMissing]] as const) {
      log(`${name.padEnd(52)} p50 ${s.p50.toFixed(1).padStart(6)} ms   p95 ${s.p95.toFixed(1).padStart(6)} ms   CPU ${s.cpu.toFixed(1).padStart(5)} ms a call`);
    }
    log(`load average while measuring: ${(await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ')}`);
    return { players: PLAYERS, leagues: LEAGUES, standings, missing, myLeagues, globalTop20, missingCount: missingRows.length };
  } finally {
    await client.query(`set session_replication_role = origin`).catch(() => undefined);
    if (!process.env.BENCH_KEEP) await cleanup(client).catch((e) => console.error('bench cleanup failed:', e));
    await client.end();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { startPlatform } = await import('../supabase/local/platform.ts');
  const { freePort } = await import('../supabase/local/wait.ts');
  const dataDir = await mkdtemp(join(tmpdir(), 'quinielazo-bench-leagues-'));
  const platform = await startPlatform({
    dataDir,
    throwawayTestDatabase: true,
    scheduler: false,
    ports: { api: await freePort(), db: await freePort(), inbox: await freePort(), smtp: await freePort(), app: await freePort(), mercadopago: await freePort() },
  });
  try {
    await benchLeagues(platform.dbUrl, { url: platform.apiUrl, anonKey: platform.anonKey });
  } finally {
    await platform.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
