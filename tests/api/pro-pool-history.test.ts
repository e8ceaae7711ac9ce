// The Pro pool through the week (issue 33): pro_pool_history adds up the open ledger's lines in
// time order, one point per hour with a payment, after a 0 when the round was published. Anyone
// may read it, as anyone may read the ledger; it says nothing the ledger does not: no player, and
// no payment the ledger does not count (pending, rejected, refused, refunded before the close).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, db } from '../support/clients.ts';
import { createPlayer, type Player } from '../support/players.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);
const rounds: number[] = [];

/** An open round published `published` ago (SQL interval), closing in two days. */
async function openRound(published: string): Promise<number> {
  const { rows } = await q(
    `insert into public.quinielas (name, week, deadline, created_at) values ('Bolsa', 1, now() + interval '2 days', now() - $1::interval) returning id`,
    [published],
  );
  rounds.push(Number(rows[0].id));
  return Number(rows[0].id);
}

/** A payment as record_pro_payment leaves it, at `at` (SQL, relative to the database clock). */
async function payment(round: number, player: Player, outcome: string, poolMxn: number, at: string): Promise<void> {
  await q(
    `insert into public.payments (provider_payment_id, user_id, quiniela_id, pack_type, status, amount_mxn, currency, outcome, pool_mxn, created_at, credited_at, voided_at)
     values ($1, $2, $3, 'single', 'approved', 25, 'MXN', $4, $5, ${at}, case when $4 in ('credited', 'voided', 'house_loss') then ${at} end,
             case when $4 = 'voided' then ${at} + interval '5 minutes' end)`,
    [randomUUID(), player.id, round, outcome, poolMxn],
  );
}

const history = async (client: ReturnType<typeof anonClient> | Player['client'], round: number) => {
  const { data, error } = await client.rpc('pro_pool_history', { p_quiniela: round });
  expect(error).toBeNull();
  return data!;
};
const instant = async (sql: string) => ((await q(`select (${sql})::timestamptz as t`)).rows[0].t as Date).getTime();

let ana: Player, beto: Player;

beforeAll(async () => {
  [ana, beto] = await Promise.all([createPlayer(), createPlayer()]);
});

afterAll(async () => {
  await q('delete from public.payments where quiniela_id = any($1)', [rounds]);
  await q('delete from public.quinielas where id = any($1)', [rounds]);
});

describe('pro_pool_history', () => {
  it('adds up the counted payments hour by hour from 0 at publication, the same for a visitor and a player', async () => {
    const round = await openRound('3 days');
    const other = await openRound('3 days');
    // Two payments in one hour two days ago, one an hour ago; a refund, a pending and a refused
    // payment between them, and another round's payment: none of those count.
    const hourAgo2d = `date_trunc('hour', now()) - interval '48 hours'`;
    await payment(round, ana, 'credited', 200, `${hourAgo2d} + interval '5 minutes'`);
    await payment(round, beto, 'credited', 100, `${hourAgo2d} + interval '20 minutes'`);
    await payment(round, beto, 'voided', 16.5, `now() - interval '30 hours'`);
    await payment(round, beto, 'pending', 16.5, `now() - interval '20 hours'`);
    await payment(round, beto, 'refused', 16.5, `now() - interval '19 hours'`);
    await payment(other, ana, 'credited', 999, `now() - interval '10 hours'`);
    await payment(round, ana, 'credited', 150, `date_trunc('hour', now()) - interval '1 hour' + interval '30 minutes'`);

    const expected = [
      { at: await instant(`select created_at from public.quinielas where id = ${round}`), mxn: 0 },
      { at: await instant(`${hourAgo2d} + interval '20 minutes'`), mxn: 300 },
      { at: await instant(`date_trunc('hour', now()) - interval '1 hour' + interval '30 minutes'`), mxn: 450 },
    ];
    for (const client of [anonClient(), ana.client, beto.client]) {
      const rows = await history(client, round);
      expect(rows.map((r) => ({ at: Date.parse(r.at), mxn: Number(r.contributed_mxn) }))).toEqual(expected);
      // Nothing but a time and a sum: no player, no tag, no pack.
      for (const row of rows) expect(Object.keys(row).sort()).toEqual(['at', 'contributed_mxn']);
    }
    // The last point is what the open ledger's lines add up to.
    const ledger = (await anonClient().rpc('pro_ledger', { p_quiniela: round })).data!;
    expect(ledger.reduce((sum, l) => sum + Number(l.pool_mxn), 0)).toBe(450);
  });

  it('a round without payments is one point at 0; an unknown round, nothing', async () => {
    const round = await openRound('1 day');
    expect((await history(anonClient(), round)).map((r) => Number(r.contributed_mxn))).toEqual([0]);
    expect(await history(anonClient(), 987654321)).toEqual([]);
  });

  it('takes no player to filter by, and the payments behind it stay private', async () => {
    const { error } = await anonClient().rpc('pro_pool_history', { p_quiniela: rounds[0], p_user: ana.id } as never);
    expect(error).not.toBeNull();
    // The payments behind it stay private: a player reads only his own.
    const round = rounds[0]!;
    expect((await beto.client.from('payments').select('id').eq('quiniela_id', round).eq('user_id', ana.id)).data).toEqual([]);
    expect((await anonClient().from('payments').select('id').eq('quiniela_id', round)).data ?? []).toEqual([]);
  });
});
