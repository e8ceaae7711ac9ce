// Prize splits (docs/product.md#prizes-and-ties) from the prizes table: monthly top 5 with ties sharing
// the sum of the places they occupy (a tie straddling 5th shares only the paid places), the
// weekly best round and the perfect round split among all perfect players. May–June 2045.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, db, serviceClient } from '../support/clients.ts';
import { createPlayer, type Player } from '../support/players.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);
const tag = Date.now().toString(36);

async function round(localDeadline: string, finalized = true) {
  const { rows } = await q(
    `insert into public.quinielas (name, week, deadline, results_saved)
     values ('Premios', 20, $1::timestamp at time zone 'America/Mexico_City', $2) returning id`,
    [localDeadline, finalized],
  );
  const id = Number(rows[0].id);
  await q(`insert into public.matches (quiniela_id, match_order, home_team, away_team, correct_result)
           select $1, n, 'L' || n, 'V' || n, 'Local' from generate_series(1, 12) n`, [id]);
  return id;
}

let players: Player[];
let may: number, june: number, open: number;

beforeAll(async () => {
  // Names p0…p8 sort in creation order, so ties list in that order.
  players = await Promise.all(Array.from({ length: 9 }, (_, i) => createPlayer({ username: `pz${i}_${tag}` })));
  may = await round('2045-05-20 18:00');
  june = await round('2045-06-10 18:00');
  open = await round('2045-06-17 18:00', false);
  // May: 100, 90, 90, 80, 70, 70, 70, 10, 0 → ranks 1, 2, 2, 4, 5, 5, 5, 8, 9.
  const points = [100, 90, 90, 80, 70, 70, 70, 10, 0];
  for (const [i, p] of points.entries()) {
    await q('insert into public.scores (user_id, quiniela_id, correct, points) values ($1, $2, 6, $3)', [players[i].id, may, p]);
  }
  // June: two perfect rounds (12/12, 95 points each) and a 9/12.
  await q(`insert into public.scores (user_id, quiniela_id, correct, points) values ($1, $4, 12, 95), ($2, $4, 12, 95), ($3, $4, 9, 30)`,
    [players[0].id, players[1].id, players[2].id, june]);
  await q(`insert into public.scores (user_id, quiniela_id, correct, points) values ($1, $2, 12, 95)`, [players[3].id, open]);
});

afterAll(async () => {
  // Other files (seed.test.ts) read every finalized round: leave none of ours behind.
  await q('delete from public.quinielas where id = any($1)', [[may, june, open]]);
  await db().end();
});

describe('get_monthly_prizes', () => {
  it('pays the top 5 places, ties sharing their places evenly', async () => {
    const { data, error } = await anonClient().rpc('get_monthly_prizes', { month_input: 5, year_input: 2045 });
    expect(error).toBeNull();
    expect(data?.map((r) => [r.username, r.rank, Number(r.amount_mxn)])).toEqual([
      [players[0].username, 1, 1000],
      // 2-way tie for 2nd: (300 + 200) / 2
      [players[1].username, 2, 250],
      [players[2].username, 2, 250],
      [players[3].username, 4, 100],
      // 3-way tie at 5th occupies places 5–7; only 5th pays: 100 / 3
      [players[4].username, 5, 33.33],
      [players[5].username, 5, 33.33],
      [players[6].username, 5, 33.33],
    ]);
  });

  it('pays nothing in a month without play', async () => {
    const { data } = await anonClient().rpc('get_monthly_prizes', { month_input: 8, year_input: 2045 });
    expect(data).toEqual([]);
  });
});

describe('get_round_prizes', () => {
  it('is not served to visitors or players: no screen reads it, the prizes are paid by the service role', async () => {
    const player = await createPlayer();
    for (const client of [anonClient(), player.client]) {
      const { error } = await client.rpc('get_round_prizes', { quiniela_id_input: june });
      expect(error?.code).toBe('42501');
    }
  });

  it('splits the weekly prize among the best and the perfect prize among all perfect players', async () => {
    const { data, error } = await serviceClient().rpc('get_round_prizes', { quiniela_id_input: june });
    expect(error).toBeNull();
    expect(data?.map((r) => [r.username, r.kind, Number(r.amount_mxn)])).toEqual([
      [players[0].username, 'weekly', 150],
      [players[1].username, 'weekly', 150],
      [players[0].username, 'perfect', 2500],
      [players[1].username, 'perfect', 2500],
    ]);
  });

  it('gives the weekly prize to a single best round and no perfect prize without a 12/12', async () => {
    const { data } = await serviceClient().rpc('get_round_prizes', { quiniela_id_input: may });
    expect(data?.map((r) => [r.username, r.kind, Number(r.amount_mxn)])).toEqual([[players[0].username, 'weekly', 300]]);
  });

  it('pays nothing for a round that is not finalized', async () => {
    const { data } = await serviceClient().rpc('get_round_prizes', { quiniela_id_input: open });
    expect(data).toEqual([]);
  });
});
