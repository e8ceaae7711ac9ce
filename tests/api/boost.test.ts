// Boost's referee and fairness through the real API: players answer through PostgREST while a
// game is open, the admin sets the answer and scores it; scores are checked against
// hand-computed points for each type, re-running and correcting keep one row per player and
// game, the monthly Boost totals follow, and nobody but admins reads the answer before the lock.
// The games live in May–June 2046 (far from the seed and other files); their locks are set
// relative to the database clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, db, serviceClient } from '../support/clients.ts';
import { createPlayer, type Player } from '../support/players.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);

let A: Player, B: Player, C: Player, admin: Player;
let match: number, exact: number, yesno: number, overunder: number;
const games: number[] = [];

/** An open game (locks in an hour by the database clock) on a date of 2046. */
async function openGame(date: string, type: string, points: number): Promise<number> {
  const { rows } = await q(
    `insert into public.daily_games (game_date, lock_date, game_type, question, points)
     values ($1, now() + interval '1 hour', $2, '¿Pregunta de prueba?', $3) returning id`,
    [date, type, points],
  );
  games.push(Number(rows[0].id));
  return Number(rows[0].id);
}

async function answer(player: Player, game: number, value: string) {
  const { error } = await player.client
    .from('daily_game_picks')
    .upsert({ user_id: player.id, daily_game_id: game, answer: value }, { onConflict: 'user_id,daily_game_id' });
  expect(error).toBeNull();
}

async function lock(game: number) {
  await q(`update public.daily_games set lock_date = now() - interval '1 second' where id = $1`, [game]);
}

async function setAnswer(game: number, value: string) {
  const { error } = await admin.client.from('daily_games').update({ correct_answer: value }).eq('id', game);
  expect(error).toBeNull();
}

async function scoresOf(game: number): Promise<Record<string, number>> {
  const { rows } = await q('select user_id, points from public.daily_scores where daily_game_id = $1', [game]);
  return Object.fromEntries(rows.map((r) => [r.user_id as string, Number(r.points)]));
}

async function boostTotal(player: Player, month: number): Promise<number | undefined> {
  const { data, error } = await anonClient().rpc('get_monthly_leaderboard', { month_input: month, year_input: 2046, user_id_input: player.id });
  expect(error).toBeNull();
  return data?.[0]?.daily_points;
}

beforeAll(async () => {
  [A, B, C, admin] = await Promise.all([createPlayer(), createPlayer(), createPlayer(), createPlayer({ admin: true })]);
  match = await openGame('2046-05-01', 'match', 2);
  exact = await openGame('2046-05-31', 'exactscore', 5);
  yesno = await openGame('2046-05-15', 'yesno', 3);
  // June 1st: counts in June, not May.
  overunder = await openGame('2046-06-01', 'overunder', 4);

  await answer(A, match, 'Visita');
  await answer(B, match, ' visita ');
  await answer(C, match, 'Local');
  await answer(A, exact, '2 - 1');
  await answer(B, exact, '02-1');
  await answer(C, exact, '1-2');
  await answer(A, yesno, 'si');
  await answer(B, yesno, 'No');
  await answer(A, overunder, 'MENOS');
  await answer(C, overunder, 'Más');
});

afterAll(async () => {
  await q('delete from public.daily_games where id = any($1)', [games]);
  await db().end();
});

describe('answers', () => {
  it('are stored in one canonical form per type', async () => {
    const { rows } = await q(
      `select daily_game_id, answer from public.daily_game_picks where user_id = $1 order by daily_game_id`,
      [B.id],
    );
    expect(Object.fromEntries(rows.map((r) => [Number(r.daily_game_id), r.answer]))).toEqual({ [match]: 'Visita', [exact]: '2-1', [yesno]: 'No' });
  });

  it('refuses an answer that is not one of the type with a Spanish message', async () => {
    const { error } = await A.client
      .from('daily_game_picks')
      .upsert({ user_id: A.id, daily_game_id: exact, answer: '11-0' }, { onConflict: 'user_id,daily_game_id' });
    expect(error?.code).toBe('22023');
    expect(error?.message).toBe('Respuesta no válida para este Boost');
    const wrongType = await A.client
      .from('daily_game_picks')
      .upsert({ user_id: A.id, daily_game_id: yesno, answer: 'Local' }, { onConflict: 'user_id,daily_game_id' });
    expect(wrongType.error?.code).toBe('22023');
  });

  it('never shows a player the answers of others', async () => {
    const { data, error } = await B.client.from('daily_game_picks').select('user_id, answer').eq('daily_game_id', match);
    expect(error).toBeNull();
    expect(data).toEqual([{ user_id: B.id, answer: 'Visita' }]);
  });

  it('cannot set the server-owned times', async () => {
    const { error } = await A.client.from('daily_game_picks').update({ created_at: '2000-01-01T00:00:00Z' }).eq('daily_game_id', match);
    expect(error?.code).toBe('42501');
  });
});

describe('fairness of the correct answer', () => {
  it('is hidden from visitors and players before the lock, visible after', async () => {
    await setAnswer(yesno, 'Sí');
    const visitor = await anonClient().from('daily_games').select('correct_answer').eq('id', yesno);
    expect(visitor.error?.code).toBe('42501');
    const player = await A.client.from('daily_games').select('correct_answer').eq('id', yesno);
    expect(player.error?.code).toBe('42501');
    const star = await A.client.from('daily_games').select('*').eq('id', yesno);
    expect(star.error?.code).toBe('42501');
    const readable = await anonClient().from('daily_games').select('id, question, points').eq('id', yesno);
    expect(readable.data).toEqual([{ id: yesno, question: '¿Pregunta de prueba?', points: 3 }]);

    const before = await A.client.rpc('get_my_daily_games', { since_input: '2046-05-15' });
    expect(before.data?.find((g) => g.id === yesno)).toMatchObject({ correct_answer: null, answer: 'Sí', scored: false, earned: null });
    const adminView = await admin.client.rpc('admin_daily_games', { limit_input: 200 });
    expect(adminView.data?.find((g) => g.id === yesno)?.correct_answer).toBe('Sí');
    const refused = await A.client.rpc('admin_daily_games', { limit_input: 10 });
    expect(refused.error?.code).toBe('42501');

    await lock(yesno);
    const after = await A.client.rpc('get_my_daily_games', { since_input: '2046-05-15' });
    expect(after.data?.find((g) => g.id === yesno)).toMatchObject({ correct_answer: 'Sí', answer: 'Sí' });
    // Visitors have no history of their own.
    const visitorHistory = await anonClient().rpc('get_my_daily_games', { since_input: '2046-05-01' });
    expect(visitorHistory.error?.code).toBe('42501');
  });
});

describe('score_daily_game', () => {
  it('is refused to players, before the lock and without an answer; unknown games are named', async () => {
    await setAnswer(match, 'Visita');
    const early = await admin.client.rpc('score_daily_game', { p_daily_game_id: match });
    expect(early.error?.code).toBe('22023');
    await lock(match);
    await lock(exact);
    await lock(overunder);
    const byPlayer = await A.client.rpc('score_daily_game', { p_daily_game_id: match });
    expect(byPlayer.error?.code).toBe('42501');
    const unanswered = await admin.client.rpc('score_daily_game', { p_daily_game_id: exact });
    expect(unanswered.error?.message).toBe('Este Boost no tiene respuesta correcta');
    const missing = await admin.client.rpc('score_daily_game', { p_daily_game_id: -1 });
    expect(missing.error?.message).toBe('Daily game not found');
    expect(await scoresOf(match)).toEqual({});
  });

  it('gives the points to answers equal to the correct one, per type', async () => {
    await setAnswer(exact, '2-1');
    await setAnswer(overunder, 'menos');
    for (const game of [match, exact, yesno, overunder]) {
      const { error } = await admin.client.rpc('score_daily_game', { p_daily_game_id: game });
      expect(error).toBeNull();
    }
    expect(await scoresOf(match)).toEqual({ [A.id]: 2, [B.id]: 2, [C.id]: 0 });
    expect(await scoresOf(exact)).toEqual({ [A.id]: 5, [B.id]: 5, [C.id]: 0 });
    expect(await scoresOf(yesno)).toEqual({ [A.id]: 3, [B.id]: 0 });
    expect(await scoresOf(overunder)).toEqual({ [A.id]: 4, [C.id]: 0 });
    const counts = await admin.client.rpc('score_daily_game', { p_daily_game_id: match });
    expect(counts.data).toEqual([{ scored: 3, correct: 2 }]);
  });

  it('is idempotent: one row per player and game', async () => {
    const { error } = await serviceClient().rpc('score_daily_game', { p_daily_game_id: exact });
    expect(error).toBeNull();
    const { rows } = await q(
      `select count(*)::int as n, count(distinct user_id)::int as players from public.daily_scores where daily_game_id = any($1)`,
      [[match, exact, yesno, overunder]],
    );
    expect(rows[0]).toEqual({ n: 10, players: 3 });
  });

  it('feeds the monthly Boost totals by the game date', async () => {
    expect(await boostTotal(A, 5)).toBe(2 + 5 + 3);
    expect(await boostTotal(B, 5)).toBe(2 + 5);
    expect(await boostTotal(A, 6)).toBe(4);
    const detail = await anonClient().rpc('get_user_daily_scores_by_month', { user_id_input: A.id, month_input: 5, year_input: 2046 });
    const { rows } = await q(
      `select coalesce(sum(s.points), 0)::int as total from public.daily_scores s join public.daily_games g on g.id = s.daily_game_id
       where s.user_id = $1 and g.game_date >= '2046-05-01' and g.game_date < '2046-06-01'`,
      [A.id],
    );
    expect(detail.data?.reduce((sum, item) => sum + (item.points ?? 0), 0)).toBe(rows[0].total);
    expect(rows[0].total).toBe(10);
  });

  it('re-scores a corrected answer without duplicates, also through the scheduled job', async () => {
    await setAnswer(match, 'Local');
    await admin.client.rpc('score_daily_game', { p_daily_game_id: match });
    expect(await scoresOf(match)).toEqual({ [A.id]: 0, [B.id]: 0, [C.id]: 2 });
    expect(await boostTotal(C, 5)).toBe(2);
    expect(await boostTotal(A, 5)).toBe(5 + 3);

    // Corrected again without scoring: the job finds it.
    await setAnswer(match, 'Visita');
    const job = await serviceClient().rpc('score_locked_daily_games');
    expect(job.error).toBeNull();
    expect(await scoresOf(match)).toEqual({ [A.id]: 2, [B.id]: 2, [C.id]: 0 });
    expect(await boostTotal(A, 5)).toBe(10);
    const again = await serviceClient().rpc('score_locked_daily_games');
    expect(await scoresOf(match)).toEqual({ [A.id]: 2, [B.id]: 2, [C.id]: 0 });
    expect(again.error).toBeNull();
    const { rows } = await q('select count(*)::int as n from public.daily_scores where daily_game_id = $1', [match]);
    expect(rows[0].n).toBe(3);
  });

  it('the scheduled job is refused to players', async () => {
    const { error } = await A.client.rpc('score_locked_daily_games');
    expect(error?.code).toBe('42501');
  });
});

describe('a player deleted while his Boost game is scored', () => {
  /** A locked yes/no game of July 2046 answered 'Sí' (correct) by a stayer and the leaver. */
  async function answeredGame(date: string) {
    const [stayer, leaver] = await Promise.all([createPlayer(), createPlayer()]);
    const game = await openGame(date, 'yesno', 3);
    await answer(stayer, game, 'Sí');
    await answer(leaver, game, 'Sí');
    await lock(game);
    await setAnswer(game, 'Sí');
    return { game, stayer, leaver };
  }

  /** Polls until the session running `statement` waits for a lock (it is blocked by the other side). */
  async function waits(statement: string) {
    await expect
      .poll(async () => (await q(
        `select count(*)::int as n from pg_stat_activity
         where wait_event_type = 'Lock' and datname = current_database() and query like $1`, [`${statement}%`])).rows[0].n, { timeout: 30_000 })
      .toBeGreaterThan(0);
  }

  async function leftovers(game: number, leaver: Player) {
    const { rows } = await q(
      `select (select count(*)::int from public.daily_scores where daily_game_id = $1 and user_id = $2) as boost,
              (select count(*)::int from public.monthly_standings where user_id = $2) as standings`, [game, leaver.id]);
    return rows[0];
  }

  it('scoring first: the deletion waits for it and takes his points with him', async () => {
    const { game, stayer, leaver } = await answeredGame('2046-07-10');
    const scorer = await db().connect();
    try {
      await scorer.query('begin');
      expect((await scorer.query('select * from public.score_daily_game($1)', [game])).rows[0]).toEqual({ scored: 2, correct: 2 });
      const deletion = q('delete from auth.users where id = $1', [leaver.id]);
      await waits('delete from auth.users');
      await scorer.query('commit');
      await deletion;
    } finally {
      scorer.release();
    }
    expect(await leftovers(game, leaver)).toEqual({ boost: 0, standings: 0 });
    expect(await scoresOf(game)).toEqual({ [stayer.id]: 3 });
  });

  it('deletion first: scoring waits for it and scores the players left', async () => {
    const { game, stayer, leaver } = await answeredGame('2046-07-11');
    const deleter = await db().connect();
    try {
      await deleter.query('begin');
      await deleter.query('delete from auth.users where id = $1', [leaver.id]);
      const scoring = q('select * from public.score_daily_game($1)', [game]);
      await waits('select * from public.score_daily_game');
      await deleter.query('commit');
      expect((await scoring).rows[0]).toEqual({ scored: 1, correct: 1 });
    } finally {
      deleter.release();
    }
    expect(await leftovers(game, leaver)).toEqual({ boost: 0, standings: 0 });
    expect(await scoresOf(game)).toEqual({ [stayer.id]: 3 });
  });
});
