// `npm run bench -- keys` (issue 43, item 2): what real foreign keys would cost the referees at
// 1,000,000 players, measured side by side in one run. On a platform of its own, 1,000,000
// players (as bench/million.ts builds them), one round and one Boost game; then, per derived
// table the referees write (scores, daily_scores, monthly_standings), one row per player
// inserted into a copy of the table with the same columns, checks and indexes, once without
// keys (what the referees pay today: the advisory-lock protocol, checked once per statement)
// and once with the foreign keys to profiles and to the round or game (deferrable, as they
// would be declared). The pairs alternate (KEYS_PAIRS, 2 by default); the medians and their ratio
// are printed. KEYS_PLAYERS sets the size (1,000,000 by default).
import pg from 'pg';
import { loadavg } from 'node:os';
import { addPlayers } from './million.ts';

const PLAYERS = Number(process.env.KEYS_PLAYERS ?? 1_000_000);
const PAIRS = Math.max(1, Number(process.env.KEYS_PAIRS ?? 2));

export interface KeysFigures {
  table: string;
  plainMs: number;
  keyedMs: number;
  ratio: number;
}

const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchKeys(platform: { dbUrl: string }): Promise<KeysFigures[]> {
  const db = new pg.Client({ connectionString: platform.dbUrl });
  await db.connect();
  const figures: KeysFigures[] = [];
  try {
    await db.query('set statement_timeout = 0');
    const t0 = performance.now();
    await addPlayers(db, 0, PLAYERS);
    const round = Number((await db.query(`insert into public.quinielas (name, week, deadline) values ('Llaves', 1, make_timestamp(2054, 3, 7, 18, 0, 0) at time zone 'America/Mexico_City') returning id`)).rows[0].id);
    const game = Number((await db.query(
      `insert into public.daily_games (game_date, lock_date, game_type, question, correct_answer, points)
       values (make_date(2054, 3, 8), now() - interval '1 minute', 'exactscore', 'Marcador exacto (llaves)', '2-1', 5) returning id`,
    )).rows[0].id);
    await db.query('vacuum analyze public.profiles');
    console.log(`${PLAYERS.toLocaleString('en')} players built in ${((performance.now() - t0) / 1000).toFixed(0)} s; load average ${load()}`);

    const tables = [
      {
        table: 'scores',
        parent: `foreign key (quiniela_id) references public.quinielas (id) deferrable initially deferred`,
        rows: `select md5('million-' || n)::uuid, ${round}::bigint, n % 13, n % 40, '[]'::jsonb from generate_series(1, ${PLAYERS}) n`,
        columns: '(user_id, quiniela_id, correct, points, bonuses)',
      },
      {
        table: 'daily_scores',
        parent: `foreign key (daily_game_id) references public.daily_games (id) deferrable initially deferred`,
        rows: `select md5('million-' || n)::uuid, ${game}::bigint, case when n % 12 = 0 then 5 else 0 end from generate_series(1, ${PLAYERS}) n`,
        columns: '(user_id, daily_game_id, points)',
      },
      {
        table: 'monthly_standings',
        parent: null,
        rows: `select 2054, 3, md5('million-' || n)::uuid, n % 40, 0, 0, n % 40 from generate_series(1, ${PLAYERS}) n`,
        columns: '(year, month, user_id, weekly_points, daily_points, referral_points, total_points)',
      },
    ];
    for (const t of tables) {
      await db.query(`drop table if exists bench_plain, bench_keyed`);
      // LIKE … INCLUDING ALL copies columns, defaults, generated columns, checks, indexes and storage
      // parameters (the standings' fillfactor), never foreign keys: the keyed copy adds them.
      await db.query(`create table bench_plain (like public.${t.table} including all)`);
      await db.query(`create table bench_keyed (like public.${t.table} including all)`);
      await db.query(`alter table bench_keyed add foreign key (user_id) references public.profiles (id) deferrable initially deferred`);
      if (t.parent) await db.query(`alter table bench_keyed add ${t.parent}`);
      const plain: number[] = [];
      const keyed: number[] = [];
      for (let pair = 0; pair < PAIRS; pair++) {
        for (const [name, into] of (pair % 2 ? [['bench_keyed', keyed], ['bench_plain', plain]] : [['bench_plain', plain], ['bench_keyed', keyed]]) as [string, number[]][]) {
          await db.query(`truncate ${name}`);
          await db.query('checkpoint');
          const started = performance.now();
          // One transaction, as a referee's: the deferred key checks run at its commit and count.
          await db.query('begin');
          await db.query(`insert into ${name} ${t.columns} ${t.rows} order by 1`);
          await db.query('commit');
          into.push(performance.now() - started);
        }
      }
      const f = { table: t.table, plainMs: median(plain), keyedMs: median(keyed), ratio: median(keyed) / median(plain) };
      figures.push(f);
      console.log(
        `${t.table.padEnd(18)} ${PLAYERS.toLocaleString('en')} rows: without keys ${(f.plainMs / 1000).toFixed(2)} s [${plain.map((x) => (x / 1000).toFixed(2)).join('/')}], ` +
          `with foreign keys ${(f.keyedMs / 1000).toFixed(2)} s [${keyed.map((x) => (x / 1000).toFixed(2)).join('/')}]: ${f.ratio.toFixed(2)}× ; load average ${load()}`,
      );
    }
    await db.query(`drop table if exists bench_plain, bench_keyed`);
    return figures;
  } finally {
    await db.end();
  }
}
