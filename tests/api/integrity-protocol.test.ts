// The referees' tables keep no row-by-row foreign keys (issue 43, item 2: at 1,000,000 players
// the keys cost 3–5× the insert itself, `npm run bench -- keys`, docs/decisions.md "Foreign keys
// on the referees' tables"); a protocol keeps their integrity instead. These tests read the
// database's own catalog, so a writer added later that skips the protocol fails here:
// * every function that inserts or updates a month of monthly_standings takes that month's lock;
// * only internal.hold_score_keys turns the per-statement key checks off, after taking the
//   players' lock (shared), and every referee that calls it turns them back on;
// * every player column without a foreign key is emptied when the player is deleted, its table is
//   either checked by internal.check_score_keys or not writable by clients, and deleting
//   players takes the players' lock (exclusive);
// and the protocol works: a profile deletion waits for a referee holding the players, then takes
// the rows the referee wrote. Each catalog rule is also shown to catch a writer that skips it.
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { db } from '../support/clients.ts';
import { createPlayer } from '../support/players.ts';

type Query = (sql: string, params?: unknown[]) => Promise<pg.QueryResult>;
const q: Query = (sql, params = []) => db().query(sql, params);

/** The functions that insert into or update monthly_standings without taking the month's lock. */
async function standingsWritersWithoutLock(run: Query): Promise<string[]> {
  const { rows } = await run(
    `select p.oid::regprocedure::text as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname not in ('pg_catalog', 'information_schema')
       and p.prosrc ~* '(insert\\s+into|update)\\s+public\\.monthly_standings'
       and p.prosrc !~* 'internal\\.lock_standings_month\\s*\\('`,
  );
  return rows.map((r) => r.fn as string).sort();
}

/** Functions other than internal.hold_score_keys that turn the key checks off. */
async function keyChecksTurnedOffElsewhere(run: Query): Promise<string[]> {
  const { rows } = await run(
    `select p.oid::regprocedure::text as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname not in ('pg_catalog', 'information_schema')
       and p.prosrc ~* 'score_keys_held''\\s*,\\s*''on'''
       and p.oid <> 'internal.hold_score_keys()'::regprocedure`,
  );
  return rows.map((r) => r.fn as string).sort();
}

/** Public tables with a player column (user_id) that no foreign key covers. */
async function unkeyedPlayerTables(run: Query): Promise<string[]> {
  const { rows } = await run(
    `select c.relname as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = c.oid and a.attname = 'user_id' and not a.attisdropped
     where n.nspname = 'public' and c.relkind = 'r'
       and not exists (select 1 from pg_constraint k where k.conrelid = c.oid and k.contype = 'f' and a.attnum = any (k.conkey))`,
  );
  return rows.map((r) => r.t as string).sort();
}

describe('the keys protocol of the referees\' tables', () => {
  it('every writer of a month of standings takes the month\'s lock, and a writer that skips it is caught', async () => {
    const { rows: writers } = await q(
      `select p.proname from pg_proc p where p.prosrc ~* '(insert\\s+into|update)\\s+public\\.monthly_standings' order by 1`,
    );
    // The rule reads real writers (not an empty set).
    expect(writers.map((r) => r.proname)).toEqual(expect.arrayContaining(['apply_standings_delta', 'place_podiums', 'refresh_monthly_standings']));
    expect(await standingsWritersWithoutLock(q)).toEqual([]);

    const client = await db().connect();
    try {
      await client.query('begin');
      await client.query(
        `create function internal.skips_the_month_lock(u uuid) returns void language sql as $$
           update public.monthly_standings set total_points = total_points + 1 where user_id = u
         $$`,
      );
      expect(await standingsWritersWithoutLock((sql, params) => client.query(sql, params))).toEqual(['internal.skips_the_month_lock(uuid)']);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  it('only hold_score_keys turns the key checks off, after taking the players\' lock, and its callers turn them back on', async () => {
    expect(await keyChecksTurnedOffElsewhere(q)).toEqual([]);
    const { rows: [hold] } = await q(`select prosrc from pg_proc where oid = 'internal.hold_score_keys()'::regprocedure`);
    const source = hold.prosrc as string;
    expect(source.indexOf('pg_advisory_xact_lock_shared')).toBeGreaterThan(-1);
    expect(source.indexOf('pg_advisory_xact_lock_shared')).toBeLessThan(source.indexOf("'quinielazo.score_keys_held', 'on'"));
    const { rows: callers } = await q(
      `select p.oid::regprocedure::text as fn, p.prosrc ~* 'score_keys_held''\\s*,\\s*''off''' as turns_back
       from pg_proc p where p.prosrc ~* 'internal\\.hold_score_keys\\s*\\(' and p.oid <> 'internal.hold_score_keys()'::regprocedure order by 1`,
    );
    expect(callers.map((c) => c.fn)).toEqual(['score_daily_game(bigint)', 'score_round(bigint)']);
    expect(callers.filter((c) => !c.turns_back)).toEqual([]);

    const client = await db().connect();
    try {
      await client.query('begin');
      await client.query(
        `create function internal.skips_the_players_lock() returns void language plpgsql as $$
         begin perform set_config('quinielazo.score_keys_held', 'on', true); end $$`,
      );
      expect(await keyChecksTurnedOffElsewhere((sql, params) => client.query(sql, params))).toEqual(['internal.skips_the_players_lock()']);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  it('every player column without a foreign key leaves with its player and is checked or closed to clients', async () => {
    const unkeyed = await unkeyedPlayerTables(q);
    expect(unkeyed).toEqual(expect.arrayContaining(['daily_scores', 'monthly_standings', 'scores']));
    const { rows: [cleaner] } = await q(`select prosrc from pg_proc where oid = 'internal.drop_rows_of_deleted_players()'::regprocedure`);
    const notCleaned = unkeyed.filter((t) => !new RegExp(`delete\\s+from\\s+public\\.${t}\\b`, 'i').test(cleaner.prosrc as string));
    expect(notCleaned).toEqual([]);
    for (const t of unkeyed) {
      const { rows: [r] } = await q(
        `select has_table_privilege('authenticated', $1, 'insert') or has_table_privilege('authenticated', $1, 'update')
                or has_any_column_privilege('authenticated', $1, 'insert') or has_any_column_privilege('authenticated', $1, 'update') as writable,
                (select count(*)::int from pg_trigger tg where tg.tgrelid = $1::regclass
                   and tg.tgfoid = 'internal.check_score_keys()'::regprocedure) as key_triggers`,
        [`public.${t}`],
      );
      // A table clients can write is checked on insert and on update.
      expect({ table: t, unchecked: r.writable && r.key_triggers < 2 }).toEqual({ table: t, unchecked: false });
    }
    const { rows: [hold] } = await q(
      `select count(*)::int as n from pg_trigger where tgrelid = 'public.profiles'::regclass
       and tgfoid = 'internal.hold_players_for_deletion()'::regprocedure and tgenabled <> 'D'`,
    );
    expect(hold.n).toBe(1);

    // A new table with an unkeyed player column is caught until the cleaner names it.
    const client = await db().connect();
    try {
      await client.query('begin');
      await client.query('create table public.forgets_its_players (user_id uuid not null)');
      expect(await unkeyedPlayerTables((sql, params) => client.query(sql, params))).toContain('forgets_its_players');
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  it('a profile deletion waits for a referee that holds the players, then takes the rows it wrote', async () => {
    const player = await createPlayer();
    const { rows: [round] } = await q(
      `insert into public.quinielas (name, week, deadline) values ('Protocolo', 1, '2045-02-10 18:00-06') returning id`,
    );
    const referee = await db().connect();
    const deleter = await db().connect();
    try {
      await referee.query('begin');
      const { rows: [held] } = await referee.query('select internal.hold_score_keys() as held');
      expect(held.held).toBe(true);
      const { rows: [pid] } = await deleter.query('select pg_backend_pid() as pid');
      const deletion = deleter.query('delete from auth.users where id = $1', [player.id]);
      // The deletion waits on the players' lock, not on a row: the referee has locked no row.
      await expect
        .poll(async () => (await q(`select wait_event_type, wait_event from pg_stat_activity where pid = $1`, [pid.pid])).rows[0])
        .toEqual({ wait_event_type: 'Lock', wait_event: 'advisory' });
      // The referee writes the player's score with the key checks off, as score_round does.
      await referee.query(`insert into public.scores (user_id, quiniela_id, correct, points, bonuses) values ($1, $2, 5, 5, '[]')`, [player.id, round.id]);
      await referee.query(`select set_config('quinielazo.score_keys_held', 'off', true)`);
      await referee.query('commit');
      await deletion;
      const { rows: [left] } = await q(
        `select (select count(*)::int from public.scores where user_id = $1) as scores,
                (select count(*)::int from public.monthly_standings where user_id = $1) as standings`,
        [player.id],
      );
      expect(left).toEqual({ scores: 0, standings: 0 });
    } finally {
      await referee.query('rollback').catch(() => undefined);
      referee.release();
      deleter.release();
      await q('delete from public.quinielas where id = $1', [round.id]);
    }
  });
});
