// Finding (issue 27, item 1): a pick's upsert that began a second before the deadline, with a
// 700 MB body, committed twelve seconds after it; the round had been sealed in between with the
// old pick, so finalizing failed for ever ('…ya no coinciden con su sello'). The policies compare
// with now(), the transaction's start. Here a player's transaction is held open across the
// deadline and the seal exactly as PostgREST runs it (role authenticated, the JWT's claims), then
// committed: the database must refuse it at commit, and the round must still finalize.
// Also: the seal waits for a writer in flight instead of sealing around him, a Pro pick and a
// Boost answer are held to their deadline and lock the same way, and the API roles have hosted
// Supabase's statement timeouts.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { anonClient, db } from '../../support/clients.ts';
import { createPlayer, type Player } from '../../support/players.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);
const rounds: number[] = [];
const games: number[] = [];
const sessions: pg.Client[] = [];

let player: Player;
let other: Player;

beforeAll(async () => {
  [player, other] = await Promise.all([createPlayer(), createPlayer()]);
});

afterAll(async () => {
  for (const s of sessions) await s.end().catch(() => {});
  await q('delete from public.quinielas where id = any($1)', [rounds]);
  await q('delete from public.daily_games where id = any($1)', [games]);
  await db().end();
});

/** A connection that plays a PostgREST request of this player: one transaction, his role and claims. */
async function playerTransaction(who: Player): Promise<pg.Client> {
  const session = new pg.Client({ connectionString: inject('dbUrl') });
  sessions.push(session);
  await session.connect();
  await session.query('begin');
  await session.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: who.id, role: 'authenticated' })]);
  await session.query('set local role authenticated');
  // The transaction's now() is fixed from here: before the deadline.
  await session.query('select now()');
  return session;
}

/** A round with three matches whose deadline is `seconds` from the database clock. */
async function roundClosingIn(seconds: number) {
  const { rows: [round] } = await q(
    `insert into public.quinielas (name, week, deadline) values ('Cierre al commit', 1, now() + make_interval(secs => $1)) returning id, deadline`,
    [seconds],
  );
  rounds.push(Number(round.id));
  const { rows } = await q(
    `insert into public.matches (quiniela_id, match_order, home_team, away_team)
     values ($1, 1, 'América', 'Chivas'), ($1, 2, 'Cruz Azul', 'Pumas'), ($1, 3, 'Tigres', 'Rayados') returning id`,
    [round.id],
  );
  return { id: Number(round.id), matches: rows.map((r) => Number(r.id)) };
}

/** Polls the database clock until it passes `sql`'s timestamp (no sleeping past a guess). */
async function untilPast(sql: string, params: unknown[]) {
  const limit = Date.now() + 15_000;
  while (Date.now() < limit) {
    const { rows } = await q(`select now() > (${sql}) as past`, params);
    if (rows[0].past) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the deadline never passed');
}

async function savePicks(who: Player, roundId: number, picks: Array<[number, string]>) {
  const { error } = await who.client
    .from('picks')
    .upsert(picks.map(([match, result]) => ({ user_id: who.id, quiniela_id: roundId, match_id: match, result })), { onConflict: 'user_id,match_id' });
  expect(error).toBeNull();
}

async function finalize(round: { id: number; matches: number[] }) {
  for (const match of round.matches) await q(`update public.matches set correct_result = 'Local' where id = $1`, [match]);
  await q('update public.quinielas set results_saved = true where id = $1', [round.id]);
}

async function picksOf(who: Player, roundId: number) {
  const { rows } = await q('select match_id, result from public.picks where user_id = $1 and quiniela_id = $2 order by match_id', [who.id, roundId]);
  return rows.map((r) => [Number(r.match_id), r.result]);
}

describe('a pick commits only before the deadline, whatever its transaction started at', () => {
  it('refuses a change held open across the deadline and the seal; the round still finalizes with the sealed picks', async () => {
    const round = await roundClosingIn(3);
    const [m1, m2, m3] = round.matches as [number, number, number];
    await savePicks(player, round.id, [[m1, 'Local'], [m2, 'Local'], [m3, 'Empate']]);
    await savePicks(other, round.id, [[m1, 'Visita'], [m2, 'Local'], [m3, 'Local']]);

    // The attack: his change began before the deadline (the policy passed on now()) …
    const late = await playerTransaction(player);
    await late.query(
      `insert into public.picks (user_id, quiniela_id, match_id, result) values ($1, $2, $3, 'Visita')
       on conflict (user_id, match_id) do update set result = excluded.result`,
      [player.id, round.id, m1],
    );
    // … and is still open when the deadline passes and the round is sealed.
    await untilPast('select deadline from public.quinielas where id = $1', [round.id]);
    expect((await q('select public.seal_due_rounds() as n')).rows[0].n).toBeGreaterThanOrEqual(1);
    expect((await q('select count(*)::int as n from public.round_seals where quiniela_id = $1', [round.id])).rows[0].n).toBe(1);

    const commit = await late.query('commit').then(() => null, (e: { code?: string; message: string }) => e);
    expect(commit?.code).toBe('42501');
    expect(commit?.message).toMatch(/ya cerró/);
    expect(await picksOf(player, round.id)).toEqual([[m1, 'Local'], [m2, 'Local'], [m3, 'Empate']]);

    await finalize(round);
    const { rows } = await q('select user_id, correct from public.scores where quiniela_id = $1 order by correct desc', [round.id]);
    // All results Local: his sealed picks hit 2, the other player's 2 as well (m2, m3).
    expect(Object.fromEntries(rows.map((r) => [r.user_id, r.correct]))).toEqual({ [player.id]: 2, [other.id]: 2 });
  });

  it('refuses a new pick whose transaction began before the deadline but reached the round after the seal', async () => {
    const round = await roundClosingIn(3);
    const [m1, m2, m3] = round.matches as [number, number, number];
    await savePicks(player, round.id, [[m1, 'Local'], [m2, 'Visita']]);
    const late = await playerTransaction(player);
    await untilPast('select deadline from public.quinielas where id = $1', [round.id]);
    await q('select public.seal_due_rounds()');

    const write = await late
      .query(`insert into public.picks (user_id, quiniela_id, match_id, result) values ($1, $2, $3, 'Local')`, [player.id, round.id, m3])
      .then(() => late.query('commit'))
      .then(() => null, (e: { code?: string }) => e);
    expect(write?.code).toBe('42501');
    await late.query('rollback').catch(() => {});
    expect(await picksOf(player, round.id)).toEqual([[m1, 'Local'], [m2, 'Visita']]);
    await finalize(round);
    expect((await q('select correct from public.scores where quiniela_id = $1 and user_id = $2', [round.id, player.id])).rows[0].correct).toBe(1);
  });

  it('makes the seal wait for a writer in flight, then refuses him if the clock passed the deadline', async () => {
    const round = await roundClosingIn(3);
    const [m1] = round.matches as [number];
    const late = await playerTransaction(player);
    // A first pick: his insert holds the round's row (its key check) until he commits.
    await late.query(`insert into public.picks (user_id, quiniela_id, match_id, result) values ($1, $2, $3, 'Empate')`, [player.id, round.id, m1]);
    await untilPast('select deadline from public.quinielas where id = $1', [round.id]);

    const sealer = new pg.Client({ connectionString: inject('dbUrl') });
    sessions.push(sealer);
    await sealer.connect();
    const pid = (await sealer.query('select pg_backend_pid() as pid')).rows[0].pid;
    const sealing = sealer.query('select public.seal_due_rounds() as n');
    // The seal waits on the round's lock instead of skipping the round or sealing around him.
    const limit = Date.now() + 10_000;
    let waiting = false;
    while (!waiting && Date.now() < limit) {
      waiting = (await q(`select wait_event_type = 'Lock' as w from pg_stat_activity where pid = $1`, [pid])).rows[0]?.w === true;
      if (!waiting) await new Promise((r) => setTimeout(r, 50));
    }
    expect(waiting).toBe(true);

    const commit = await late.query('commit').then(() => null, (e: { code?: string }) => e);
    expect(commit?.code).toBe('42501');
    await sealing;
    expect((await q('select leaves from public.round_seals where quiniela_id = $1', [round.id])).rows[0]?.leaves).toBe(0);
    await finalize(round);
  });
});

describe('Pro picks and Boost answers are held to their deadline at commit too', () => {
  it('refuses a Pro pick held open across the deadline', async () => {
    const round = await roundClosingIn(3);
    const [m1] = round.matches as [number];
    const { rows: [entry] } = await q(`insert into public.paid_entries (quiniela_id, user_id, label) values ($1, $2, 'Entrada 1') returning id`, [round.id, player.id]);
    const { error } = await player.client.from('paid_picks').upsert({ paid_entry_id: entry.id, quiniela_id: round.id, match_id: m1, result: 'Local' });
    expect(error).toBeNull();

    const late = await playerTransaction(player);
    await late.query(`update public.paid_picks set result = 'Visita' where paid_entry_id = $1 and match_id = $2`, [entry.id, m1]);
    await untilPast('select deadline from public.quinielas where id = $1', [round.id]);
    const commit = await late.query('commit').then(() => null, (e: { code?: string }) => e);
    expect(commit?.code).toBe('42501');
    expect((await q('select result from public.paid_picks where paid_entry_id = $1', [entry.id])).rows[0].result).toBe('Local');
  });

  it('refuses a Boost answer held open across the lock', async () => {
    const { rows: [game] } = await q(
      `insert into public.daily_games (game_date, lock_date, game_type, question, points)
       values (date '2048-01-15', now() + interval '3 seconds', 'yesno', '¿Hay gol?', 3) returning id`,
    );
    games.push(Number(game.id));
    const late = await playerTransaction(player);
    await late.query(`insert into public.daily_game_picks (user_id, daily_game_id, answer) values ($1, $2, 'si')`, [player.id, game.id]);
    await untilPast('select lock_date from public.daily_games where id = $1', [game.id]);
    const commit = await late.query('commit').then(() => null, (e: { code?: string }) => e);
    expect(commit?.code).toBe('42501');
    expect((await q('select count(*)::int as n from public.daily_game_picks where daily_game_id = $1', [game.id])).rows[0].n).toBe(0);
  });
});

describe('statement timeouts of the API roles (as hosted Supabase sets them)', () => {
  const fn = `test_statement_timeout_${process.pid}`;
  beforeAll(async () => {
    await q(`create function public.${fn}() returns text language sql stable as $$ select current_setting('statement_timeout') $$`);
    await q(`grant execute on function public.${fn}() to anon, authenticated`);
    await q(`notify pgrst, 'reload schema'`);
  });
  afterAll(async () => {
    await q(`drop function if exists public.${fn}()`);
    await q(`notify pgrst, 'reload schema'`);
  });

  /** The setting a request of this client runs under (polled: PostgREST reloads its schema cache). */
  async function timeoutSeenBy(client: ReturnType<typeof anonClient>) {
    const limit = Date.now() + 10_000;
    for (;;) {
      const { data, error } = await client.rpc(fn as never);
      if (!error) return data as unknown as string;
      if (Date.now() > limit) throw new Error(error.message);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('gives a visitor 3 s and a player 8 s', async () => {
    expect(await timeoutSeenBy(anonClient())).toBe('3s');
    expect(await timeoutSeenBy(player.client)).toBe('8s');
  });
});
