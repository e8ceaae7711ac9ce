// Attacks on Pro (docs/pro.md) by a signed-in player and by an anonymous visitor: entries
// without paying or for less, a payment credited twice, other players' payments, checkouts,
// entries and Pro picks before the deadline, columns only the referee writes, Pro picks to a
// voided entry or after the deadline, an inflated pool or payout, a webhook that loops on 5xx,
// and odd bodies for both Edge Functions. Each test makes the attempt through the API (the
// functions on Deno, the MercadoPago stand-in, PostgREST, Realtime) and checks the database.
import { createHmac, randomUUID } from 'node:crypto';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MERCADOPAGO_WEBHOOK_SECRET_LOCAL } from '../../../supabase/local/config.ts';
import { anonClient, db, serviceClient } from '../../support/clients.ts';
import { waitForMail } from '../../support/inbox.ts';
import { createPlayer, type Player } from '../../support/players.ts';

const api = inject('apiUrl');
const mp = inject('mercadopagoUrl');
const q = (sql: string, params: unknown[] = []) => db().query(sql, params);
const rounds: number[] = [];

/** A round of 3 matches; `deadline` is SQL relative to the database clock. */
async function createRound(deadline = `now() + interval '2 days'`): Promise<{ id: number; matches: number[] }> {
  const { rows } = await q(`insert into public.quinielas (name, week, deadline) values ($1, 9, ${deadline}) returning id`, [`Pro ataque ${randomUUID().slice(0, 8)}`]);
  const id = Number(rows[0].id);
  rounds.push(id);
  const m = await q(`insert into public.matches (quiniela_id, match_order, home_team, away_team) select $1, n, 'L' || n, 'V' || n from generate_series(1, 3) n returning id`, [id]);
  return { id, matches: m.rows.map((r) => Number(r.id)).sort((a, b) => a - b) };
}

async function adult(): Promise<Player> {
  const player = await createPlayer();
  expect((await player.client.rpc('confirm_adult')).error).toBeNull();
  return player;
}

async function createPreference(token: string | null, body: BodyInit, contentType = 'application/json'): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(`${api}/functions/v1/create-preference`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
  const text = await r.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = { raw: text };
  }
  return { status: r.status, body: parsed };
}

/** Starts a purchase as the player; returns the checkout and the stand-in's preference. */
async function buy(player: Player, round: number, pack: 'single' | 'triple', extra: Record<string, unknown> = {}): Promise<{ checkout: string; preference: string }> {
  const started = await createPreference(player.accessToken, JSON.stringify({ quinielaId: round, packType: pack, ...extra }));
  expect(started.status).toBe(200);
  const preference = new URL(String(started.body.init_point)).searchParams.get('pref_id')!;
  return { checkout: String(started.body.checkout_id), preference };
}

/** The stand-in's test hook: pays a preference and waits for the webhook's first try. */
async function pay(preference: string, status: string, amount?: number): Promise<{ id: number; webhook: string | null }> {
  const r = await fetch(`${mp}/__local/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ preference_id: preference, status, ...(amount === undefined ? {} : { amount }) }),
  });
  expect(r.status).toBe(201);
  return { id: Number(((await r.json()) as { id: number }).id), webhook: r.headers.get('x-local-webhook-status') };
}

async function moveTo(paymentId: number, status: string): Promise<string | null> {
  const r = await fetch(`${mp}/__local/payments/${paymentId}/status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status }),
  });
  expect(r.status).toBe(200);
  return r.headers.get('x-local-webhook-status');
}

/** Headers as MercadoPago signs a delivery of `dataId` (its documented manifest). */
function signed(dataId: string, secret = MERCADOPAGO_WEBHOOK_SECRET_LOCAL, ts = Math.floor(Date.now() / 1000)): Record<string, string> {
  const requestId = randomUUID();
  const v1 = createHmac('sha256', secret).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest('hex');
  return { 'x-request-id': requestId, 'x-signature': `ts=${ts},v1=${v1}` };
}

async function deliver(query: string, headers: Record<string, string>, body: BodyInit): Promise<Response> {
  return fetch(`${api}/functions/v1/mercadopago-webhook${query}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
}

const paymentBody = (id: string) => JSON.stringify({ type: 'payment', action: 'payment.updated', data: { id } });

/** What the webhook hands the referee (service role), for orderings the stand-in cannot stage. */
async function record(id: string, status: string, amount: number | null, currency: string | null, reference: string | null) {
  return serviceClient().rpc('record_pro_payment', {
    p_provider_payment_id: id,
    p_status: status,
    p_amount: amount as number,
    p_currency: currency as string,
    p_external_reference: reference as string,
  });
}

let counter = 0;
const freshPaymentId = () => `7${Date.now()}${(counter++).toString().padStart(4, '0')}`;

async function entriesOf(userId: string, round: number): Promise<{ id: number; voided: boolean; payment_id: string | null }[]> {
  const { rows } = await q('select id, voided_at, payment_id from public.paid_entries where user_id = $1 and quiniela_id = $2 order by id', [userId, round]);
  return rows.map((r) => ({ id: Number(r.id), voided: r.voided_at !== null, payment_id: r.payment_id }));
}

async function paymentRow(id: number | string): Promise<Record<string, any> | undefined> {
  const { rows } = await q('select * from public.payments where provider_payment_id = $1', [String(id)]);
  return rows[0];
}

async function poolOf(round: number): Promise<number> {
  const { data, error } = await anonClient().rpc('pro_pool_stats', { p_quiniela: round });
  expect(error).toBeNull();
  return Number(data![0]!.pool_mxn);
}

let ana: Player, mallory: Player;

beforeAll(async () => {
  [ana, mallory] = await Promise.all([adult(), adult()]);
});

afterAll(async () => {
  await q('delete from public.payments where quiniela_id = any($1)', [rounds]);
  await q('delete from public.quinielas where id = any($1)', [rounds]);
  await db().end();
});

describe('entries without paying, or for less', () => {
  it('the body cannot name the buyer, the checkout, the price or the reference of the preference', async () => {
    const round = await createRound();
    const victim = await buy(ana, round.id, 'triple');
    const started = await createPreference(
      mallory.accessToken,
      JSON.stringify({
        quinielaId: round.id,
        packType: 'triple',
        userId: ana.id,
        checkoutId: victim.checkout,
        external_reference: victim.checkout,
        externalReference: victim.checkout,
        price: 1,
        unit_price: 1,
        amount: 1,
      }),
    );
    expect(started.status).toBe(200);
    expect(started.body.checkout_id).not.toBe(victim.checkout);
    const { rows } = await q('select user_id, price_mxn, preference_id from public.pro_checkouts where id = $1', [started.body.checkout_id]);
    expect(rows[0]).toMatchObject({ user_id: mallory.id, price_mxn: '60.00' });
    const pref = (await (await fetch(`${mp}/checkout/preferences/${rows[0].preference_id}`, { headers: { authorization: 'Bearer TEST-local-access-token' } })).json()) as {
      external_reference: string;
      items: { unit_price: number }[];
    };
    expect(pref.external_reference).toBe(started.body.checkout_id);
    expect(pref.items.map((i) => i.unit_price)).toEqual([60]);
  });

  it('paying a single\'s preference with a triple\'s price, or a triple\'s with a single\'s, credits nothing', async () => {
    const round = await createRound();
    const single = await pay((await buy(mallory, round.id, 'single')).preference, 'approved', 60);
    const triple = await pay((await buy(mallory, round.id, 'triple')).preference, 'approved', 25);
    expect(single.webhook).toBe('200');
    expect(triple.webhook).toBe('200');
    expect(await paymentRow(single.id)).toMatchObject({ outcome: 'refused', outcome_detail: 'amount_mismatch', pool_mxn: '0.00' });
    expect(await paymentRow(triple.id)).toMatchObject({ outcome: 'refused', outcome_detail: 'amount_mismatch', pool_mxn: '0.00' });
    expect(await entriesOf(mallory.id, round.id)).toEqual([]);
  });

  it('zero, a cent short, a fraction of a cent over, and currency tricks credit nothing', async () => {
    const round = await createRound();
    const zero = await pay((await buy(mallory, round.id, 'single')).preference, 'approved', 0);
    const short = await pay((await buy(mallory, round.id, 'single')).preference, 'approved', 24.99);
    const over = await pay((await buy(mallory, round.id, 'single')).preference, 'approved', 25.001);
    for (const p of [zero, short, over]) expect(await paymentRow(p.id)).toMatchObject({ outcome: 'refused', outcome_detail: 'amount_mismatch' });
    // The stand-in only charges MXN, so the other currencies go to the referee as the webhook would.
    for (const currency of ['mxn', 'USD', 'MXN ', '', null]) {
      const ref = (await buy(mallory, round.id, 'single')).checkout;
      const { data, error } = await record(freshPaymentId(), 'approved', 25, currency, ref);
      expect(error).toBeNull();
      expect(data).toBe('refused');
    }
    // A negative amount the provider would never send is refused by the stand-in and the referee.
    expect((await fetch(`${mp}/__local/pay`, { method: 'POST', body: JSON.stringify({ preference_id: (await buy(mallory, round.id, 'single')).preference, status: 'approved', amount: -25 }) })).status).toBe(400);
    expect((await record(freshPaymentId(), 'approved', -25, 'MXN', (await buy(mallory, round.id, 'single')).checkout)).data).toBe('refused');
    expect(await entriesOf(mallory.id, round.id)).toEqual([]);
  });

  it('another player\'s checkout as the reference credits that player, never the payer', async () => {
    const round = await createRound();
    const victimCheckout = (await buy(ana, round.id, 'single')).checkout;
    // Mallory cannot read Ana's checkout id…
    expect((await mallory.client.from('pro_checkouts').select('id').eq('id', victimCheckout)).data).toEqual([]);
    // …and even a payment carrying it only gives Ana her pack.
    expect((await record(freshPaymentId(), 'approved', 25, 'MXN', victimCheckout)).data).toBe('credited');
    expect(await entriesOf(mallory.id, round.id)).toEqual([]);
    expect(await entriesOf(ana.id, round.id)).toHaveLength(1);
  });

  it('a payment for a round that closed after the checkout credits nothing', async () => {
    const round = await createRound();
    const { preference } = await buy(mallory, round.id, 'triple');
    await q(`update public.quinielas set deadline = now() - interval '1 second' where id = $1`, [round.id]);
    const paid = await pay(preference, 'approved');
    expect(paid.webhook).toBe('200');
    expect(await paymentRow(paid.id)).toMatchObject({ outcome: 'refused', outcome_detail: 'round_closed' });
    // Pending while open, approved after the deadline: still too late.
    const open = await createRound();
    const pending = await pay((await buy(mallory, open.id, 'single')).preference, 'pending');
    await q(`update public.quinielas set deadline = now() - interval '1 second' where id = $1`, [open.id]);
    expect(await moveTo(pending.id, 'approved')).toBe('200');
    expect(await paymentRow(pending.id)).toMatchObject({ outcome: 'refused', outcome_detail: 'round_closed' });
    expect(await entriesOf(mallory.id, round.id)).toEqual([]);
    expect(await entriesOf(mallory.id, open.id)).toEqual([]);
  });
});

describe('the payout after the round is finalized', () => {
  it('a winner who charges back after finalizing keeps the prize; the ledger shows the house\'s loss and the pool stays', async () => {
    const round = await createRound();
    const winner = await adult();
    const loser = await adult();
    const paidWinner = await pay((await buy(winner, round.id, 'single')).preference, 'approved');
    const paidLoser = await pay((await buy(loser, round.id, 'single')).preference, 'approved');
    expect([paidWinner.webhook, paidLoser.webhook]).toEqual(['200', '200']);
    const [winnerEntry] = await entriesOf(winner.id, round.id);
    const [loserEntry] = await entriesOf(loser.id, round.id);
    const picks = (entry: number, result: 'Local' | 'Visita') => round.matches.map((m) => ({ paid_entry_id: entry, quiniela_id: round.id, match_id: m, result }));
    expect((await winner.client.from('paid_picks').insert(picks(winnerEntry!.id, 'Local'))).error).toBeNull();
    expect((await loser.client.from('paid_picks').insert(picks(loserEntry!.id, 'Visita'))).error).toBeNull();
    await q(`update public.quinielas set deadline = now() - interval '1 second' where id = $1`, [round.id]);
    await q(`update public.matches set correct_result = 'Local' where quiniela_id = $1`, [round.id]);
    await q('update public.quinielas set results_saved = true where id = $1', [round.id]);

    const payoutBefore = (await anonClient().rpc('pro_payout', { p_quiniela: round.id })).data;
    expect(payoutBefore).toEqual([{ entry_id: winnerEntry!.id, points: 3, share_mxn: 300 }]);
    const poolBefore = await poolOf(round.id);

    // The winner charges his payment back (a signed webhook through the stand-in).
    expect(await moveTo(paidWinner.id, 'charged_back')).toBe('200');
    expect(await paymentRow(paidWinner.id)).toMatchObject({ status: 'charged_back', outcome: 'house_loss' });
    expect((await anonClient().rpc('pro_payout', { p_quiniela: round.id })).data).toEqual(payoutBefore);
    expect(await poolOf(round.id)).toBe(poolBefore);
    const ledger = (await anonClient().rpc('pro_ledger', { p_quiniela: round.id })).data!;
    expect(ledger.map((l) => l.outcome).sort()).toEqual(['credited', 'house_loss']);
    // The lines still add up to what the pool was fixed at (at least the minimum).
    expect(Math.max(300, ledger.reduce((sum, l) => sum + Number(l.pool_mxn), 0))).toBe(poolBefore);
    // The results stay as finalized: his entry still plays.
    expect((await entriesOf(winner.id, round.id))[0]!.voided).toBe(false);
  });

  it('a payment approved after its round closed is refunded through MercadoPago\'s refund API once, and the player is told by e-mail', async () => {
    const round = await createRound();
    const late = await adult();
    const { preference } = await buy(late, round.id, 'triple');
    await q(`update public.quinielas set deadline = now() - interval '1 second' where id = $1`, [round.id]);
    const paid = await pay(preference, 'approved');
    expect(paid.webhook).toBe('200');
    expect(await paymentRow(paid.id)).toMatchObject({ outcome: 'refused', outcome_detail: 'round_closed', refund_id: expect.any(String) });
    const mail = await waitForMail(late.email, { subject: 'Te devolvimos tu pago de Pro' });
    expect(mail.body.text).toContain('ya había cerrado');

    // MercadoPago's own record: refunded in full, once, also when the notification is repeated.
    const payment = async () => (await (await fetch(`${mp}/v1/payments/${paid.id}`, { headers: { authorization: 'Bearer TEST-local-access-token' } })).json()) as { status: string; refunds: unknown[] };
    const limit = Date.now() + 10_000;
    while ((await payment()).status !== 'refunded' && Date.now() < limit) await new Promise((r) => setTimeout(r, 100));
    expect(await payment()).toMatchObject({ status: 'refunded', refunds: [expect.objectContaining({ amount: 60, status: 'approved' })] });
    const id = String(paid.id);
    expect((await deliver(`?data.id=${id}&type=payment`, signed(id), paymentBody(id))).status).toBe(200);
    expect((await payment()).refunds).toHaveLength(1);
    expect(await paymentRow(paid.id)).toMatchObject({ outcome: 'refused', outcome_detail: 'round_closed' });
    expect(await entriesOf(late.id, round.id)).toEqual([]);
  });
});

describe('checkouts on the merchant\'s token', () => {
  it('100 parallel create-preference calls by one player start at most 10 checkouts; the rest are 429 in Spanish', async () => {
    const round = await createRound();
    const player = await adult();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => createPreference(player.accessToken, JSON.stringify({ quinielaId: round.id, packType: 'single' }))),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(90);
    expect(answers.find((a) => a.status === 429)?.body.error).toBe('Ya iniciaste varios pagos en unos minutos. Espera un momento e inténtalo de nuevo.');
    expect((await q('select count(*)::int as n from public.pro_checkouts where user_id = $1', [player.id])).rows[0].n).toBe(10);
    // Another player is not held back by him.
    const other = await adult();
    expect((await createPreference(other.accessToken, JSON.stringify({ quinielaId: round.id, packType: 'single' }))).status).toBe(200);
  });
});

describe('forged, replayed and reordered webhooks', () => {
  it('unsigned, body-only, another id\'s signature and a future timestamp are 401 and write nothing', async () => {
    const round = await createRound();
    const paid = await pay((await buy(mallory, round.id, 'single')).preference, 'approved');
    // Forget what the stand-in's own delivery wrote: each forged delivery below must write nothing.
    await q('delete from public.paid_entries where payment_id = (select id from public.payments where provider_payment_id = $1)', [String(paid.id)]);
    await q('delete from public.payments where provider_payment_id = $1', [String(paid.id)]);
    const id = String(paid.id);
    const forged = [
      await deliver(`?data.id=${id}&type=payment`, {}, paymentBody(id)),
      await deliver('', { 'x-signature': 'ts=1,v1=00', 'x-request-id': randomUUID() }, paymentBody(id)),
      // Signed for another payment, the query naming this one.
      await deliver(`?data.id=${id}&type=payment`, signed('1'), paymentBody(id)),
      // Signed for this one in the body, the query naming it too but signed with the anon key as secret.
      await deliver(`?data.id=${id}&type=payment`, signed(id, inject('anonKey')), paymentBody(id)),
      await deliver(`?data.id=${id}&type=payment`, signed(id, undefined, Math.floor(Date.now() / 1000) + 3600), paymentBody(id)),
      await deliver(`?data.id=${id}&type=payment`, { ...signed(id), 'x-signature': signed(id)['x-signature']!.replace('v1=', 'v1=0') }, paymentBody(id)),
    ];
    expect(forged.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(await paymentRow(id)).toBeUndefined();
    expect(await entriesOf(mallory.id, round.id)).toEqual([]);
  });

  it('a replay of a genuine delivery after a refund does not bring the entries back', async () => {
    const round = await createRound();
    const paid = await pay((await buy(mallory, round.id, 'triple')).preference, 'approved');
    const id = String(paid.id);
    const captured = signed(id);
    expect(await moveTo(paid.id, 'refunded')).toBe('200');
    const replay = await deliver(`?data.id=${id}&type=payment`, captured, JSON.stringify({ type: 'payment', action: 'payment.created', data: { id } }));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ outcome: 'voided' });
    expect((await entriesOf(mallory.id, round.id)).map((e) => e.voided)).toEqual([true, true, true]);
    expect(await poolOf(round.id)).toBe(300);
  });

  it('a refund or charge-back recorded before a stale "approved" of the same payment never credits it', async () => {
    // Two deliveries of one payment race: A fetched "approved", then the buyer refunded (or
    // charged back), B fetched that and was recorded first; A's stale answer arrives last.
    const round = await createRound();
    for (const final of ['refunded', 'charged_back']) {
      const ref = (await buy(mallory, round.id, 'single')).checkout;
      const id = freshPaymentId();
      expect((await record(id, 'pending', 25, 'MXN', ref)).data).toBe('pending');
      expect((await record(id, final, 25, 'MXN', ref)).error).toBeNull();
      expect((await record(id, 'approved', 25, 'MXN', ref)).error).toBeNull();
      expect(await paymentRow(id)).toMatchObject({ pool_mxn: '0.00' });
      expect((await paymentRow(id))!.outcome).not.toBe('credited');
      // And without the pending first: the refund is the first thing the database hears.
      const id2 = freshPaymentId();
      expect((await record(id2, final, 25, 'MXN', ref)).error).toBeNull();
      expect((await record(id2, 'approved', 25, 'MXN', ref)).error).toBeNull();
      expect((await paymentRow(id2))!.outcome).not.toBe('credited');
      // A stale "pending" in between must not reopen it either.
      const id3 = freshPaymentId();
      expect((await record(id3, final, 25, 'MXN', ref)).error).toBeNull();
      expect((await record(id3, 'pending', 25, 'MXN', ref)).error).toBeNull();
      expect((await record(id3, 'approved', 25, 'MXN', ref)).error).toBeNull();
      expect(await paymentRow(id3)).toMatchObject({ status: final, pool_mxn: '0.00' });
      expect((await paymentRow(id3))!.outcome).not.toBe('credited');
    }
    expect(await entriesOf(mallory.id, round.id)).toEqual([]);
    expect(await poolOf(round.id)).toBe(300);
  });

  it('deliveries racing through every path (stand-in retries, forged replays, the referee) credit a pending→approved payment once', async () => {
    const round = await createRound();
    const { checkout, preference } = await buy(mallory, round.id, 'triple');
    const paid = await pay(preference, 'pending');
    const id = String(paid.id);
    const [moved, ...rest] = await Promise.all([
      moveTo(paid.id, 'approved'),
      ...Array.from({ length: 10 }, () => deliver(`?data.id=${id}&type=payment`, signed(id), paymentBody(id)).then((r) => String(r.status))),
      ...Array.from({ length: 5 }, () => record(id, 'approved', 60, 'MXN', checkout).then((r) => (r.error ? 'error' : 'ok'))),
    ]);
    expect(moved).toBe('200');
    expect(rest.filter((s) => s !== '200' && s !== 'ok')).toEqual([]);
    expect(await entriesOf(mallory.id, round.id)).toHaveLength(3);
    const { rows } = await q('select count(*)::int as n from public.payments where provider_payment_id = $1', [id]);
    expect(rows[0].n).toBe(1);
    expect(await paymentRow(id)).toMatchObject({ outcome: 'credited', pool_mxn: '44.00' });
  });

  it('different payments of one player credited at the same time each get their own entries, numbered once', async () => {
    const round = await createRound();
    const preferences = await Promise.all(Array.from({ length: 6 }, () => buy(mallory, round.id, 'triple')));
    const paid = await Promise.all(preferences.map((p) => pay(p.preference, 'approved')));
    expect(paid.map((p) => p.webhook)).toEqual(Array(6).fill('200'));
    const { rows } = await q('select label, payment_id from public.paid_entries where quiniela_id = $1 and user_id = $2', [round.id, mallory.id]);
    expect(rows).toHaveLength(18);
    expect(new Set(rows.map((r) => r.payment_id)).size).toBe(6);
    expect(rows.map((r) => r.label).sort((a, b) => a.localeCompare(b, 'es', { numeric: true }))).toEqual(Array.from({ length: 18 }, (_, i) => `Entrada ${i + 1}`));
  });

  it('pending → approved → refunded → approved: credited once, then voided for good', async () => {
    const round = await createRound();
    const paid = await pay((await buy(mallory, round.id, 'single')).preference, 'pending');
    expect(await entriesOf(mallory.id, round.id)).toEqual([]);
    expect(await moveTo(paid.id, 'approved')).toBe('200');
    expect(await entriesOf(mallory.id, round.id)).toHaveLength(1);
    expect(await moveTo(paid.id, 'refunded')).toBe('200');
    expect(await moveTo(paid.id, 'approved')).toBe('200');
    expect((await entriesOf(mallory.id, round.id)).map((e) => e.voided)).toEqual([true]);
    expect(await paymentRow(paid.id)).toMatchObject({ outcome: 'voided' });
  });
});

describe('a webhook that answers 5xx forever, and odd bodies', () => {
  it('a huge approved amount is recorded as refused with 200, not a 5xx MercadoPago retries forever', async () => {
    const round = await createRound();
    const paid = await pay((await buy(mallory, round.id, 'single')).preference, 'approved', 1e12);
    expect(paid.webhook).toBe('200');
    expect(await paymentRow(paid.id)).toMatchObject({ outcome: 'refused', outcome_detail: 'amount_mismatch' });
    const again = await deliver(`?data.id=${paid.id}&type=payment`, signed(String(paid.id)), paymentBody(String(paid.id)));
    expect(again.status).toBe(200);
    expect(await entriesOf(mallory.id, round.id)).toEqual([]);
  });

  it('the webhook answers odd bodies without a 5xx; only a signed payment id is ever recorded', async () => {
    const round = await createRound();
    const paid = await pay((await buy(mallory, round.id, 'single')).preference, 'pending');
    await q('delete from public.payments where provider_payment_id = $1', [String(paid.id)]);
    const id = String(paid.id);
    const bodies: BodyInit[] = ['no es json', '[]', '[{"data":{"id":"1"}}]', 'null', '42', '"payment"', '{"type":1,"data":[]}', '{"data":{"id":{"$gt":0}}}', 'x'.repeat(2_000_000), ''];
    for (const body of bodies) {
      // The 2 MB body is turned away by the gateway's size limit before the function runs.
      const huge = typeof body === 'string' && body.length > 1_000_000;
      const unsigned = await deliver('', {}, body);
      expect(unsigned.status).toBe(huge ? 413 : 401);
      // Signed for a real payment, but the type is something else: nothing to do.
      const other = await deliver(`?data.id=${id}&type=merchant_order`, signed(id), body);
      expect(other.status).toBe(huge ? 413 : 200);
      // Signed, of type payment, whatever the body: the payment is fetched and recorded once.
      const real = await deliver(`?data.id=${id}&type=payment`, signed(id), body);
      expect(real.status).toBe(huge ? 413 : 200);
    }
    // Signed ids that are not payment ids are refused with a 4xx, never fetched or written.
    const badIds = ['abc', '-1', '1.5', '1'.repeat(40), "1' or '1'='1"];
    for (const bad of badIds) {
      const r = await deliver(`?data.id=${encodeURIComponent(bad)}&type=payment`, signed(bad), paymentBody(bad));
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    expect(await paymentRow(id)).toMatchObject({ outcome: 'pending' });
    expect((await q('select count(*)::int as n from public.payments where provider_payment_id = $1', [id])).rows[0].n).toBe(1);
    const { rows } = await q('select count(*)::int as n from public.payments where provider_payment_id = any($1)', [badIds]);
    expect(rows[0].n).toBe(0);
    const get = await fetch(`${api}/functions/v1/mercadopago-webhook`);
    expect(get.status).toBe(405);
  });

  it('create-preference answers odd bodies in Spanish with a 4xx and records no checkout', async () => {
    const round = await createRound();
    const cases: [BodyInit, string?][] = [
      ['no es json'],
      ['[]'],
      [JSON.stringify([{ quinielaId: round.id, packType: 'single' }])],
      ['null'],
      ['42'],
      [JSON.stringify({ quinielaId: String(round.id) + ' or 1=1', packType: 'single' })],
      [JSON.stringify({ quinielaId: { id: round.id }, packType: 'single' })],
      [JSON.stringify({ quinielaId: -round.id, packType: 'single' })],
      [JSON.stringify({ quinielaId: 1e30, packType: 'single' })],
      [JSON.stringify({ quinielaId: round.id + 0.5, packType: 'single' })],
      [JSON.stringify({ quinielaId: round.id, packType: 42 })],
      [JSON.stringify({ quinielaId: round.id, packType: ['single'] })],
      [JSON.stringify({ quinielaId: round.id, packType: 'x'.repeat(100_000) })],
      [JSON.stringify({ quinielaId: round.id, packType: "single' or '1'='1" })],
      [JSON.stringify({ quinielaId: round.id, packType: 'single', pad: 'x'.repeat(2_000_000) })],
      [JSON.stringify({ quinielaId: round.id, packType: 'single' }), 'text/plain'],
    ];
    let purchases = 0;
    for (const [body, type] of cases) {
      const r = await createPreference(mallory.accessToken, body, type);
      // A well-formed request under another content type, or with padding, is a normal purchase.
      if (r.status === 200) {
        purchases++;
        continue;
      }
      expect(r.status, String(body).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(r.status, String(body).slice(0, 60)).toBeLessThan(500);
      expect(String(r.body.error)).toMatch(/[áéíóúñ]|Falta|Paquete|Quiniela/);
    }
    const checkouts = await q('select pack_type, price_mxn from public.pro_checkouts where quiniela_id = $1', [round.id]);
    expect(checkouts.rows).toEqual(Array(purchases).fill({ pack_type: 'single', price_mxn: '25.00' }));
    // A visitor, a forged token and an expired-looking token: 401, no checkout.
    for (const token of [null, 'x.y.z', inject('anonKey')]) {
      const r = await createPreference(token, JSON.stringify({ quinielaId: round.id, packType: 'single' }));
      expect(r.status).toBeGreaterThanOrEqual(401);
      expect(r.status).toBeLessThan(500);
    }
    expect((await q('select count(*)::int as n from public.pro_checkouts where quiniela_id = $1', [round.id])).rows[0].n).toBe(purchases);
  });
});

/** Ana buys a single (credited through the stand-in) and plays one pick in it. */
async function anaPlays(round: { id: number; matches: number[] }): Promise<{ entry: number; payment: number; checkout: string }> {
  const { checkout, preference } = await buy(ana, round.id, 'single');
  const paid = await pay(preference, 'approved');
  const [entry] = await entriesOf(ana.id, round.id);
  expect(entry).toBeDefined();
  const pick = await ana.client.from('paid_picks').upsert({ paid_entry_id: entry!.id, quiniela_id: round.id, match_id: round.matches[0]!, result: 'Local' });
  expect(pick.error).toBeNull();
  return { entry: entry!.id, payment: paid.id, checkout };
}

describe('other players\' payments, checkouts, entries and Pro picks before the deadline', () => {
  it('filters, embedded selects and RPCs show a player nothing of another player\'s, and a visitor nothing at all', async () => {
    const round = await createRound();
    const victim = await anaPlays(round);
    // Mallory has an entry of her own in the round, so embeds have something to hang on.
    await pay((await buy(mallory, round.id, 'single')).preference, 'approved');
    const m = mallory.client;
    expect((await m.from('paid_entries').select('id').eq('user_id', ana.id)).data).toEqual([]);
    expect((await m.from('paid_entries').select('id').eq('id', victim.entry)).data).toEqual([]);
    expect((await m.from('paid_entries').select('id, paid_picks(*)').eq('quiniela_id', round.id)).data!.map((e) => e.id)).not.toContain(victim.entry);
    const embedded = await m.from('paid_entries').select('*, paid_picks(*)').eq('quiniela_id', round.id);
    expect(embedded.error).toBeNull();
    expect(embedded.data!.flatMap((e) => e.paid_picks.map((p) => p.paid_entry_id))).not.toContain(victim.entry);
    expect((await m.from('paid_picks').select('*').eq('paid_entry_id', victim.entry)).data).toEqual([]);
    expect((await m.from('paid_picks').select('*, paid_entries(*)').eq('quiniela_id', round.id)).data!.filter((p) => p.paid_entry_id === victim.entry)).toEqual([]);
    expect((await m.from('payments').select('*').eq('user_id', ana.id)).data).toEqual([]);
    expect((await m.from('payments').select('*').eq('provider_payment_id', String(victim.payment))).data).toEqual([]);
    expect((await m.from('pro_checkouts').select('*').eq('user_id', ana.id)).data).toEqual([]);
    const viaProfile = await m.from('profiles').select('id, paid_entries(id, paid_picks(*))' as never).eq('id', ana.id);
    expect(JSON.stringify(viaProfile.data ?? [])).not.toContain(`"id":${victim.entry}`);
    const viaPayments = await m.from('payments').select('id, paid_entries(*), pro_checkouts(*)' as never);
    expect(JSON.stringify(viaPayments.data ?? [])).not.toContain(ana.id);
    // Counting through a HEAD request leaks nothing either.
    expect((await m.from('paid_picks').select('*', { count: 'exact', head: true }).eq('paid_entry_id', victim.entry)).count).toBe(0);
    const snapshot = await m.rpc('pro_results_snapshot', { p_quiniela: round.id });
    expect(snapshot.data!.map((r) => r.user_id)).toEqual([mallory.id]);
    expect((await m.rpc('copy_free_picks_to_paid_entry', { p_entry: victim.entry })).error?.message).toBe('No tienes esa entrada.');

    const visitor = anonClient();
    for (const table of ['paid_entries', 'paid_picks', 'payments', 'pro_checkouts'] as const) {
      const r = await visitor.from(table).select('*').limit(1);
      expect(r.data ?? []).toEqual([]);
    }
    expect((await visitor.rpc('pro_results_snapshot', { p_quiniela: round.id })).error?.code).toBe('42501');
    expect((await visitor.rpc('confirm_adult')).error?.code).toBe('42501');
    expect((await visitor.rpc('start_pro_checkout', { p_quiniela: round.id, p_pack: 'single' })).error?.code).toBe('42501');
    expect((await visitor.rpc('copy_free_picks_to_paid_entry', { p_entry: victim.entry })).error?.code).toBe('42501');
    // The public RPCs carry no buyer.
    const ledger = await visitor.rpc('pro_ledger', { p_quiniela: round.id });
    expect(JSON.stringify(ledger.data)).not.toContain(ana.id);
    expect(JSON.stringify(ledger.data)).not.toContain(String(victim.payment));
    expect(JSON.stringify(ledger.data)).not.toContain(victim.checkout);
    const { rows } = await q('select count(*)::int as n from public.paid_picks where paid_entry_id = $1', [victim.entry]);
    expect(rows[0].n).toBe(1);
  });

  it('after the deadline entries and picks open up, but payments and checkouts stay private', async () => {
    const round = await createRound();
    const victim = await anaPlays(round);
    await q(`update public.quinielas set deadline = now() - interval '1 second' where id = $1`, [round.id]);
    expect((await mallory.client.from('paid_picks').select('paid_entry_id').eq('paid_entry_id', victim.entry)).data).toHaveLength(1);
    expect((await mallory.client.from('payments').select('id').eq('quiniela_id', round.id)).data).toEqual([]);
    expect((await mallory.client.from('pro_checkouts').select('id').eq('quiniela_id', round.id)).data).toEqual([]);
    expect((await mallory.client.from('paid_entries').select('id, payments(*)' as never).eq('id', victim.entry)).data).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ payments: expect.objectContaining({ user_id: ana.id }) })]),
    );
  });

  it('Realtime: a player hears his own Pro changes and none of another player\'s, filtered or not', async () => {
    const round = await createRound();
    const heard: { table: string; row: Record<string, unknown> }[] = [];
    const channels: RealtimeChannel[] = [];
    const listen = async (filter?: string) => {
      for (const table of ['paid_picks', 'payments', 'paid_entries']) {
        const ch = mallory.client.channel(`pro-attack-${table}-${filter ?? 'all'}-${randomUUID().slice(0, 6)}`);
        ch.on('postgres_changes' as never, { event: '*', schema: 'public', table, ...(filter ? { filter } : {}) }, (p: { new: Record<string, unknown>; old: Record<string, unknown> }) =>
          heard.push({ table, row: { ...p.old, ...p.new } }),
        );
        await new Promise<void>((resolve, reject) => ch.subscribe((status, err) => (status === 'SUBSCRIBED' ? resolve() : status === 'CHANNEL_ERROR' ? reject(err) : undefined)));
        channels.push(ch);
      }
    };
    // A visitor listens too: refused at join, or told he may not read, never Ana's rows.
    const visitor = anonClient();
    const visitorHeard: unknown[] = [];
    for (const table of ['paid_picks', 'payments', 'paid_entries', 'pro_checkouts']) {
      const ch = visitor.channel(`pro-attack-anon-${table}`).on('postgres_changes' as never, { event: '*', schema: 'public', table }, (p: unknown) => visitorHeard.push(p));
      await new Promise<void>((resolve) => ch.subscribe((status) => (status === 'SUBSCRIBED' || status === 'CHANNEL_ERROR' || status === 'TIMED_OUT' ? resolve() : undefined)));
    }
    await mallory.client.realtime.setAuth(mallory.accessToken);
    await listen();
    await listen(`user_id=eq.${ana.id}`);
    await listen(`quiniela_id=eq.${round.id}`);
    try {
      const victim = await anaPlays(round);
      await ana.client.from('paid_picks').upsert({ paid_entry_id: victim.entry, quiniela_id: round.id, match_id: round.matches[1]!, result: 'Visita' });
      // Then Mallory's own purchase and pick: once she hears those, Ana's earlier changes would have arrived too.
      await pay((await buy(mallory, round.id, 'single')).preference, 'approved');
      const [own] = await entriesOf(mallory.id, round.id);
      expect((await mallory.client.from('paid_picks').insert({ paid_entry_id: own!.id, quiniela_id: round.id, match_id: round.matches[2]!, result: 'Empate' })).error).toBeNull();
      await expect.poll(() => heard.filter((h) => h.table === 'paid_picks' && h.row.paid_entry_id === own!.id).length, { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(() => heard.filter((h) => h.table === 'payments').length, { timeout: 30_000 }).toBeGreaterThan(0);
      expect(heard.filter((h) => h.row.user_id === ana.id || h.row.paid_entry_id === victim.entry)).toEqual([]);
      // anon may not read these tables' keys: as hosted, he hears "Error 401: Unauthorized" and no row.
      for (const p of visitorHeard) expect(p).toMatchObject({ errors: ['Error 401: Unauthorized'], new: {}, old: {} });
    } finally {
      for (const ch of channels) await mallory.client.removeChannel(ch);
      await visitor.removeAllChannels();
      visitor.realtime.disconnect();
    }
  });
});

describe('columns only the referee writes, and Pro picks where they may not go', () => {
  it('a player cannot set adult_confirmed_at, voided_at, payment_id or the owner of an entry, nor grant himself one', async () => {
    const round = await createRound();
    const minor = await createPlayer();
    expect((await minor.client.from('profiles').update({ adult_confirmed_at: new Date().toISOString() } as never).eq('id', minor.id)).error?.code).toBe('42501');
    expect((await minor.client.from('profiles').upsert({ id: minor.id, username: minor.username, adult_confirmed_at: new Date().toISOString() } as never)).error).not.toBeNull();
    expect((await q('select adult_confirmed_at from public.profiles where id = $1', [minor.id])).rows[0].adult_confirmed_at).toBeNull();
    expect((await minor.client.rpc('start_pro_checkout', { p_quiniela: round.id, p_pack: 'single' })).error?.code).toBe('42501');

    const paid = await pay((await buy(mallory, round.id, 'single')).preference, 'approved');
    const [entry] = await entriesOf(mallory.id, round.id);
    const refund = await pay((await buy(mallory, round.id, 'single')).preference, 'approved');
    expect(await moveTo(refund.id, 'refunded')).toBe('200');
    const voided = (await entriesOf(mallory.id, round.id)).find((e) => e.voided)!;
    const m = mallory.client;
    expect((await m.from('paid_entries').update({ voided_at: null } as never).eq('id', voided.id)).error?.code).toBe('42501');
    expect((await m.from('paid_entries').update({ payment_id: null } as never).eq('id', voided.id)).error?.code).toBe('42501');
    expect((await m.from('paid_entries').update({ user_id: ana.id } as never).eq('id', entry!.id)).error?.code).toBe('42501');
    expect((await m.from('paid_entries').insert({ quiniela_id: round.id, user_id: mallory.id, label: 'Gratis' })).error?.code).toBe('42501');
    expect((await m.from('paid_entries').insert({ quiniela_id: round.id, user_id: mallory.id, payment_id: (await paymentRow(paid.id))!.id } as never)).error?.code).toBe('42501');
    expect((await m.from('paid_entries').delete().eq('id', voided.id)).error).toBeNull();
    expect((await m.from('payments').update({ outcome: 'credited' } as never).eq('provider_payment_id', String(refund.id))).error?.code).toBe('42501');
    expect((await m.from('pro_checkouts').update({ price_mxn: 1 } as never).eq('user_id', mallory.id)).error?.code).toBe('42501');
    expect((await m.from('pro_packs').update({ price_mxn: 1, pool_mxn: 1 } as never).eq('pack_type', 'single')).error?.code).toBe('42501');
    const rows = await entriesOf(mallory.id, round.id);
    expect(rows.map((e) => e.voided)).toEqual([false, true]);
    expect(rows.every((e) => e.payment_id !== null)).toBe(true);
    expect((await q(`select price_mxn, pool_mxn from public.pro_packs where pack_type = 'single'`)).rows[0]).toEqual({ price_mxn: '25.00', pool_mxn: '16.50' });
    expect(await paymentRow(refund.id)).toMatchObject({ outcome: 'voided' });
  });

  it('Pro picks: never to a voided entry, another round\'s match, or after the deadline, by insert, update, re-pointing or copy', async () => {
    const round = await createRound();
    const other = await createRound();
    await pay((await buy(mallory, round.id, 'single')).preference, 'approved');
    const refund = await pay((await buy(mallory, round.id, 'single')).preference, 'approved');
    const [live] = await entriesOf(mallory.id, round.id);
    // Free picks to copy later, made while the round is open.
    expect((await mallory.client.from('picks').upsert(round.matches.map((m) => ({ user_id: mallory.id, match_id: m, quiniela_id: round.id, result: 'Visita' as const })))).error).toBeNull();
    // A pick on the entry before the refund: it must not move or change once voided.
    const before = (await entriesOf(mallory.id, round.id))[1]!;
    expect((await mallory.client.from('paid_picks').insert({ paid_entry_id: before.id, quiniela_id: round.id, match_id: round.matches[0]!, result: 'Local' })).error).toBeNull();
    expect(await moveTo(refund.id, 'refunded')).toBe('200');
    const m = mallory.client;
    expect((await m.from('paid_picks').insert({ paid_entry_id: before.id, quiniela_id: round.id, match_id: round.matches[1]!, result: 'Local' })).error?.code).toBe('42501');
    expect((await m.from('paid_picks').update({ result: 'Visita' }).eq('paid_entry_id', before.id).select()).data).toEqual([]);
    // Re-pointing the voided entry's pick to the live entry.
    expect((await m.from('paid_picks').update({ paid_entry_id: live!.id }).eq('paid_entry_id', before.id).select()).data).toEqual([]);
    expect((await m.rpc('copy_free_picks_to_paid_entry', { p_entry: before.id })).error?.message).toBe('No tienes esa entrada.');
    // Another round's match on a live entry, and quiniela_id lying about the round.
    expect((await m.from('paid_picks').insert({ paid_entry_id: live!.id, quiniela_id: round.id, match_id: other.matches[0]!, result: 'Local' })).error?.message).toBe(
      'Ese partido no es de la quiniela de esta entrada.',
    );
    expect((await m.from('paid_picks').insert({ paid_entry_id: live!.id, quiniela_id: other.id, match_id: other.matches[0]!, result: 'Local' })).error).not.toBeNull();
    expect((await m.from('paid_picks').insert({ paid_entry_id: live!.id, quiniela_id: round.id, match_id: round.matches[0]!, result: 'Gana' as never })).error).not.toBeNull();
    expect((await m.from('paid_picks').insert({ paid_entry_id: live!.id, quiniela_id: round.id, match_id: round.matches[0]!, result: 'Local' })).error).toBeNull();

    await q(`update public.quinielas set deadline = now() - interval '1 second' where id = $1`, [round.id]);
    expect((await m.from('paid_picks').insert({ paid_entry_id: live!.id, quiniela_id: round.id, match_id: round.matches[1]!, result: 'Local' })).error?.code).toBe('42501');
    expect((await m.from('paid_picks').update({ result: 'Visita' }).eq('paid_entry_id', live!.id).select()).data).toEqual([]);
    expect((await m.from('paid_picks').upsert({ paid_entry_id: live!.id, quiniela_id: round.id, match_id: round.matches[0]!, result: 'Empate' })).error?.code).toBe('42501');
    expect((await m.rpc('copy_free_picks_to_paid_entry', { p_entry: live!.id })).error).not.toBeNull();
    const { rows } = await q('select paid_entry_id, match_id, result from public.paid_picks where quiniela_id = $1 order by paid_entry_id', [round.id]);
    expect(rows.map((r) => [Number(r.paid_entry_id), Number(r.match_id), r.result])).toEqual([
      [live!.id, round.matches[0], 'Local'],
      [before.id, round.matches[0], 'Local'],
    ]);
  });
});

describe('the pool, the ledger and the payout', () => {
  it('refused, pending, rejected and voided payments add nothing; the credited ledger lines add up to the pool', async () => {
    const round = await createRound();
    const checkoutFor = async (pack: 'single' | 'triple') => {
      const { data, error } = await mallory.client.rpc('start_pro_checkout', { p_quiniela: round.id, p_pack: pack });
      expect(error).toBeNull();
      return data![0]!.checkout_id;
    };
    // 7 packs of 3 credited: 7 × 44 = 308, over the 300 minimum.
    for (let i = 0; i < 7; i++) expect((await record(freshPaymentId(), 'approved', 60, 'MXN', await checkoutFor('triple'))).data).toBe('credited');
    expect(await poolOf(round.id)).toBe(308);
    // Noise that must not move it: refused, pending, rejected, a credited-then-refunded one and a replay.
    expect((await record(freshPaymentId(), 'approved', 25, 'MXN', await checkoutFor('triple'))).data).toBe('refused');
    expect((await record(freshPaymentId(), 'pending', 60, 'MXN', await checkoutFor('triple'))).data).toBe('pending');
    expect((await record(freshPaymentId(), 'rejected', 60, 'MXN', await checkoutFor('triple'))).data).toBe('rejected');
    const refunded = freshPaymentId();
    const ref = await checkoutFor('triple');
    expect((await record(refunded, 'approved', 60, 'MXN', ref)).data).toBe('credited');
    expect((await record(refunded, 'refunded', 60, 'MXN', ref)).data).toBe('voided');
    expect((await record(refunded, 'approved', 60, 'MXN', ref)).data).toBe('voided');
    expect(await poolOf(round.id)).toBe(308);
    const ledger = await anonClient().rpc('pro_ledger', { p_quiniela: round.id });
    expect(ledger.error).toBeNull();
    const credited = ledger.data!.filter((l) => l.outcome === 'credited');
    expect(credited).toHaveLength(7);
    expect(credited.reduce((s, l) => s + Number(l.pool_mxn), 0)).toBeCloseTo(308, 2);
    expect(ledger.data!.filter((l) => l.outcome === 'voided').map((l) => Number(l.pool_mxn))).toEqual([0]);
    const stats = await anonClient().rpc('pro_pool_stats', { p_quiniela: round.id });
    expect(stats.data![0]).toMatchObject({ players: 1, entries: 21 });
  });

  it('the payout never pays a voided entry and never pays out more than the pool, whatever the tie', async () => {
    const round = await createRound();
    // 7 singles, each its own entry (115.50 of contributions: the pool is the 300 minimum).
    for (let i = 0; i < 7; i++) {
      const { data } = await mallory.client.rpc('start_pro_checkout', { p_quiniela: round.id, p_pack: 'single' });
      expect((await record(freshPaymentId(), 'approved', 25, 'MXN', data![0]!.checkout_id)).data).toBe('credited');
    }
    // An eighth entry plays every match right, then its payment is refunded.
    const { data } = await mallory.client.rpc('start_pro_checkout', { p_quiniela: round.id, p_pack: 'single' });
    const refunded = freshPaymentId();
    await record(refunded, 'approved', 25, 'MXN', data![0]!.checkout_id);
    const entries = await entriesOf(mallory.id, round.id);
    const best = entries[7]!.id;
    const picks = await mallory.client.from('paid_picks').insert(round.matches.map((m) => ({ paid_entry_id: best, quiniela_id: round.id, match_id: m, result: 'Local' as const })));
    expect(picks.error).toBeNull();
    expect((await record(refunded, 'refunded', 25, 'MXN', data![0]!.checkout_id)).data).toBe('voided');

    expect((await anonClient().rpc('pro_payout', { p_quiniela: round.id })).data).toEqual([]);
    await q(`update public.quinielas set deadline = now() - interval '1 second' where id = $1`, [round.id]);
    await q(`update public.matches set correct_result = 'Local' where quiniela_id = $1`, [round.id]);
    await q('update public.quinielas set results_saved = true where id = $1', [round.id]);

    const pool = await poolOf(round.id);
    expect(pool).toBe(300);
    const payout = await anonClient().rpc('pro_payout', { p_quiniela: round.id });
    expect(payout.error).toBeNull();
    // The 7 live entries tie on 0 points; the voided one with 3 is nowhere.
    expect(payout.data!.map((r) => Number(r.entry_id)).sort((a, b) => a - b)).toEqual(entries.slice(0, 7).map((e) => e.id));
    const paidOut = payout.data!.reduce((s, r) => s + Math.round(Number(r.share_mxn) * 100), 0);
    expect(paidOut).toBeLessThanOrEqual(pool * 100);
    // Evenly, to the cent: what is left over is less than a cent per entry.
    expect(pool * 100 - paidOut).toBeLessThan(7);
    expect(new Set(payout.data!.map((r) => r.share_mxn)).size).toBe(1);
  });
});
