// Sealed rounds: the root the database stores equals one computed here with node:crypto from
// the raw picks and salts; each player's receipt proves his leaf; a player reads only his own
// salt; sealing twice changes nothing; a pick changed after the seal stops the scoring.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, db } from '../support/clients.ts';
import { createPlayer, type Player } from '../support/players.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

let players: Player[];
let round: number;
let matchIds: number[];

/** The root as docs/sealed-rounds.md defines it, from leaves given as Buffers. */
function merkleRoot(leaves: Buffer[]): Buffer {
  if (leaves.length === 0) return sha256(Buffer.alloc(0));
  let level = [...leaves].sort(Buffer.compare);
  while (level.length > 1) {
    const up: Buffer[] = [];
    for (let i = 0; i < level.length; i += 2) {
      if (i + 1 === level.length) up.push(level[i]!);
      else {
        const [a, b] = Buffer.compare(level[i]!, level[i + 1]!) <= 0 ? [level[i]!, level[i + 1]!] : [level[i + 1]!, level[i]!];
        up.push(sha256(Buffer.concat([a, b])));
      }
    }
    level = up;
  }
  return level[0]!;
}

beforeAll(async () => {
  players = await Promise.all([createPlayer(), createPlayer(), createPlayer()]);
  // A round that closed a minute ago by the database's clock, three matches, three players.
  round = Number((await q(`insert into public.quinielas (name, week, deadline) values ('Sellada', 1, now() - interval '1 minute') returning id`)).rows[0].id);
  matchIds = (await q(
    `insert into public.matches (quiniela_id, match_order, home_team, away_team) values ($1, 1, 'A', 'B'), ($1, 2, 'C', 'D'), ($1, 3, 'E', 'F') returning id`,
    [round],
  )).rows.map((r) => Number(r.id));
  const choices = [['Local', 'Empate', 'Visita'], ['Visita', 'Visita', 'Local'], ['Empate', 'Local', 'Local']];
  for (const [i, player] of players.entries()) {
    for (const [k, match] of matchIds.entries()) {
      await q('insert into public.picks (user_id, match_id, result) values ($1, $2, $3)', [player.id, match, choices[i]![k]]);
    }
  }
  await q('select public.seal_due_rounds()');
});

afterAll(async () => {
  await q('delete from public.quinielas where id = $1', [round]);
  await db().end();
});

async function expectedLeaves(): Promise<Map<string, Buffer>> {
  const salts = (await q('select user_id, encode(salt, $2) as salt from public.round_seal_salts where quiniela_id = $1', [round, 'hex'])).rows;
  const picks = (await q(
    `select p.user_id, m.id as match_id, p.result from public.picks p join public.matches m on m.id = p.match_id
     where p.quiniela_id = $1 order by m.match_order`, [round])).rows;
  const leaves = new Map<string, Buffer>();
  for (const { user_id, salt } of salts) {
    const mine = picks.filter((p) => p.user_id === user_id).map((p) => `${p.match_id}:${p.result}`).join(',');
    leaves.set(user_id, sha256(`${salt}|${round}|${user_id}|${mine}`));
  }
  return leaves;
}

describe('the seal', () => {
  it('is the Merkle root of the salted picks, public to everyone', async () => {
    const leaves = await expectedLeaves();
    expect(leaves.size).toBe(3);
    const { data, error } = await anonClient().rpc('get_round_seal', { quiniela_id_input: round });
    expect(error).toBeNull();
    expect(data).toEqual([{ root: merkleRoot([...leaves.values()]).toString('hex'), leaves: 3, sealed_at: expect.any(String) }]);
  });

  it('gives each player a receipt whose proof leads from his leaf to the root', async () => {
    const leaves = await expectedLeaves();
    for (const player of players) {
      const { data } = await player.client.rpc('get_my_round_receipt', { quiniela_id_input: round });
      const receipt = data![0]!;
      expect(receipt.leaf).toBe(leaves.get(player.id)!.toString('hex'));
      let node = Buffer.from(receipt.leaf, 'hex');
      for (const sibling of receipt.proof) {
        const other = Buffer.from(sibling, 'hex');
        node = sha256(Buffer.compare(node, other) <= 0 ? Buffer.concat([node, other]) : Buffer.concat([other, node]));
      }
      expect(node.toString('hex')).toBe(receipt.root);
    }
  });

  it('lets a player read only his own salt, and visitors none', async () => {
    const { data } = await players[0]!.client.from('round_seal_salts').select('user_id').eq('quiniela_id', round);
    expect(data).toEqual([{ user_id: players[0]!.id }]);
    expect((await anonClient().from('round_seal_salts').select('user_id').eq('quiniela_id', round)).data ?? []).toEqual([]);
    const outsider = await createPlayer();
    expect((await outsider.client.rpc('get_my_round_receipt', { quiniela_id_input: round })).data).toEqual([]);
    expect((await players[0]!.client.from('round_seals').insert({ quiniela_id: round, root: '0'.repeat(64), leaves: 0 })).error?.code).toBe('42501');
  });

  it('is taken once: sealing again changes nothing', async () => {
    const before = (await q('select root, sealed_at from public.round_seals where quiniela_id = $1', [round])).rows;
    await q('select public.seal_due_rounds()');
    expect((await q('select root, sealed_at from public.round_seals where quiniela_id = $1', [round])).rows).toEqual(before);
  });

  it('stops the scoring of a round whose picks changed after the seal', async () => {
    await q(`update public.matches set correct_result = 'Local' where quiniela_id = $1`, [round]);
    // Someone with database access changes a pick after the deadline.
    await q(`update public.picks set result = 'Empate' where user_id = $1 and match_id = $2`, [players[1]!.id, matchIds[0]]);
    await expect(q('update public.quinielas set results_saved = true where id = $1', [round]))
      .rejects.toThrow('Las predicciones de esta quiniela ya no coinciden con su sello; no se puede calificar.');
    // Put back, it scores.
    await q(`update public.picks set result = 'Visita' where user_id = $1 and match_id = $2`, [players[1]!.id, matchIds[0]]);
    await q('update public.quinielas set results_saved = true where id = $1', [round]);
    expect((await q('select count(*)::int as n from public.scores where quiniela_id = $1', [round])).rows[0].n).toBe(3);
  });
});

describe('a sealed round stays closed', () => {
  it("refuses moving its deadline into the future, even to an admin; it still moves within the past, and an unsealed round's still moves", async () => {
    const [admin, player] = await Promise.all([createPlayer({ admin: true }), createPlayer()]);
    const at = async (interval: string) => (await q(`select (now() + $1::interval) as t`, [interval])).rows[0].t.toISOString() as string;
    const sealed = Number((await q(`insert into public.quinielas (name, week, deadline) values ('Sellada y movida', 1, now() - interval '1 minute') returning id`)).rows[0].id);
    const match = Number((await q(`insert into public.matches (quiniela_id, match_order, home_team, away_team) values ($1, 1, 'A', 'B') returning id`, [sealed])).rows[0].id);
    await q('insert into public.picks (user_id, match_id, result) values ($1, $2, $3)', [player.id, match, 'Local']);
    await q('select public.seal_due_rounds()');
    const open = Number((await q(`insert into public.quinielas (name, week, deadline) values ('Abierta y movida', 1, now() + interval '1 day') returning id`)).rows[0].id);
    try {
      const reopen = await admin.client.from('quinielas').update({ deadline: await at('1 day') }).eq('id', sealed).select('id');
      expect(reopen.error?.code).toBe('23514');
      expect(reopen.error?.message).toBe('Esta quiniela ya está sellada: su cierre no puede moverse al futuro.');
      expect((await q('select deadline < now() as closed from public.quinielas where id = $1', [sealed])).rows[0].closed).toBe(true);
      // So the player's pick stays as sealed.
      const change = await player.client.from('picks').update({ result: 'Visita' }).eq('match_id', match).select('result');
      expect(change.data ?? []).toEqual([]);
      expect((await q('select result from public.picks where match_id = $1', [match])).rows).toEqual([{ result: 'Local' }]);
      // Within the past it still moves (the order of played rounds).
      expect((await admin.client.from('quinielas').update({ deadline: await at('-2 hours') }).eq('id', sealed).select('id')).error).toBeNull();
      // A round not sealed yet is extended as before.
      expect((await admin.client.from('quinielas').update({ deadline: await at('2 days') }).eq('id', open).select('id')).data).toEqual([{ id: open }]);
    } finally {
      await q('delete from public.quinielas where id = any($1)', [[sealed, open]]);
    }
  });
});
