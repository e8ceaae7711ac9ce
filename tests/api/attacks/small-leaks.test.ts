// Findings (issue 41, item 12): anyone could read public_profiles.referred_by and learn who
// joined through which liga owner's invitation; and the Pro ledger's anonymous tag could be
// linked to a username, pro_payout (entry → tag) joined with pro_results_snapshot (entry →
// username). Both sides are checked: what must stay readable, and what no one else may learn.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { anonClient, db, serviceClient } from '../../support/clients.ts';
import { createPlayer, type Player } from '../../support/players.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);
const rounds: number[] = [];

afterAll(async () => {
  if (rounds.length) await q('delete from public.quinielas where id = any($1)', [rounds]);
  await db().end();
});

describe('who referred whom', () => {
  it('is no one else\'s to read: not anonymously, not by another player; the player reads his own, and everyone still reads the public face', async () => {
    const [owner, joined, stranger] = await Promise.all([createPlayer(), createPlayer(), createPlayer()]);
    await q('update public.profiles set referred_by = $1 where id = $2', [owner.id, joined.id]);

    for (const [who, client] of [['anon', anonClient()], ['another player', stranger.client]] as const) {
      const r = await client.from('public_profiles').select('id, referred_by' as never).eq('id', joined.id);
      expect(r.error?.code, who).toBe('42703');
      // Nor filtered by it, nor through a wildcard.
      expect((await client.from('public_profiles').select('id').eq('referred_by' as never, owner.id)).error?.code, who).toBe('42703');
      const all = await client.from('public_profiles').select('*').eq('id', joined.id);
      expect(all.data, who).toEqual([{ id: joined.id, username: joined.username, favorite_club_id: null, referral_code: expect.any(String) }]);
      // The private table shows another's row to no one.
      expect((await client.from('profiles').select('referred_by').eq('id', joined.id)).data ?? [], who).toEqual([]);
    }
    // Allowed: the player reads his own referrer; the owner's friends ranking still counts him.
    expect((await joined.client.from('profiles').select('referred_by').eq('id', joined.id)).data).toEqual([{ referred_by: owner.id }]);
    const { rows: clock } = await q(`select extract(month from now())::int as month, extract(year from now())::int as year`);
    const friends = await owner.client.rpc('get_friends_leaderboard', { month_input: clock[0].month, year_input: clock[0].year });
    expect(JSON.stringify(friends.data)).toContain(joined.id);
  });
});

describe('the Pro ledger\'s tag', () => {
  async function paidEntry(player: Player, round: number): Promise<{ entry: number; tag: string }> {
    const checkout = (
      await q(
        `insert into public.pro_checkouts (user_id, quiniela_id, pack_type, price_mxn)
         select $1, $2, pack_type, price_mxn from public.pro_packs where pack_type = 'single' returning id`,
        [player.id, round],
      )
    ).rows[0].id as string;
    const { data, error } = await serviceClient().rpc('record_pro_payment', {
      p_provider_payment_id: `9${Date.now()}${randomUUID().slice(0, 6)}`,
      p_status: 'approved',
      p_amount: 25,
      p_currency: 'MXN',
      p_external_reference: checkout,
    });
    expect([error, data]).toEqual([null, 'credited']);
    const { rows } = await q(
      `select e.id, p.ledger_tag from public.paid_entries e join public.payments p on p.id = e.payment_id where e.user_id = $1 and e.quiniela_id = $2`,
      [player.id, round],
    );
    return { entry: Number(rows[0].id), tag: rows[0].ledger_tag as string };
  }

  it('links to no entry and no player through the payout or the results; the ledger still shows it and its payer reads his own', async () => {
    const round = Number(
      (await q(`insert into public.quinielas (name, week, deadline) values ($1, 9, now() + interval '2 days') returning id`, [`Fuga ${randomUUID().slice(0, 8)}`])).rows[0].id,
    );
    rounds.push(round);
    const matches = (
      await q(`insert into public.matches (quiniela_id, match_order, home_team, away_team) select $1, n, 'Local ' || n, 'Visita ' || n from generate_series(1, 3) n returning id`, [round])
    ).rows.map((r) => Number(r.id));
    const [winner, loser, watcher] = await Promise.all([createPlayer(), createPlayer(), createPlayer()]);
    const won = await paidEntry(winner, round);
    const lost = await paidEntry(loser, round);
    const pick = (p: Player, entry: number, result: 'Local' | 'Visita') =>
      p.client.from('paid_picks').insert(matches.map((m) => ({ paid_entry_id: entry, quiniela_id: round, match_id: m, result })));
    expect((await pick(winner, won.entry, 'Local')).error).toBeNull();
    expect((await pick(loser, lost.entry, 'Visita')).error).toBeNull();
    await q(`update public.quinielas set deadline = now() - interval '1 second' where id = $1`, [round]);
    await q(`update public.matches set correct_result = 'Local' where quiniela_id = $1`, [round]);
    await q('update public.quinielas set results_saved = true where id = $1', [round]);

    // Allowed: the open ledger lists both tags; the results name the players by entry; the payout names the winning entry.
    const ledger = await anonClient().rpc('pro_ledger', { p_quiniela: round });
    expect(ledger.data!.map((l) => l.ledger_tag).sort()).toEqual([won.tag, lost.tag].sort());
    const results = await watcher.client.rpc('pro_results_snapshot', { p_quiniela: round });
    expect(results.data!.map((r) => [Number(r.entry_id), r.username])).toEqual([
      [won.entry, winner.username],
      [lost.entry, loser.username],
    ]);
    const payout = await anonClient().rpc('pro_payout', { p_quiniela: round });
    expect(payout.data!.map((p) => Number(p.entry_id))).toEqual([won.entry]);
    // Denied: no public read puts a tag beside an entry or a player.
    for (const [who, client] of [['anon', anonClient()], ['another player', watcher.client]] as const) {
      const reads = [
        await client.rpc('pro_payout', { p_quiniela: round }),
        await client.from('pro_payouts').select('*').eq('quiniela_id', round),
        await client.rpc('pro_results_snapshot', { p_quiniela: round }),
        await client.from('paid_entries').select('*').eq('quiniela_id', round),
        await client.from('payments').select('*').eq('quiniela_id', round),
      ];
      for (const read of reads) {
        expect(JSON.stringify(read.data ?? []), who).not.toContain(won.tag);
        expect(JSON.stringify(read.data ?? []), who).not.toContain(lost.tag);
      }
    }
    // The payer reads his own payment's tag, and only his.
    const own = await winner.client.from('payments').select('ledger_tag').eq('quiniela_id', round);
    expect(own.data).toEqual([{ ledger_tag: won.tag }]);
  });
});
