// Pro's referee in the database, through the real API: the 18+ confirmation, the checkout's
// refusals, what record_pro_payment credits, refuses and voids (each payment once, also under
// concurrent deliveries), the pool against hand-computed sums, Pro picks (own live entries of
// open rounds only), who sees which entries before and after the deadline, the copy of free
// picks, the payout with a tie, and the open ledger. The webhook path itself, through the
// MercadoPago stand-in and Deno, is tests/api/pro-payments.test.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, db, serviceClient } from '../support/clients.ts';
import { createPlayer, type Player } from '../support/players.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);
const rounds: number[] = [];

/** A round of 3 matches whose deadline is `deadline` (SQL, relative to the database clock). */
async function createRound(deadline: string): Promise<{ id: number; matches: number[] }> {
  const { rows } = await q(`insert into public.quinielas (name, week, deadline) values ($1, 9, ${deadline}) returning id`, [`Pro ${randomUUID().slice(0, 8)}`]);
  const id = Number(rows[0].id);
  rounds.push(id);
  const matches = await q(
    `insert into public.matches (quiniela_id, match_order, home_team, away_team)
     select $1, n, 'Local ' || n, 'Visita ' || n from generate_series(1, 3) n returning id`,
    [id],
  );
  return { id, matches: matches.rows.map((r) => Number(r.id)).sort((a, b) => a - b) };
}

/** A checkout as start_pro_checkout records it (the test writes it directly to arrange a payment). */
async function checkout(player: Player, round: number, pack: 'single' | 'triple'): Promise<string> {
  const { rows } = await q(
    `insert into public.pro_checkouts (user_id, quiniela_id, pack_type, price_mxn)
     select $1, $2, pack_type, price_mxn from public.pro_packs where pack_type = $3 returning id`,
    [player.id, round, pack],
  );
  return rows[0].id as string;
}

let paymentCounter = 0;
const paymentId = () => `${Date.now()}${(paymentCounter++).toString().padStart(4, '0')}`;

async function record(id: string, status: string, amount: number | null, currency: string | null, reference: string | null): Promise<string> {
  const { data, error } = await serviceClient().rpc('record_pro_payment', {
    p_provider_payment_id: id,
    p_status: status,
    p_amount: amount as number,
    p_currency: currency as string,
    p_external_reference: reference as string,
  });
  expect(error).toBeNull();
  return data as string;
}

async function entriesOf(player: Player, round: number): Promise<{ id: number; label: string; voided_at: string | null }[]> {
  const { rows } = await q('select id, label, voided_at from public.paid_entries where user_id = $1 and quiniela_id = $2 order by id', [player.id, round]);
  return rows.map((r) => ({ id: Number(r.id), label: r.label, voided_at: r.voided_at }));
}

async function pool(round: number) {
  const { data, error } = await anonClient().rpc('pro_pool_stats', { p_quiniela: round });
  expect(error).toBeNull();
  return { pool: Number(data![0].pool_mxn), players: data![0].players, entries: data![0].entries };
}

let ana: Player, beto: Player, caro: Player, admin: Player;

beforeAll(async () => {
  [ana, beto, caro, admin] = await Promise.all([createPlayer(), createPlayer(), createPlayer(), createPlayer({ admin: true })]);
});

afterAll(async () => {
  await q('delete from public.payments where quiniela_id = any($1)', [rounds]);
  await q('delete from public.quinielas where id = any($1)', [rounds]);
  await db().end();
});

describe('the 18+ confirmation and the checkout', () => {
  it('refuses a visitor, a player who has not confirmed, an unknown pack, an unknown and a closed round', async () => {
    const open = await createRound(`now() + interval '2 days'`);
    const closed = await createRound(`now() - interval '1 minute'`);
    const player = await createPlayer();

    const visitor = await anonClient().rpc('start_pro_checkout', { p_quiniela: open.id, p_pack: 'single' });
    expect(visitor.error?.code).toBe('42501');

    const minor = await player.client.rpc('start_pro_checkout', { p_quiniela: open.id, p_pack: 'single' });
    expect(minor.error?.message).toBe('Confirma que tienes 18 años o más para jugar Pro.');

    const confirmed = await player.client.rpc('confirm_adult');
    expect(confirmed.error).toBeNull();
    const first = confirmed.data as string;
    // A second confirmation keeps the first date.
    expect((await player.client.rpc('confirm_adult')).data).toBe(first);

    expect((await player.client.rpc('start_pro_checkout', { p_quiniela: open.id, p_pack: 'cuadruple' })).error?.message).toBe('Paquete no válido.');
    expect((await player.client.rpc('start_pro_checkout', { p_quiniela: 987654321, p_pack: 'single' })).error?.message).toBe('Quiniela no encontrada.');
    expect((await player.client.rpc('start_pro_checkout', { p_quiniela: closed.id, p_pack: 'single' })).error?.message).toBe(
      'Esta quiniela ya cerró: ya no se pueden comprar entradas.',
    );

    const started = await player.client.rpc('start_pro_checkout', { p_quiniela: open.id, p_pack: 'triple' });
    expect(started.error).toBeNull();
    expect(Number(started.data![0].price_mxn)).toBe(60);
    const { rows } = await q('select user_id, quiniela_id, pack_type, price_mxn from public.pro_checkouts where id = $1', [started.data![0].checkout_id]);
    expect(rows[0]).toMatchObject({ user_id: player.id, quiniela_id: String(open.id), pack_type: 'triple', price_mxn: '60.00' });
  });

  it('lets nobody write the confirmation date, checkouts or payments directly', async () => {
    const player = await createPlayer();
    const date = await player.client.from('profiles').update({ adult_confirmed_at: '2000-01-01T00:00:00Z' } as never).eq('id', player.id);
    expect(date.error?.code).toBe('42501');
    const round = await createRound(`now() + interval '2 days'`);
    const fake = await player.client.from('pro_checkouts').insert({ user_id: player.id, quiniela_id: round.id, pack_type: 'single', price_mxn: 1 } as never);
    expect(fake.error?.code).toBe('42501');
    const pay = await player.client.from('payments').insert({ provider_payment_id: '1', status: 'approved', outcome: 'credited' } as never);
    expect(pay.error?.code).toBe('42501');
    const direct = await player.client.rpc('record_pro_payment', {
      p_provider_payment_id: paymentId(),
      p_status: 'approved',
      p_amount: 25,
      p_currency: 'MXN',
      p_external_reference: randomUUID(),
    });
    expect(direct.error?.code).toBe('42501');
  });
});

describe('record_pro_payment', () => {
  it('credits an approved payment of the exact price once, with numbered entries, and a replay changes nothing', async () => {
    const round = await createRound(`now() + interval '2 days'`);
    const ref = await checkout(ana, round.id, 'triple');
    const id = paymentId();
    expect(await record(id, 'approved', 60, 'MXN', ref)).toBe('credited');
    expect(await record(id, 'approved', 60, 'MXN', ref)).toBe('credited');
    const entries = await entriesOf(ana, round.id);
    expect(entries.map((e) => e.label)).toEqual(['Entrada 1', 'Entrada 2', 'Entrada 3']);
    expect(await pool(round.id)).toEqual({ pool: 300, players: 1, entries: 3 });
  });

  it('credits nothing for pending, rejected, tampered, foreign-currency, unknown-reference and late payments', async () => {
    const round = await createRound(`now() + interval '2 days'`);
    const ref = await checkout(beto, round.id, 'single');
    expect(await record(paymentId(), 'pending', 25, 'MXN', ref)).toBe('pending');
    expect(await record(paymentId(), 'in_process', 25, 'MXN', ref)).toBe('pending');
    expect(await record(paymentId(), 'rejected', 25, 'MXN', ref)).toBe('rejected');
    expect(await record(paymentId(), 'approved', 1, 'MXN', ref)).toBe('refused');
    expect(await record(paymentId(), 'approved', 25, 'USD', ref)).toBe('refused');
    expect(await record(paymentId(), 'approved', 25, 'MXN', randomUUID())).toBe('refused');
    expect(await record(paymentId(), 'approved', 25, 'MXN', 'not-a-reference')).toBe('refused');
    const late = await createRound(`now() + interval '2 days'`);
    const lateRef = await checkout(beto, late.id, 'single');
    await q(`update public.quinielas set deadline = now() - interval '1 second' where id = $1`, [late.id]);
    expect(await record(paymentId(), 'approved', 25, 'MXN', lateRef)).toBe('refused');
    expect(await entriesOf(beto, round.id)).toEqual([]);
    expect(await entriesOf(beto, late.id)).toEqual([]);
    const { rows } = await q(`select outcome_detail from public.payments where quiniela_id = $1 and outcome = 'refused' order by id`, [round.id]);
    expect(rows.map((r) => r.outcome_detail)).toEqual(['amount_mismatch', 'amount_mismatch']);
  });

  it('a pending payment approved later is credited then', async () => {
    const round = await createRound(`now() + interval '2 days'`);
    const ref = await checkout(caro, round.id, 'single');
    const id = paymentId();
    expect(await record(id, 'pending', 25, 'MXN', ref)).toBe('pending');
    expect(await entriesOf(caro, round.id)).toEqual([]);
    expect(await record(id, 'approved', 25, 'MXN', ref)).toBe('credited');
    expect(await entriesOf(caro, round.id)).toHaveLength(1);
  });

  it('20 concurrent deliveries of one approved payment credit it once', async () => {
    const round = await createRound(`now() + interval '2 days'`);
    const ref = await checkout(ana, round.id, 'triple');
    const id = paymentId();
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => record(id, 'approved', 60, 'MXN', ref)));
    expect(new Set(outcomes)).toEqual(new Set(['credited']));
    expect(await entriesOf(ana, round.id)).toHaveLength(3);
    const { rows } = await q('select count(*)::int as n from public.payments where provider_payment_id = $1', [id]);
    expect(rows[0].n).toBe(1);
  });

  it('a refund voids the entries and takes the payment out of the pool; a later "approved" does not bring it back', async () => {
    const round = await createRound(`now() + interval '2 days'`);
    // 18 singles: 18 × 16.50 = 297.00, under the minimum; one more pack of 3 (44.00) makes 341.00.
    for (let i = 0; i < 18; i++) expect(await record(paymentId(), 'approved', 25, 'MXN', await checkout(beto, round.id, 'single'))).toBe('credited');
    expect(await pool(round.id)).toEqual({ pool: 300, players: 1, entries: 18 });
    const ref = await checkout(caro, round.id, 'triple');
    const id = paymentId();
    expect(await record(id, 'approved', 60, 'MXN', ref)).toBe('credited');
    expect(await pool(round.id)).toEqual({ pool: 341, players: 2, entries: 21 });

    expect(await record(id, 'refunded', 60, 'MXN', ref)).toBe('voided');
    expect((await entriesOf(caro, round.id)).every((e) => e.voided_at !== null)).toBe(true);
    expect(await pool(round.id)).toEqual({ pool: 300, players: 1, entries: 18 });
    expect(await record(id, 'approved', 60, 'MXN', ref)).toBe('voided');
    expect(await pool(round.id)).toEqual({ pool: 300, players: 1, entries: 18 });

    const ledger = await anonClient().rpc('pro_ledger', { p_quiniela: round.id });
    expect(ledger.error).toBeNull();
    expect(ledger.data).toHaveLength(19);
    const credited = ledger.data!.filter((l) => l.outcome === 'credited');
    expect(credited.reduce((sum, l) => sum + Number(l.pool_mxn), 0)).toBeCloseTo(297, 2);
    expect(ledger.data!.filter((l) => l.outcome === 'voided').map((l) => [l.pack_type, Number(l.amount_mxn), Number(l.pool_mxn)])).toEqual([['triple', 60, 0]]);
    // Anonymous: the lines carry a tag, never who paid.
    expect(Object.keys(ledger.data![0]!).sort()).toEqual(['amount_mxn', 'at', 'ledger_tag', 'outcome', 'pack_type', 'pool_mxn']);
    expect(ledger.data![0]!.ledger_tag).toMatch(/^[0-9A-F]{6}$/);
  });

  it('a charge-back voids too', async () => {
    const round = await createRound(`now() + interval '2 days'`);
    const ref = await checkout(ana, round.id, 'single');
    const id = paymentId();
    await record(id, 'approved', 25, 'MXN', ref);
    expect(await record(id, 'charged_back', 25, 'MXN', ref)).toBe('voided');
    expect(await pool(round.id)).toEqual({ pool: 300, players: 0, entries: 0 });
  });
});

describe('payments and entries are private until the deadline', () => {
  it('a player reads his payments, not another player\'s; a visitor reads none', async () => {
    const round = await createRound(`now() + interval '2 days'`);
    await record(paymentId(), 'approved', 25, 'MXN', await checkout(ana, round.id, 'single'));
    expect((await ana.client.from('payments').select('id').eq('quiniela_id', round.id)).data).toHaveLength(1);
    expect((await beto.client.from('payments').select('id').eq('quiniela_id', round.id)).data).toEqual([]);
    expect((await admin.client.from('payments').select('id').eq('quiniela_id', round.id)).data).toHaveLength(1);
    expect((await anonClient().from('payments').select('id').eq('quiniela_id', round.id)).error?.code).toBe('42501');
  });

  it('Pro picks: own live entries while open; never another player\'s entry, a voided entry or after the deadline; others see them after', async () => {
    const round = await createRound(`now() + interval '2 days'`);
    await record(paymentId(), 'approved', 25, 'MXN', await checkout(ana, round.id, 'single'));
    const refundId = paymentId();
    const refundRef = await checkout(ana, round.id, 'single');
    await record(refundId, 'approved', 25, 'MXN', refundRef);
    await record(refundId, 'refunded', 25, 'MXN', refundRef);
    const [live, voided] = await entriesOf(ana, round.id);

    const own = await ana.client.from('paid_picks').upsert({ paid_entry_id: live!.id, quiniela_id: round.id, match_id: round.matches[0]!, result: 'Local' }).select('updated_at');
    expect(own.error).toBeNull();
    expect(own.data![0]!.updated_at).toBeTruthy();
    const change = await ana.client.from('paid_picks').upsert({ paid_entry_id: live!.id, quiniela_id: round.id, match_id: round.matches[0]!, result: 'Empate' });
    expect(change.error).toBeNull();
    expect((await ana.client.from('paid_picks').insert({ paid_entry_id: voided!.id, quiniela_id: round.id, match_id: round.matches[1]!, result: 'Local' })).error?.code).toBe('42501');
    expect((await beto.client.from('paid_picks').insert({ paid_entry_id: live!.id, quiniela_id: round.id, match_id: round.matches[1]!, result: 'Local' })).error?.code).toBe('42501');

    // Before the deadline only Ana (and admins) see her entry and picks.
    expect((await beto.client.from('paid_entries').select('id').eq('quiniela_id', round.id)).data).toEqual([]);
    expect((await beto.client.from('paid_picks').select('match_id').eq('quiniela_id', round.id)).data).toEqual([]);
    expect((await beto.client.rpc('pro_results_snapshot', { p_quiniela: round.id })).data).toEqual([]);
    expect((await ana.client.rpc('pro_results_snapshot', { p_quiniela: round.id })).data).toHaveLength(1);

    await q(`update public.quinielas set deadline = now() - interval '1 second' where id = $1`, [round.id]);
    expect((await ana.client.from('paid_picks').upsert({ paid_entry_id: live!.id, quiniela_id: round.id, match_id: round.matches[0]!, result: 'Visita' })).error?.code).toBe('42501');
    const after = await beto.client.rpc('pro_results_snapshot', { p_quiniela: round.id });
    expect(after.error).toBeNull();
    expect(after.data!.map((r) => [r.user_id, r.picks])).toEqual([[ana.id, [{ match_id: round.matches[0], result: 'Empate' }]]]);
  });

  it('copies the free picks into an entry while open, and refuses another player\'s entry', async () => {
    const round = await createRound(`now() + interval '2 days'`);
    await record(paymentId(), 'approved', 25, 'MXN', await checkout(beto, round.id, 'single'));
    const [entry] = await entriesOf(beto, round.id);
    const free = await beto.client.from('picks').upsert(
      round.matches.map((m, i) => ({ user_id: beto.id, match_id: m, quiniela_id: round.id, result: (['Local', 'Empate', 'Visita'] as const)[i]! })),
    );
    expect(free.error).toBeNull();
    const copied = await beto.client.rpc('copy_free_picks_to_paid_entry', { p_entry: entry!.id });
    expect(copied.error).toBeNull();
    expect(copied.data).toBe(3);
    const { rows } = await q('select match_id, result from public.paid_picks where paid_entry_id = $1 order by match_id', [entry!.id]);
    expect(rows.map((r) => r.result)).toEqual(['Local', 'Empate', 'Visita']);
    expect((await ana.client.rpc('copy_free_picks_to_paid_entry', { p_entry: entry!.id })).error?.message).toBe('No tienes esa entrada.');
    await q(`update public.quinielas set deadline = now() - interval '1 second' where id = $1`, [round.id]);
    expect((await beto.client.rpc('copy_free_picks_to_paid_entry', { p_entry: entry!.id })).error?.code).toBe('42501');
  });
});

describe('results and payout', () => {
  it('1 point per correct pick, best first then by name; the pool split evenly among tied best entries once finalized', async () => {
    const round = await createRound(`now() + interval '2 days'`);
    // Pool: 3 packs of 3 (3 × 44 = 132) and 12 singles (12 × 16.5 = 198) = 330.
    const [p1, p2, p3] = await Promise.all([createPlayer({ username: `zeta_${Date.now() % 1e6}` }), createPlayer({ username: `alfa_${Date.now() % 1e6}` }), createPlayer()]);
    for (const p of [p1!, p2!, p3!]) await record(paymentId(), 'approved', 60, 'MXN', await checkout(p, round.id, 'triple'));
    for (let i = 0; i < 12; i++) await record(paymentId(), 'approved', 25, 'MXN', await checkout(p3!, round.id, 'single'));
    expect(await pool(round.id)).toEqual({ pool: 330, players: 3, entries: 21 });

    const [m1, m2, m3] = round.matches as [number, number, number];
    const pick = async (p: Player, entry: number, results: string[]) => {
      const { error } = await p.client.from('paid_picks').upsert(results.map((r, i) => ({ paid_entry_id: entry, quiniela_id: round.id, match_id: [m1, m2, m3][i]!, result: r as 'Local' })));
      expect(error).toBeNull();
    };
    const e1 = (await entriesOf(p1!, round.id))[0]!.id;
    const e2 = (await entriesOf(p2!, round.id))[0]!.id;
    const e3 = (await entriesOf(p3!, round.id))[0]!.id;
    await pick(p1!, e1, ['Local', 'Empate', 'Visita']); // 3 correct
    await pick(p2!, e2, ['Local', 'Empate', 'Visita']); // 3 correct, tie
    await pick(p3!, e3, ['Local', 'Local', 'Local']); // 1 correct

    expect((await anonClient().rpc('pro_payout', { p_quiniela: round.id })).data).toEqual([]);
    await q(`update public.quinielas set deadline = now() - interval '1 second' where id = $1`, [round.id]);
    await q(`update public.matches set correct_result = r.result from (values ($1::bigint, 'Local'), ($2, 'Empate'), ($3, 'Visita')) r(id, result) where matches.id = r.id`, [m1, m2, m3]);

    const results = await p3!.client.rpc('pro_results_snapshot', { p_quiniela: round.id });
    expect(results.error).toBeNull();
    const top = results.data!.slice(0, 3).map((r) => [r.username, r.points]);
    // Tied on 3: "alfa…" before "zeta…"; then p3's entry with 1.
    expect(top).toEqual([
      [p2!.username, 3],
      [p1!.username, 3],
      [p3!.username, 1],
    ]);
    expect(results.data!.slice(3).every((r) => r.points === 0)).toBe(true);

    await q('update public.quinielas set results_saved = true where id = $1', [round.id]);
    const payout = await anonClient().rpc('pro_payout', { p_quiniela: round.id });
    expect(payout.error).toBeNull();
    expect(payout.data!.map((r) => [Number(r.entry_id), r.points, Number(r.share_mxn)])).toEqual([
      [e1, 3, 165],
      [e2, 3, 165],
    ]);
  });
});
