// The home page's stats band: a month that ended adds its monthly prizes and winners to the
// figures (measured as the change a month this file arranges makes, May 2019).
import { afterAll, expect, it } from 'vitest';
import { anonClient, db } from '../support/clients.ts';
import { createPlayer } from '../support/players.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);
let round: number | undefined;

afterAll(async () => {
  if (round) await q('delete from public.quinielas where id = $1', [round]);
  await db().end();
});

it('counts the monthly prizes and the winners of every month that has ended, and the players', async () => {
  const stats = async () => (await anonClient().rpc('get_home_stats')).data![0];
  const before = await stats();

  const players = await Promise.all(Array.from({ length: 6 }, () => createPlayer()));
  const { rows } = await q(`insert into public.quinielas (name, week, deadline) values ('Mayo 2019', 1, '2019-05-20 18:00-06') returning id`);
  round = Number(rows[0].id);
  // 50, 40, 30, 20, 10 and 0 points: five paid places; nobody wins with 0.
  for (const [i, player] of players.entries()) {
    await q('insert into public.scores (user_id, quiniela_id, correct, points) values ($1, $2, 5, $3)', [player.id, round, 50 - 10 * i]);
  }
  const monthly = (await q(`select amount_mxn from public.prizes where kind = 'monthly'
                             and effective_from = (select max(effective_from) from public.prizes where effective_from <= '2019-05-01') order by place`)).rows
    .map((r) => Number(r.amount_mxn));
  const paidPlaces = Math.min(5, monthly.length);
  const expectedPrizes = monthly.slice(0, paidPlaces).reduce((a, b) => a + b, 0);

  const after = await stats();
  expect(Number(after.prizes_mxn) - Number(before.prizes_mxn)).toBe(expectedPrizes);
  expect(after.winners - before.winners).toBe(paidPlaces);
  expect(after.players - before.players).toBe(6);
});
