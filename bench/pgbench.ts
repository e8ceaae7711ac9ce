// `npm run bench -- pgbench` (issue 46, item 5): the rush per player, not per host. pgbench (the
// embedded PostgreSQL ships no pgbench binary; Debian's postgresql-client one is used) drives the
// 12-pick save two ways, side by side in one run, on the same database:
// * the product: PostgREST's transaction as it runs for a player's save, role authenticated with
//   his claims (RLS), into public.picks with its triggers (round, updated_at), its key checks and
//   the commit-time deadline check, answering the receipt (match, result, updated_at as JSON);
// * bare: the same 12 rows upserted by the superuser into a copy of picks with the same columns
//   and indexes and nothing else (no RLS, no triggers, no keys, no receipt).
// Per script: PostgreSQL's CPU per save (= per rushing player: one save of 12), its transactions
// per second and mean latency. Target: the product ≤ 1.5× bare in database CPU per save. The
// pairs alternate which runs first (PGBENCH_PAIRS, 3 by default), each PGBENCH_SECONDS long
// (10) with PGBENCH_CLIENTS connections (4), among PGBENCH_PLAYERS players (2,000), over pgbench's
// PGBENCH_PROTOCOL (`prepared`, as PostgREST sends its statements).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { postgresCpu } from './cpu.ts';

const PLAYERS = Number(process.env.PGBENCH_PLAYERS ?? 2000);
const PAIRS = Math.max(1, Number(process.env.PGBENCH_PAIRS ?? 3));
const SECONDS = Number(process.env.PGBENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.PGBENCH_CLIENTS ?? 4);
const TARGET = 1.5;
const PGBENCH = process.env.PGBENCH_PATH ?? 'pgbench';
// PostgREST prepares its statements (db-prepared-statements, on by default), so each save is
// planned once per connection, not once per request: `simple` plans every save (the product's
// policies plan as subqueries), which read 5.75× where prepared reads 5.25× (2026-12-03).
const PROTOCOL = process.env.PGBENCH_PROTOCOL ?? 'prepared';

const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** One player's save as PostgREST runs it (POST /picks?on_conflict=user_id,match_id with
 * return=representation and select=match_id,result,updated_at, as the app sends it). */
const PRODUCT = `\\set n random(1, :players)
\\set side random(0, 2)
BEGIN;
SELECT set_config('role', 'authenticated', true),
       set_config('request.jwt.claims', json_build_object('sub', md5('pgbench-' || :n)::uuid, 'role', 'authenticated')::text, true),
       set_config('request.method', 'POST', true);
WITH saved AS (
  INSERT INTO public.picks AS p (user_id, match_id, quiniela_id, result)
  SELECT md5('pgbench-' || :n)::uuid, m.id, m.quiniela_id, (ARRAY['Local','Empate','Visita'])[1 + (m.match_order + :side) % 3]
  FROM public.matches m WHERE m.quiniela_id = :round
  ON CONFLICT (user_id, match_id) DO UPDATE SET result = excluded.result
  RETURNING p.match_id, p.result, p.updated_at)
SELECT coalesce(json_agg(json_build_object('match_id', s.match_id, 'result', s.result, 'updated_at', s.updated_at)), '[]') FROM saved s;
COMMIT;
`;

/** The same rows, upserted bare. */
const BARE = `\\set n random(1, :players)
\\set side random(0, 2)
BEGIN;
INSERT INTO bench_bare_picks AS p (user_id, match_id, quiniela_id, result)
SELECT md5('pgbench-' || :n)::uuid, m.id, m.quiniela_id, (ARRAY['Local','Empate','Visita'])[1 + (m.match_order + :side) % 3]
FROM public.matches m WHERE m.quiniela_id = :round
ON CONFLICT (user_id, match_id) DO UPDATE SET result = excluded.result;
COMMIT;
`;

interface Run {
  transactions: number;
  tps: number;
  latencyMs: number;
  cpuMsPerSave: number;
}

function pgbench(dbUrl: string, script: string, round: number): Promise<{ transactions: number; tps: number; latencyMs: number }> {
  return new Promise((resolve, reject) => {
    execFile(
      PGBENCH,
      ['-n', '-M', PROTOCOL, '-f', script, '-c', String(CLIENTS), '-j', String(Math.min(CLIENTS, 2)), '-T', String(SECONDS), '-D', `players=${PLAYERS}`, '-D', `round=${round}`, dbUrl],
      { maxBuffer: 1 << 20 },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`pgbench: ${err.message}\n${stderr}`));
        const transactions = Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1]);
        const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
        if (!transactions || failed) return reject(new Error(`pgbench: ${transactions} transactions, ${failed} failed\n${stdout}\n${stderr}`));
        resolve({
          transactions,
          tps: Number(/tps = ([\d.]+)/.exec(stdout)?.[1]),
          latencyMs: Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1]),
        });
      },
    );
  });
}

export async function benchPgbench(platform: { dbUrl: string; pids: { postgres: number | undefined } }): Promise<{ product: Run; bare: Run; ratio: number }> {
  const db = new pg.Client({ connectionString: platform.dbUrl });
  await db.connect();
  const dir = await mkdtemp(join(tmpdir(), 'quinielazo-pgbench-'));
  let round: number | undefined;
  try {
    // The players (as sign-up leaves them: auth user, profile) and an open round of 12.
    await db.query(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data)
       select md5('pgbench-' || n)::uuid, 'authenticated', 'authenticated', 'pgbench' || n || '@bench.quinielazo.test', now(),
              jsonb_build_object('username', 'pgbench_' || n)
       from generate_series(1, $1::int) n on conflict do nothing`,
      [PLAYERS],
    );
    round = Number((await db.query(`insert into public.quinielas (name, week, deadline) values ('pgbench', 1, now() + interval '2 hours') returning id`)).rows[0].id);
    await db.query(`insert into public.matches (quiniela_id, match_order, home_team, away_team) select $1, n, 'Local ' || n, 'Visita ' || n from generate_series(1, 12) n`, [round]);
    await db.query('drop table if exists bench_bare_picks');
    await db.query('create table bench_bare_picks (like public.picks including defaults including generated including indexes)');
    await db.query('analyze auth.users; analyze public.profiles; analyze public.matches');
    const product = join(dir, 'product.sql');
    const bare = join(dir, 'bare.sql');
    await writeFile(product, PRODUCT);
    await writeFile(bare, BARE);

    const runs: Record<'product' | 'bare', Run[]> = { product: [], bare: [] };
    const once = async (which: 'product' | 'bare') => {
      const before = postgresCpu(platform.pids.postgres);
      const r = await pgbench(platform.dbUrl, which === 'product' ? product : bare, round!);
      const cpu = postgresCpu(platform.pids.postgres) - before;
      runs[which].push({ ...r, cpuMsPerSave: (cpu * 1000) / r.transactions });
    };
    // Warm both (the first run of each also fills the tables).
    await once('product');
    await once('bare');
    runs.product.length = 0;
    runs.bare.length = 0;
    for (let pair = 0; pair < PAIRS; pair++) {
      for (const which of pair % 2 ? (['bare', 'product'] as const) : (['product', 'bare'] as const)) await once(which);
    }
    const summary = (rs: Run[]): Run => ({
      transactions: median(rs.map((r) => r.transactions)),
      tps: median(rs.map((r) => r.tps)),
      latencyMs: median(rs.map((r) => r.latencyMs)),
      cpuMsPerSave: median(rs.map((r) => r.cpuMsPerSave)),
    });
    const p = summary(runs.product);
    const b = summary(runs.bare);
    const ratio = p.cpuMsPerSave / b.cpuMsPerSave;
    const line = (name: string, r: Run, all: Run[]) =>
      console.log(
        `  ${name.padEnd(44)} database CPU ${r.cpuMsPerSave.toFixed(2)} ms per save [${all.map((x) => x.cpuMsPerSave.toFixed(2)).join('/')}], ${r.tps.toFixed(0)} saves/s, latency ${r.latencyMs.toFixed(1)} ms`,
      );
    console.log(`pgbench (${PROTOCOL} statements), ${CLIENTS} connections, ${SECONDS} s per run, ${PAIRS} alternating pairs, ${PLAYERS.toLocaleString('en')} players' 12-pick saves; load average ${load()}`);
    line("the product's save (RLS, triggers, deadline, receipt)", p, runs.product);
    line('bare upsert of the same rows', b, runs.bare);
    console.log(
      `${new Date().toISOString().slice(0, 10)}: database CPU per rushing player (one 12-pick save) ${p.cpuMsPerSave.toFixed(2)} ms; the product's SQL ${ratio.toFixed(2)}× a bare upsert (target ≤ ${TARGET}×) ${ratio <= TARGET ? 'met' : 'NOT met'}`,
    );
    return { product: p, bare: b, ratio };
  } finally {
    await db.query('drop table if exists bench_bare_picks').catch(() => undefined);
    if (round !== undefined) await db.query('delete from public.quinielas where id = $1', [round]).catch(() => undefined);
    await db.query(`delete from auth.users where email like 'pgbench%@bench.quinielazo.test'`).catch(() => undefined);
    await db.end();
    await rm(dir, { recursive: true, force: true });
  }
}
