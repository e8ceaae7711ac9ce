// The database clock decides: picks only while now() < deadline and results are not saved,
// Boost answers only while now() < lock_date, and only for the caller's own user id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../support/clients.ts';
import { createPlayer, type Player } from '../support/players.ts';

let player: Player;
let other: Player;

beforeAll(async () => {
  [player, other] = await Promise.all([createPlayer(), createPlayer()]);
});

const created: number[] = [];

afterAll(async () => {
  // Open rounds left behind would become other files' "current" round.
  await db().query('delete from public.quinielas where id = any($1)', [created]);
  await db().end();
});

/** A round with two matches, its deadline `offsetSeconds` from the database clock. */
async function round(offsetSeconds: number, resultsSaved = false) {
  const { rows: [q] } = await db().query(
    `insert into public.quinielas (name, week, deadline, results_saved)
     values ('Jornada de prueba', 1, now() + make_interval(secs => $1), $2) returning id`,
    [offsetSeconds, resultsSaved],
  );
  created.push(Number(q.id));
  const { rows } = await db().query(
    `insert into public.matches (quiniela_id, match_order, home_team, away_team)
     values ($1, 1, 'América', 'Chivas'), ($1, 2, 'Cruz Azul', 'Pumas') returning id`,
    [q.id],
  );
  return { id: Number(q.id), matchIds: rows.map((r) => Number(r.id)) };
}

async function closeRound(id: number) {
  await db().query(`update public.quinielas set deadline = now() - interval '1 second' where id = $1`, [id]);
}

async function storedPicks(userId: string, quinielaId: number) {
  const { rows } = await db().query('select match_id, result from public.picks where user_id = $1 and quiniela_id = $2 order by match_id', [userId, quinielaId]);
  return rows.map((r) => ({ match_id: Number(r.match_id), result: r.result }));
}

describe('picks and the round deadline', () => {
  it('accepts picks before the deadline and refuses them after it', async () => {
    const r = await round(3600);
    const before = await player.client.from('picks').insert({ user_id: player.id, quiniela_id: r.id, match_id: r.matchIds[0], result: 'Local' });
    expect(before.error).toBeNull();

    await closeRound(r.id);
    const after = await player.client.from('picks').insert({ user_id: player.id, quiniela_id: r.id, match_id: r.matchIds[1], result: 'Visita' });
    expect(after.error?.code).toBe('42501');
    const change = await player.client
      .from('picks')
      .upsert({ user_id: player.id, quiniela_id: r.id, match_id: r.matchIds[0], result: 'Empate' }, { onConflict: 'user_id,match_id' });
    expect(change.error?.code).toBe('42501');
    const patch = await player.client.from('picks').update({ result: 'Empate' }).eq('match_id', r.matchIds[0]).select();
    expect(patch.data).toEqual([]);

    expect(await storedPicks(player.id, r.id)).toEqual([{ match_id: r.matchIds[0], result: 'Local' }]);
  });

  it('refuses picks once the results are saved, even before the deadline', async () => {
    const r = await round(3600, true);
    const { error } = await player.client.from('picks').insert({ user_id: player.id, quiniela_id: r.id, match_id: r.matchIds[0], result: 'Local' });
    expect(error?.code).toBe('42501');
  });

  it('refuses picks written for another player', async () => {
    const r = await round(3600);
    const { error } = await other.client.from('picks').insert({ user_id: player.id, quiniela_id: r.id, match_id: r.matchIds[0], result: 'Local' });
    expect(error?.code).toBe('42501');
    expect(await storedPicks(player.id, r.id)).toEqual([]);

    await player.client.from('picks').insert({ user_id: player.id, quiniela_id: r.id, match_id: r.matchIds[0], result: 'Local' });
    const steal = await other.client.from('picks').update({ result: 'Visita' }).eq('user_id', player.id).select();
    expect(steal.data).toEqual([]);
    const move = await player.client.from('picks').update({ user_id: other.id }).eq('match_id', r.matchIds[0]);
    expect(move.error?.code).toBe('42501');
    expect(await storedPicks(player.id, r.id)).toEqual([{ match_id: r.matchIds[0], result: 'Local' }]);
  });

  it('upserts on (user_id, match_id) while the round is open: the outbox flush', async () => {
    const r = await round(3600);
    const first = r.matchIds.map((match_id) => ({ user_id: player.id, quiniela_id: r.id, match_id, result: 'Local' }));
    expect((await player.client.from('picks').upsert(first, { onConflict: 'user_id,match_id' })).error).toBeNull();
    const second = r.matchIds.map((match_id, i) => ({ user_id: player.id, quiniela_id: r.id, match_id, result: i ? 'Visita' : 'Empate' }));
    const { data, error } = await player.client.from('picks').upsert(second, { onConflict: 'user_id,match_id' }).select('match_id, result, updated_at');
    expect(error).toBeNull();
    expect(data).toHaveLength(2);
    expect(await storedPicks(player.id, r.id)).toEqual([
      { match_id: r.matchIds[0], result: 'Empate' },
      { match_id: r.matchIds[1], result: 'Visita' },
    ]);
  });

  it('refuses a pick filed under a round other than its match\'s', async () => {
    const open = await round(3600);
    const closed = await round(3600);
    await closeRound(closed.id);
    const { error } = await player.client.from('picks').insert({ user_id: player.id, quiniela_id: open.id, match_id: closed.matchIds[0], result: 'Local' });
    expect(error?.code).toBe('23514');
    expect(error?.message).toBe('Ese partido no es de esta quiniela.');
  });

  it('never shows another player\'s picks, before or after the deadline', async () => {
    const r = await round(3600);
    await player.client.from('picks').insert({ user_id: player.id, quiniela_id: r.id, match_id: r.matchIds[0], result: 'Local' });
    expect((await other.client.from('picks').select('*').eq('quiniela_id', r.id)).data).toEqual([]);
    expect((await player.client.from('picks').select('result').eq('quiniela_id', r.id)).data).toEqual([{ result: 'Local' }]);
    await closeRound(r.id);
    expect((await other.client.from('picks').select('*').eq('quiniela_id', r.id)).data).toEqual([]);
    expect((await player.client.from('picks').select('result').eq('quiniela_id', r.id)).data).toEqual([{ result: 'Local' }]);
  });
});

describe('Boost answers and the lock', () => {
  async function boostGame(offsetSeconds: number) {
    const { rows: [g] } = await db().query(
      `insert into public.daily_games (game_date, lock_date, game_type, question, points)
       values ((now() at time zone 'America/Mexico_City')::date + 1, now() + make_interval(secs => $1), 'yesno', '¿Habrá gol antes del minuto 10?', 2)
       returning id`,
      [offsetSeconds],
    );
    return Number(g.id);
  }

  async function storedAnswer(userId: string, gameId: number) {
    const { rows } = await db().query('select answer from public.daily_game_picks where user_id = $1 and daily_game_id = $2', [userId, gameId]);
    return rows[0]?.answer;
  }

  it('accepts and updates an answer before the lock and refuses both after it', async () => {
    const game = await boostGame(3600);
    const answer = (a: string) =>
      player.client.from('daily_game_picks').upsert({ user_id: player.id, daily_game_id: game, answer: a }, { onConflict: 'user_id,daily_game_id' });
    expect((await answer('Sí')).error).toBeNull();
    expect((await answer('No')).error).toBeNull();
    expect(await storedAnswer(player.id, game)).toBe('No');

    await db().query(`update public.daily_games set lock_date = now() - interval '1 second' where id = $1`, [game]);
    expect((await answer('Sí')).error?.code).toBe('42501');
    expect(await storedAnswer(player.id, game)).toBe('No');
  });

  it('refuses a first answer after the lock and an answer for another player', async () => {
    const locked = await boostGame(-1);
    const late = await player.client.from('daily_game_picks').insert({ user_id: player.id, daily_game_id: locked, answer: 'Sí' });
    expect(late.error?.code).toBe('42501');

    const open = await boostGame(3600);
    const forged = await other.client.from('daily_game_picks').insert({ user_id: player.id, daily_game_id: open, answer: 'Sí' });
    expect(forged.error?.code).toBe('42501');
    expect(await storedAnswer(player.id, open)).toBeUndefined();
  });

  it('never lets the lock pass 23:59 Mexico City time of the game date', async () => {
    const { rows: [g] } = await db().query(
      `insert into public.daily_games (game_date, lock_date, game_type, question)
       values ('2030-03-10', '2030-03-12T00:00:00Z', 'match', 'Pumas vs Toluca') returning lock_date`,
    );
    expect(new Date(g.lock_date).toISOString()).toBe('2030-03-11T05:59:00.000Z');
  });
});
