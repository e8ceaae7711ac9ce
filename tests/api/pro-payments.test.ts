// Pro's payment path end to end: the Edge Functions create-preference and mercadopago-webhook on
// real Deno, the official SDK talking to the local MercadoPago stand-in, and the database's
// referee. Deliveries the stand-in makes are checked, and so are the ones an attacker could
// make: unsigned, wrongly signed, replayed, for an unknown payment, and 20 at once.
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MERCADOPAGO_WEBHOOK_SECRET_LOCAL } from '../../supabase/local/config.ts';
import { db } from '../support/clients.ts';
import { createPlayer, type Player } from '../support/players.ts';

const api = inject('apiUrl');
const mp = inject('mercadopagoUrl');
const q = (sql: string, params: unknown[] = []) => db().query(sql, params);
const rounds: number[] = [];

async function createRound(deadline = `now() + interval '2 days'`): Promise<number> {
  const { rows } = await q(`insert into public.quinielas (name, week, deadline) values ($1, 9, ${deadline}) returning id`, [`Pro pago ${randomUUID().slice(0, 8)}`]);
  const id = Number(rows[0].id);
  rounds.push(id);
  await q(`insert into public.matches (quiniela_id, match_order, home_team, away_team) select $1, n, 'L' || n, 'V' || n from generate_series(1, 2) n`, [id]);
  return id;
}

async function adult(): Promise<Player> {
  const player = await createPlayer();
  expect((await player.client.rpc('confirm_adult')).error).toBeNull();
  return player;
}

async function createPreference(player: Player | null, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(`${api}/functions/v1/create-preference`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(player ? { authorization: `Bearer ${player.accessToken}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

/** Starts a purchase and returns the preference id the stand-in gave it. */
async function buy(player: Player, round: number, pack: 'single' | 'triple'): Promise<string> {
  const started = await createPreference(player, { quinielaId: round, packType: pack });
  expect(started.status).toBe(200);
  const pref = new URL(String(started.body.init_point)).searchParams.get('pref_id');
  expect(pref).toBeTruthy();
  return pref!;
}

/** The stand-in's test hook: pays a preference (optionally with another amount) and delivers the webhook. */
async function pay(preference: string, status: string, amount?: number): Promise<{ id: number; webhook: string | null }> {
  const r = await fetch(`${mp}/__local/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ preference_id: preference, status, ...(amount === undefined ? {} : { amount }) }),
  });
  expect(r.status).toBe(201);
  return { id: Number(((await r.json()) as { id: number }).id), webhook: r.headers.get('x-local-webhook-status') };
}

/** A webhook delivery as MercadoPago signs it (MercadoPago's documented manifest, computed here). */
function signed(dataId: string, secret = MERCADOPAGO_WEBHOOK_SECRET_LOCAL, ts = Math.floor(Date.now() / 1000)) {
  const requestId = randomUUID();
  const v1 = createHmac('sha256', secret).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest('hex');
  return { 'x-request-id': requestId, 'x-signature': `ts=${ts},v1=${v1}` };
}

async function deliver(dataId: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${api}/functions/v1/mercadopago-webhook?data.id=${dataId}&type=payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ type: 'payment', action: 'payment.created', data: { id: dataId } }),
  });
}

async function entries(player: Player, round: number): Promise<{ voided: boolean }[]> {
  const { rows } = await q('select voided_at from public.paid_entries where user_id = $1 and quiniela_id = $2 order by id', [player.id, round]);
  return rows.map((r) => ({ voided: r.voided_at !== null }));
}

async function payment(id: number): Promise<{ outcome: string; outcome_detail: string | null } | undefined> {
  const { rows } = await q('select outcome, outcome_detail from public.payments where provider_payment_id = $1', [String(id)]);
  return rows[0];
}

let ana: Player;
beforeAll(async () => {
  ana = await adult();
});

afterAll(async () => {
  await q('delete from public.payments where quiniela_id = any($1)', [rounds]);
  await q('delete from public.quinielas where id = any($1)', [rounds]);
  await db().end();
});

describe('create-preference', () => {
  it('asks for a session, a round and a pack, in Spanish', async () => {
    const round = await createRound();
    expect((await createPreference(null, { quinielaId: round, packType: 'single' })).status).toBe(401);
    // A visitor (the app without a session: the publishable key, which the gateway makes an anon
    // JWT) reaches the function: the database refuses him, in Spanish.
    const visitor = await fetch(`${api}/functions/v1/create-preference`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: inject('publishableKey'), authorization: `Bearer ${inject('publishableKey')}` },
      body: JSON.stringify({ quinielaId: round, packType: 'single' }),
    });
    expect({ status: visitor.status, body: await visitor.json() }).toEqual({ status: 401, body: { error: 'Debes iniciar sesión.' } });
    expect(await createPreference(ana, { packType: 'single' })).toEqual({ status: 400, body: { error: 'Falta el ID de la quiniela.' } });
    expect(await createPreference(ana, { quinielaId: round })).toEqual({ status: 400, body: { error: 'Falta el tipo de paquete.' } });
    expect(await createPreference(ana, { quinielaId: round, packType: 'doble' })).toEqual({ status: 400, body: { error: 'Paquete no válido.' } });
    // A name PostgreSQL cannot store (a NUL character) is a bad request too, not an outage.
    expect(await createPreference(ana, { quinielaId: round, packType: 'single\u0000' })).toEqual({ status: 400, body: { error: 'Paquete no válido.' } });
    // Nor one PostgREST cannot read (a lone surrogate).
    expect(await createPreference(ana, { quinielaId: round, packType: '\ud800' })).toEqual({ status: 400, body: { error: 'Paquete no válido.' } });
    expect(await createPreference(ana, { quinielaId: 987654321, packType: 'single' })).toEqual({ status: 404, body: { error: 'Quiniela no encontrada.' } });
  });

  it('refuses a player who has not confirmed he is 18+, and a closed round', async () => {
    const round = await createRound();
    const minor = await createPlayer();
    expect(await createPreference(minor, { quinielaId: round, packType: 'single' })).toEqual({
      status: 403,
      body: { error: 'Confirma que tienes 18 años o más para jugar Pro.' },
    });
    const closed = await createRound(`now() - interval '1 minute'`);
    expect((await createPreference(ana, { quinielaId: closed, packType: 'single' })).status).toBe(403);
  });

  it('creates one preference at the pack price for the caller, whatever user the body names', async () => {
    const round = await createRound();
    const other = await adult();
    const started = await createPreference(ana, { quinielaId: round, packType: 'triple', userId: other.id });
    expect(started.status).toBe(200);
    expect(String(started.body.init_point)).toMatch(new RegExp(`^${mp}/`));
    const { rows } = await q('select user_id, pack_type, price_mxn, preference_id from public.pro_checkouts where id = $1', [started.body.checkout_id]);
    expect(rows[0]).toMatchObject({ user_id: ana.id, pack_type: 'triple', price_mxn: '60.00' });
    const preference = await fetch(`${mp}/checkout/preferences/${rows[0].preference_id}`, { headers: { authorization: 'Bearer TEST-local-access-token' } });
    const body = (await preference.json()) as { items: { unit_price: number; currency_id: string }[]; external_reference: string; notification_url: string };
    expect(body.items).toMatchObject([{ unit_price: 60, currency_id: 'MXN' }]);
    expect(body.external_reference).toBe(started.body.checkout_id);
    expect(body.notification_url).toBe(`${api}/functions/v1/mercadopago-webhook`);
  });
});

describe('mercadopago-webhook', () => {
  it('credits an approved payment through the stand-in: 3 entries for a pack of 3', async () => {
    const round = await createRound();
    const paid = await pay(await buy(ana, round, 'triple'), 'approved');
    expect(paid.webhook).toBe('200');
    expect(await entries(ana, round)).toEqual([{ voided: false }, { voided: false }, { voided: false }]);
    expect(await payment(paid.id)).toMatchObject({ outcome: 'credited' });
  });

  it('refuses unsigned and wrongly signed deliveries with 401 and writes nothing', async () => {
    const round = await createRound();
    const player = await adult();
    const preference = await buy(player, round, 'single');
    // A payment that exists, its webhook answered: then forged deliveries for the same id.
    const paid = await pay(preference, 'pending');
    await q('delete from public.payments where provider_payment_id = $1', [String(paid.id)]);
    expect((await deliver(String(paid.id), {})).status).toBe(401);
    expect((await deliver(String(paid.id), signed(String(paid.id), 'otro-secreto'))).status).toBe(401);
    const good = signed(String(paid.id));
    expect((await deliver(String(paid.id) + '1', good)).status).toBe(401); // signature of another id
    expect((await deliver(String(paid.id), signed(String(paid.id), undefined, Math.floor(Date.now() / 1000) - 3600))).status).toBe(401); // stale
    expect(await payment(paid.id)).toBeUndefined();
  });

  it('credits nothing for pending, rejected, tampered and unknown payments', async () => {
    const round = await createRound();
    const player = await adult();
    const pending = await pay(await buy(player, round, 'single'), 'pending');
    const rejected = await pay(await buy(player, round, 'single'), 'rejected');
    const tampered = await pay(await buy(player, round, 'single'), 'approved', 1);
    expect(await payment(pending.id)).toMatchObject({ outcome: 'pending' });
    expect(await payment(rejected.id)).toMatchObject({ outcome: 'rejected' });
    expect(await payment(tampered.id)).toMatchObject({ outcome: 'refused', outcome_detail: 'amount_mismatch' });
    const unknown = '999999999999999';
    const r = await deliver(unknown, signed(unknown));
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ outcome: 'unknown_payment' });
    expect(await payment(Number(unknown))).toBeUndefined();
    expect(await entries(player, round)).toEqual([]);
  });

  it('a replayed delivery and 20 concurrent deliveries of one approved payment credit it once', async () => {
    const round = await createRound();
    const player = await adult();
    const paid = await pay(await buy(player, round, 'single'), 'approved');
    const replay = await deliver(String(paid.id), signed(String(paid.id)));
    expect(await replay.json()).toEqual({ outcome: 'credited' });
    const all = await Promise.all(Array.from({ length: 20 }, () => deliver(String(paid.id), signed(String(paid.id)))));
    expect(all.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await entries(player, round)).toEqual([{ voided: false }]);

    // The same 20 deliveries racing on a payment the database has not seen yet.
    const fresh = await pay(await buy(player, round, 'triple'), 'approved');
    await q('delete from public.paid_entries where payment_id = (select id from public.payments where provider_payment_id = $1)', [String(fresh.id)]);
    await q('delete from public.payments where provider_payment_id = $1', [String(fresh.id)]);
    const race = await Promise.all(Array.from({ length: 20 }, () => deliver(String(fresh.id), signed(String(fresh.id)))));
    expect(race.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await entries(player, round)).toHaveLength(4);
  });

  it('a refund voids the entries and takes them out of the pool', async () => {
    const round = await createRound();
    const player = await adult();
    const paid = await pay(await buy(player, round, 'triple'), 'approved');
    expect((await player.client.rpc('pro_pool_stats', { p_quiniela: round })).data![0]).toMatchObject({ entries: 3, players: 1 });
    const refund = await fetch(`${mp}/__local/payments/${paid.id}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'refunded' }),
    });
    expect(refund.status).toBe(200);
    expect(await entries(player, round)).toEqual([{ voided: true }, { voided: true }, { voided: true }]);
    expect(await payment(paid.id)).toMatchObject({ outcome: 'voided' });
    expect((await player.client.rpc('pro_pool_stats', { p_quiniela: round })).data![0]).toMatchObject({ entries: 0, players: 0 });
  });
});
