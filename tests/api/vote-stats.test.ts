// get_vote_stats: nobody learns how others picked while a round is open (by the database's
// clock); after the deadline every match shows all three options, 0 when nobody chose one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, db } from '../support/clients.ts';
import { createPlayer, type Player } from '../support/players.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);

let players: Player[];
let roundId: number;
let matchIds: number[];

beforeAll(async () => {
  players = await Promise.all([createPlayer(), createPlayer(), createPlayer()]);
  roundId = Number((await q(`insert into public.quinielas (name, week, deadline) values ('Votos', 1, now() + interval '1 hour') returning id`)).rows[0].id);
  matchIds = (await q(
    `insert into public.matches (quiniela_id, match_order, home_team, away_team)
     values ($1, 1, 'Toluca', 'Puebla'), ($1, 2, 'Pumas', 'Tigres') returning id`,
    [roundId],
  )).rows.map((r) => Number(r.id));
  // Through the API, as players do while the round is open.
  const picks: [number, ['Local' | 'Empate' | 'Visita', 'Local' | 'Empate' | 'Visita']][] = [
    [0, ['Local', 'Visita']], [1, ['Local', 'Empate']], [2, ['Visita', 'Visita']],
  ];
  for (const [i, [first, second]] of picks) {
    const { error } = await players[i].client.from('picks').insert([
      { user_id: players[i].id, match_id: matchIds[0], quiniela_id: roundId, result: first },
      { user_id: players[i].id, match_id: matchIds[1], quiniela_id: roundId, result: second },
    ]);
    expect(error).toBeNull();
  }
});

afterAll(async () => {
  await q('delete from public.quinielas where id = $1', [roundId]);
  await db().end();
});

describe('get_vote_stats', () => {
  it('shows nothing before the deadline, to visitors and to players who picked', async () => {
    for (const client of [anonClient(), players[0].client]) {
      const { data, error } = await client.rpc('get_vote_stats', { quiniela_id_input: roundId });
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
  });

  it('shows every option of every match once the database clock passes the deadline', async () => {
    await q(`update public.quinielas set deadline = now() - interval '1 second' where id = $1`, [roundId]);
    const { data, error } = await anonClient().rpc('get_vote_stats', { quiniela_id_input: roundId });
    expect(error).toBeNull();
    expect(data).toEqual([
      { match_id: matchIds[0], option: 'Local', votes: 2 },
      { match_id: matchIds[0], option: 'Empate', votes: 0 },
      { match_id: matchIds[0], option: 'Visita', votes: 1 },
      { match_id: matchIds[1], option: 'Local', votes: 0 },
      { match_id: matchIds[1], option: 'Empate', votes: 1 },
      { match_id: matchIds[1], option: 'Visita', votes: 2 },
    ]);
  });

  it('still never exposes individual picks of other players', async () => {
    const { data } = await players[0].client.from('picks').select('user_id').eq('quiniela_id', roundId);
    expect(data?.every((r) => r.user_id === players[0].id)).toBe(true);
  });

  it('is empty for a round that does not exist', async () => {
    const { data } = await anonClient().rpc('get_vote_stats', { quiniela_id_input: 987654321 });
    expect(data).toEqual([]);
  });
});
