// The local MercadoPago (docs/local-mercadopago.md): the part of MercadoPago's REST API the
// `mercadopago` SDK calls here (create a Checkout Pro preference, read a payment, refund one), the checkout
// page at init_point, the signed webhook, and test hooks under /__local. State lives in memory.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { MERCADOPAGO_ACCESS_TOKEN_LOCAL, MERCADOPAGO_WEBHOOK_SECRET_LOCAL } from '../config.ts';
import { listenLocal } from '../listen.ts';
import { renderCheckout, renderNotFound, renderOutcome } from './checkout-page.ts';
import { CHECKOUT_STATUSES, InvalidRequest, MercadoPagoStore, PAYMENT_STATUSES, SITE_ID, type Payment, type PaymentStatus, type Preference } from './store.ts';
import { WebhookSender, type Delivery } from './webhook.ts';

export interface MercadoPagoOptions {
  port: number;
  accessToken?: string;
  webhookSecret?: string;
  /** Waits before each webhook retry (default RETRY_DELAYS_MS). */
  retryDelaysMs?: number[];
  log?: (m: string) => void;
}

export interface RunningMercadoPago {
  /** Base URL of the API and of the checkout page, e.g. http://127.0.0.1:54326 */
  url: string;
  store: MercadoPagoStore;
  deliveries: Delivery[];
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024;
const BACK_URL_OF: Record<string, 'success' | 'failure' | 'pending'> = { approved: 'success', rejected: 'failure', pending: 'pending' };

export async function startMercadoPago(opts: MercadoPagoOptions): Promise<RunningMercadoPago> {
  const log = opts.log ?? (() => {});
  const accessToken = opts.accessToken ?? MERCADOPAGO_ACCESS_TOKEN_LOCAL;
  const webhooks = new WebhookSender(opts.webhookSecret ?? MERCADOPAGO_WEBHOOK_SECRET_LOCAL, log, opts.retryDelaysMs);

  /** Creates a payment (or changes one) and notifies; resolves once the first webhook try is over. */
  const notify = async (payment: Payment, action: 'payment.created' | 'payment.updated'): Promise<Delivery | null> =>
    payment.notification_url ? webhooks.send(payment.notification_url, payment.id, action) : null;

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: Error) => {
      if (e instanceof InvalidRequest) return mpError(res, 400, e.message, e.error);
      log(`error: ${e.stack ?? e}`);
      if (!res.headersSent) mpError(res, 500, 'internal_error', 'internal_error');
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://mercadopago');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    const s = store;

    // The REST API (Bearer access token, MercadoPago's error shape).
    if (path === '/checkout/preferences' || path.startsWith('/checkout/preferences/') || path.startsWith('/v1/')) {
      if (/^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] !== accessToken) return mpError(res, 401, 'invalid access token', 'unauthorized');
      if (path === '/checkout/preferences' && method === 'POST') {
        const preference = s.createPreference(await readJson(req));
        log(`preference ${preference.id}: ${preference.items.map((i) => `${i.quantity} × ${i.title} ${i.unit_price} ${i.currency_id}`).join(', ')}`);
        return json(res, 201, preference);
      }
      const pref = /^\/checkout\/preferences\/([^/]+)$/.exec(path);
      if (pref && method === 'GET') {
        const found = s.preferences.get(decodeURIComponent(pref[1]));
        return found ? json(res, 200, found) : mpError(res, 404, `Preference ${decodeURIComponent(pref[1])} not found`, 'not_found');
      }
      const pay = /^\/v1\/payments\/([^/]+)$/.exec(path);
      if (pay && method === 'GET') {
        if (!/^\d{1,18}$/.test(pay[1])) return mpError(res, 400, 'Invalid payment_id', 'bad_request');
        const found = s.payments.get(Number(pay[1]));
        return found ? json(res, 200, found) : mpError(res, 404, 'Payment not found', 'not_found', [{ code: 2000, description: 'Payment not found', data: null }]);
      }
      const refunds = /^\/v1\/payments\/([^/]+)\/refunds$/.exec(path);
      if (refunds) {
        if (!/^\d{1,18}$/.test(refunds[1])) return mpError(res, 400, 'Invalid payment_id', 'bad_request');
        const payment = s.payments.get(Number(refunds[1]));
        if (!payment) return mpError(res, 404, 'Payment not found', 'not_found', [{ code: 2000, description: 'Payment not found', data: null }]);
        if (method === 'GET') return json(res, 200, payment.refunds);
        if (method !== 'POST') return mpError(res, 405, 'method not allowed', 'method_not_allowed');
        const body = await readJson(req, true);
        const key = String(req.headers['x-idempotency-key'] ?? '');
        const repeated = key ? s.refundByKey(payment, key) : undefined;
        if (repeated) return json(res, 201, repeated);
        const refund = s.refund(payment, body.amount, key);
        log(`refund ${refund.id} of payment ${payment.id}: ${refund.amount} (now ${payment.status})`);
        // MercadoPago tells the seller about the payment's new state, as for any other change.
        void notify(payment, 'payment.updated');
        return json(res, 201, refund);
      }
      return mpError(res, 404, 'resource not found', 'not_found');
    }

    // The buyer's side.
    if (path === '/checkout/v1/redirect' && method === 'GET') {
      const preference = s.preferences.get(url.searchParams.get('pref_id') ?? '');
      return html(res, preference ? 200 : 404, preference ? renderCheckout(preference) : renderNotFound());
    }
    if (path === '/checkout/v1/pay' && method === 'POST') {
      const form = new URLSearchParams((await readBody(req)).toString('utf8'));
      const preference = s.preferences.get(form.get('pref_id') ?? '');
      const status = form.get('status') ?? '';
      if (!preference) return html(res, 404, renderNotFound());
      if (!(CHECKOUT_STATUSES as readonly string[]).includes(status)) return html(res, 400, renderCheckout(preference));
      const payment = s.pay(preference, status as PaymentStatus);
      log(`payment ${payment.id} ${payment.status} at the checkout (preference ${preference.id})`);
      // MercadoPago notifies the seller and returns the buyer independently.
      void notify(payment, 'payment.created');
      const back = preference.back_urls[BACK_URL_OF[status]];
      if (!back) return html(res, 200, renderOutcome(payment, preference.back_urls.success));
      res.writeHead(303, { location: backUrlWithResult(back, payment, preference) }).end();
      return;
    }

    // Test hooks.
    if (path === '/__local/pay' && method === 'POST') {
      const body = await readJson(req);
      const preference = s.preferences.get(typeof body.preference_id === 'string' ? body.preference_id : '');
      if (!preference) return mpError(res, 404, 'Preference not found', 'not_found');
      if (!(CHECKOUT_STATUSES as readonly string[]).includes(String(body.status))) return mpError(res, 400, `status must be one of ${CHECKOUT_STATUSES.join(', ')}`, 'bad_request');
      if (body.amount !== undefined && (typeof body.amount !== 'number' || !Number.isFinite(body.amount) || body.amount < 0)) return mpError(res, 400, 'amount must be a number', 'bad_request');
      const payment = s.pay(preference, body.status as PaymentStatus, body.amount as number | undefined);
      log(`payment ${payment.id} ${payment.status} by /__local/pay (preference ${preference.id})`);
      const first = await notify(payment, 'payment.created');
      return json(res, 201, payment, first);
    }
    const change = /^\/__local\/payments\/(\d{1,18})\/status$/.exec(path);
    if (change && method === 'POST') {
      const payment = s.payments.get(Number(change[1]));
      if (!payment) return mpError(res, 404, 'Payment not found', 'not_found');
      const body = await readJson(req);
      if (!(PAYMENT_STATUSES as readonly string[]).includes(String(body.status))) return mpError(res, 400, `status must be one of ${PAYMENT_STATUSES.join(', ')}`, 'bad_request');
      s.setStatus(payment, body.status as PaymentStatus);
      log(`payment ${payment.id} now ${payment.status}`);
      const first = await notify(payment, 'payment.updated');
      return json(res, 200, payment, first);
    }
    if (path === '/__local/deliveries' && method === 'GET') {
      const id = url.searchParams.get('payment_id');
      return json(res, 200, id ? webhooks.deliveries.filter((d) => String(d.payment_id) === id) : webhooks.deliveries);
    }
    return mpError(res, 404, 'resource not found', 'not_found');
  }

  // Loopback only: its /__local hooks, which credit payments, take no token.
  const url = `http://127.0.0.1:${await listenLocal(server, opts.port)}`;
  // Requests are handled from the next task on, after this line.
  const store = new MercadoPagoStore(url);
  log(`MercadoPago stand-in on ${url}`);

  return {
    url,
    store,
    deliveries: webhooks.deliveries,
    close: async () => {
      webhooks.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** back_urls.<outcome> with the query MercadoPago adds when it returns the buyer. */
function backUrlWithResult(back: string, payment: Payment, preference: Preference): string {
  const target = new URL(back);
  const params: Record<string, string> = {
    collection_id: String(payment.id),
    collection_status: payment.status,
    payment_id: String(payment.id),
    status: payment.status,
    external_reference: payment.external_reference,
    payment_type: payment.payment_type_id,
    merchant_order_id: String(payment.order.id),
    preference_id: preference.id,
    site_id: SITE_ID,
    processing_mode: payment.processing_mode,
    merchant_account_id: 'null',
  };
  for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
  return target.toString();
}

function json(res: ServerResponse, status: number, body: unknown, delivery?: Delivery | null) {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  // The hooks tell the test how the first webhook try went (the body stays MercadoPago's payment).
  if (delivery !== undefined) headers['x-local-webhook-status'] = delivery ? String(delivery.status ?? 'error') : 'none';
  res.writeHead(status, headers).end(JSON.stringify(body));
}

function html(res: ServerResponse, status: number, page: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page);
}

/** MercadoPago's error body: {message, error, status, cause}. */
function mpError(res: ServerResponse, status: number, message: string, error: string, cause: unknown[] = []) {
  json(res, status, { message, error, status, cause });
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY_BYTES) chunks.push(c);
    });
    req.on('end', () => (size > MAX_BODY_BYTES ? reject(new InvalidRequest('request body too large')) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

/** The request's JSON object; `emptyIsObject` for calls whose body is optional (a full refund). */
async function readJson(req: IncomingMessage, emptyIsObject = false): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = JSON.parse((await readBody(req)).toString('utf8') || (emptyIsObject ? '{}' : 'null'));
  } catch (e) {
    if (e instanceof InvalidRequest) throw e;
    throw new InvalidRequest('JSON body could not be parsed', 'bad_request');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new InvalidRequest('The request body must be a JSON object', 'bad_request');
  return body as Record<string, unknown>;
}
