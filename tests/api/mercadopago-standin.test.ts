// The local MercadoPago stand-in, driven through the real `mercadopago` SDK (pointed at it the
// way the Edge Functions do, through AppConfig.BASE_URL) and checked from the outside: its
// webhooks land on a receiver of this test and are verified with this file's own HMAC code.
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MercadoPagoConfig, MPAuthenticationError, MPBadRequestError, MPNotFoundError, Payment, Preference, WebhookSignatureValidator } from 'mercadopago';
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MERCADOPAGO_ACCESS_TOKEN_LOCAL, MERCADOPAGO_WEBHOOK_SECRET_LOCAL } from '../../supabase/local/config.ts';

const mp = inject('mercadopagoUrl');
const client = new MercadoPagoConfig({ accessToken: MERCADOPAGO_ACCESS_TOKEN_LOCAL, options: { maxRetries: 0 } });

interface Received {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A seller's webhook endpoint: records every request; `/fail-first/…` answers 500 to its first request, everything else 200. */
let receiver: Server;
let receiverUrl = '';
const received: Received[] = [];
beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://receiver');
      const earlier = received.filter((r) => r.path === url.pathname).length;
      received.push({ path: url.pathname, query: url.searchParams, headers: req.headers, body });
      res.writeHead(url.pathname.startsWith('/fail-first/') && earlier === 0 ? 500 : 200).end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // What the functions do with MERCADOPAGO_API_URL (the SDK types the field read-only).
  (AppConfig as { BASE_URL: string }).BASE_URL = mp;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((r) => receiver.close(r));
});

const at = (path: string) => received.filter((r) => r.path === path);

/** x-signature checked the way MercadoPago documents it, independently of the stand-in's code. */
function signatureValid(r: Received, secret: string): boolean {
  const parts = Object.fromEntries(String(r.headers['x-signature']).split(',').map((p) => p.split('=') as [string, string]));
  const dataId = r.query.get('data.id') ?? '';
  const manifest = `id:${dataId};request-id:${r.headers['x-request-id']};ts:${parts.ts};`;
  return createHmac('sha256', secret).update(manifest).digest('hex') === parts.v1;
}

async function newPreference(opts: { path?: string; unitPrice?: number; quantity?: number } = {}) {
  const reference = `test-${randomUUID()}`;
  const path = opts.path ?? `/webhook/${randomUUID()}`;
  const preference = await new Preference(client).create({
    body: {
      items: [{ id: 'triple', title: 'Quinielazo Pro · paquete de 3 entradas', quantity: opts.quantity ?? 1, unit_price: opts.unitPrice ?? 60, currency_id: 'MXN' }],
      external_reference: reference,
      notification_url: `${receiverUrl}${path}?source=test`,
      back_urls: { success: 'http://app.test/pro/ok?from=mp', failure: 'http://app.test/pro/fallo', pending: 'http://app.test/pro/pendiente' },
      auto_return: 'approved',
      metadata: { pack: 'triple' },
    },
  });
  return { preference, reference, path };
}

async function hook(path: string, body: unknown) {
  const res = await fetch(`${mp}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { res, json: await res.json() };
}

describe('MercadoPago stand-in through the SDK', () => {
  it('creates a preference, is paid through the hook and answers the payment', async () => {
    const before = Date.now();
    const { preference, reference, path } = await newPreference({ unitPrice: 25, quantity: 3 });
    expect(preference.id).toMatch(/^\d+-[0-9a-f-]{36}$/);
    expect(preference.init_point).toBe(`${mp}/checkout/v1/redirect?pref_id=${encodeURIComponent(preference.id!)}`);
    expect(preference.sandbox_init_point).toBe(preference.init_point);
    expect(preference.external_reference).toBe(reference);
    expect(preference.notification_url).toBe(`${receiverUrl}${path}?source=test`);
    expect(preference.back_urls).toEqual({ success: 'http://app.test/pro/ok?from=mp', failure: 'http://app.test/pro/fallo', pending: 'http://app.test/pro/pendiente' });
    expect(preference.auto_return).toBe('approved');
    expect(preference.items).toMatchObject([{ id: 'triple', quantity: 3, unit_price: 25, currency_id: 'MXN' }]);
    expect(Date.parse(preference.date_created!)).toBeGreaterThanOrEqual(before - 1000);
    // The SDK can read it back too.
    expect((await new Preference(client).get({ preferenceId: preference.id! })).external_reference).toBe(reference);

    const { res, json: paid } = await hook('/__local/pay', { preference_id: preference.id, status: 'approved' });
    expect(res.status).toBe(201);
    // The first delivery is over when the hook answers.
    expect(res.headers.get('x-local-webhook-status')).toBe('200');
    expect(at(path)).toHaveLength(1);

    const payment = await new Payment(client).get({ id: paid.id });
    expect(payment.id).toBe(paid.id);
    expect(Number.isInteger(payment.id)).toBe(true);
    expect(payment).toMatchObject({
      status: 'approved',
      status_detail: 'accredited',
      transaction_amount: 75,
      currency_id: 'MXN',
      external_reference: reference,
      metadata: { pack: 'triple' },
      preference_id: preference.id,
    });
    expect(Date.parse(payment.date_approved!)).toBeGreaterThanOrEqual(Date.parse(payment.date_created!));
    expect(payment.payer?.email).toBeTruthy();

    // A tampered payment: the amount the buyer paid is not the item's price.
    const { json: tampered } = await hook('/__local/pay', { preference_id: preference.id, status: 'approved', amount: 1 });
    expect((await new Payment(client).get({ id: tampered.id })).transaction_amount).toBe(1);
    expect(tampered.id).not.toBe(paid.id);
  });

  it('leaves a payment pending or rejected, without an approval date', async () => {
    const { preference } = await newPreference();
    for (const status of ['pending', 'rejected'] as const) {
      const { json } = await hook('/__local/pay', { preference_id: preference.id, status });
      const payment = await new Payment(client).get({ id: json.id });
      expect(payment.status).toBe(status);
      expect(payment.date_approved).toBeNull();
    }
  });

  it('refuses calls without the access token, and unknown or invalid input, in MercadoPago’s error shape', async () => {
    const bare = await fetch(`${mp}/checkout/preferences`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items: [{ title: 'x', quantity: 1, unit_price: 25 }] }) });
    expect(bare.status).toBe(401);
    expect(await bare.json()).toMatchObject({ status: 401, error: 'unauthorized' });
    expect((await fetch(`${mp}/v1/payments/1`)).status).toBe(401);

    const intruder = new MercadoPagoConfig({ accessToken: 'TEST-someone-else', options: { maxRetries: 0 } });
    await expect(new Preference(intruder).create({ body: { items: [{ id: 'x', title: 'x', quantity: 1, unit_price: 25 }] } })).rejects.toBeInstanceOf(MPAuthenticationError);
    await expect(new Payment(intruder).get({ id: 1 })).rejects.toMatchObject({ status: 401 });

    await expect(new Payment(client).get({ id: 424242 })).rejects.toSatisfy((e) => e instanceof MPNotFoundError && e.message === 'Payment not found' && e.status === 404);
    for (const item of [
      { id: 'x', title: 'x', quantity: 1, unit_price: -5, currency_id: 'MXN' },
      { id: 'x', title: 'x', quantity: 0, unit_price: 25, currency_id: 'MXN' },
      { id: 'x', title: 'x', quantity: 1, unit_price: 25, currency_id: 'USD' },
    ]) {
      await expect(new Preference(client).create({ body: { items: [item] } })).rejects.toBeInstanceOf(MPBadRequestError);
    }
    await expect(new Preference(client).create({ body: { items: [] } })).rejects.toMatchObject({ status: 400 });

    expect((await hook('/__local/pay', { preference_id: 'nope', status: 'approved' })).res.status).toBe(404);
    const { preference } = await newPreference();
    expect((await hook('/__local/pay', { preference_id: preference.id, status: 'stolen' })).res.status).toBe(400);
    expect((await fetch(`${mp}/__local/pay`, { method: 'POST', body: '{not json' })).status).toBe(400);
  });
});

describe('MercadoPago stand-in webhooks', () => {
  it('signs each notification so that an independent HMAC (and the SDK’s validator) verifies it', async () => {
    const { preference, path } = await newPreference();
    const { json: payment } = await hook('/__local/pay', { preference_id: preference.id, status: 'approved' });
    const [delivery] = at(path);
    expect(JSON.parse(delivery.body)).toMatchObject({ type: 'payment', action: 'payment.created', data: { id: String(payment.id) } });
    expect(delivery.query.get('data.id')).toBe(String(payment.id));
    expect(delivery.query.get('type')).toBe('payment');
    expect(delivery.query.get('source')).toBe('test');
    expect(delivery.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const ts = Number(/ts=(\d+)/.exec(String(delivery.headers['x-signature']))?.[1]);
    expect(Math.abs(ts - Date.now() / 1000)).toBeLessThan(60);

    expect(signatureValid(delivery, MERCADOPAGO_WEBHOOK_SECRET_LOCAL)).toBe(true);
    expect(signatureValid(delivery, 'another-secret')).toBe(false);
    expect(() =>
      WebhookSignatureValidator.validate({
        xSignature: delivery.headers['x-signature'] as string,
        xRequestId: delivery.headers['x-request-id'] as string,
        dataId: String(payment.id),
        secret: MERCADOPAGO_WEBHOOK_SECRET_LOCAL,
        toleranceSeconds: 300,
      }),
    ).not.toThrow();

    const deliveries = await (await fetch(`${mp}/__local/deliveries?payment_id=${payment.id}`)).json();
    expect(deliveries).toMatchObject([{ payment_id: payment.id, action: 'payment.created', attempt: 1, status: 200, request_id: delivery.headers['x-request-id'] }]);
  });

  it('retries a delivery the receiver answered with 500, each try signed', async () => {
    const path = `/fail-first/${randomUUID()}`;
    const { preference } = await newPreference({ path });
    const { res, json: payment } = await hook('/__local/pay', { preference_id: preference.id, status: 'approved' });
    expect(res.headers.get('x-local-webhook-status')).toBe('500');
    await expect.poll(() => at(path).length, { timeout: 30_000 }).toBe(2);
    for (const r of at(path)) {
      expect(JSON.parse(r.body).data.id).toBe(String(payment.id));
      expect(signatureValid(r, MERCADOPAGO_WEBHOOK_SECRET_LOCAL)).toBe(true);
    }
    await expect
      .poll(async () => (await (await fetch(`${mp}/__local/deliveries?payment_id=${payment.id}`)).json()).map((d: { attempt: number; status: number }) => [d.attempt, d.status]), { timeout: 30_000 })
      .toEqual([
        [1, 500],
        [2, 200],
      ]);
  });

  it('retries after a network error', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const preference = await new Preference(client).create({
      body: { items: [{ id: 'single', title: 'Entrada', quantity: 1, unit_price: 25, currency_id: 'MXN' }], notification_url: `http://127.0.0.1:${port}/webhook` },
    });
    const { res, json: payment } = await hook('/__local/pay', { preference_id: preference.id, status: 'approved' });
    expect(res.headers.get('x-local-webhook-status')).toBe('error');
    await expect
      .poll(async () => (await (await fetch(`${mp}/__local/deliveries?payment_id=${payment.id}`)).json()).length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);
    const [first] = await (await fetch(`${mp}/__local/deliveries?payment_id=${payment.id}`)).json();
    expect(first).toMatchObject({ attempt: 1, status: null });
    expect(first.error).toBeTruthy();
  });

  it('a refund or a chargeback changes the payment and sends payment.updated', async () => {
    const { preference, path } = await newPreference();
    const { json: payment } = await hook('/__local/pay', { preference_id: preference.id, status: 'approved' });
    const { res } = await hook(`/__local/payments/${payment.id}/status`, { status: 'refunded' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-local-webhook-status')).toBe('200');
    const updates = at(path);
    expect(updates.map((r) => JSON.parse(r.body).action)).toEqual(['payment.created', 'payment.updated']);
    expect(JSON.parse(updates[1].body).data.id).toBe(String(payment.id));
    expect(signatureValid(updates[1], MERCADOPAGO_WEBHOOK_SECRET_LOCAL)).toBe(true);
    const refunded = await new Payment(client).get({ id: payment.id });
    expect(refunded.status).toBe('refunded');
    expect(refunded.transaction_amount_refunded).toBe(60);

    const { json: other } = await hook('/__local/pay', { preference_id: preference.id, status: 'approved' });
    await hook(`/__local/payments/${other.id}/status`, { status: 'charged_back' });
    expect((await new Payment(client).get({ id: other.id })).status).toBe('charged_back');
    expect((await hook(`/__local/payments/${other.id}/status`, { status: 'lost' })).res.status).toBe(400);
    expect((await hook('/__local/payments/1/status', { status: 'refunded' })).res.status).toBe(404);
  });
});

describe('MercadoPago stand-in checkout page', () => {
  it('shows the purchase in Spanish with the three sandbox outcomes', async () => {
    const { preference } = await newPreference();
    const res = await fetch(preference.init_point!);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="es-MX">');
    expect(html).toContain('name="viewport"');
    expect(html).toMatch(/<h1>Pagar con Mercado Pago<\/h1>/);
    expect(html).toContain('Quinielazo Pro · paquete de 3 entradas');
    expect(html).toContain('$60.00 MXN');
    const choices = [...html.matchAll(/<button type="submit" name="status" value="(\w+)"[^>]*>([^<]+)/g)].map((m) => [m[1], m[2].trim()]);
    expect(choices).toEqual([
      ['approved', 'Pagar $60.00 MXN'],
      ['rejected', 'Rechazar el pago'],
      ['pending', 'Dejar el pago pendiente'],
    ]);

    const missing = await fetch(`${mp}/checkout/v1/redirect?pref_id=nope`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('No encontramos este pago');
  });

  it('a choice creates the payment, notifies the seller and returns the buyer with MercadoPago’s parameters', async () => {
    const { preference, reference, path } = await newPreference();
    const expected = { rejected: 'http://app.test/pro/fallo', pending: 'http://app.test/pro/pendiente', approved: 'http://app.test/pro/ok' } as const;
    for (const status of ['rejected', 'pending', 'approved'] as const) {
      const res = await fetch(`${mp}/checkout/v1/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ pref_id: preference.id!, status }),
        redirect: 'manual',
      });
      expect(res.status).toBe(303);
      const back = new URL(res.headers.get('location')!);
      expect(`${back.origin}${back.pathname}`).toBe(expected[status]);
      const q = back.searchParams;
      expect(q.get('status')).toBe(status);
      expect(q.get('collection_status')).toBe(status);
      expect(q.get('collection_id')).toBe(q.get('payment_id'));
      expect(q.get('external_reference')).toBe(reference);
      expect(q.get('preference_id')).toBe(preference.id);
      expect(q.get('site_id')).toBe('MLM');
      expect(q.get('payment_type')).toBe('credit_card');
      expect(q.get('merchant_order_id')).toMatch(/^\d+$/);
      expect(q.get('processing_mode')).toBe('aggregator');
      expect(q.has('merchant_account_id')).toBe(true);
      if (status === 'approved') expect(q.get('from')).toBe('mp');

      const payment = await new Payment(client).get({ id: Number(q.get('payment_id')) });
      expect(payment.status).toBe(status);
      await expect.poll(() => at(path).some((r) => JSON.parse(r.body).data.id === q.get('payment_id')), { timeout: 30_000 }).toBe(true);
    }
  });
});
