// MercadoPago's webhook, as it reaches a Checkout Pro integration: a POST to the preference's
// notification_url (with `?data.id=…&type=payment` appended, as MercadoPago does), a JSON body
// naming the payment, `x-request-id` and `x-signature: ts=<unix s>,v1=<HMAC-SHA256 hex of
// "id:<data.id>;request-id:<x-request-id>;ts:<ts>;" with the webhook secret>`. A non-2xx
// answer or a network error is retried with backoff; every try is logged and kept.
import { createHmac, randomUUID } from 'node:crypto';
import { COLLECTOR_ID } from './store.ts';

export interface Delivery {
  /** One row per try. */
  id: number;
  payment_id: number;
  action: string;
  url: string;
  request_id: string;
  attempt: number;
  /** The receiver's HTTP status, or null when the request failed before an answer. */
  status: number | null;
  error: string | null;
  /** The first 2 KB of the receiver's answer. */
  response_body: string | null;
  started_at: string;
  finished_at: string;
}

/** Waits before the 2nd, 3rd… tries: five tries in about 15 s (MercadoPago itself retries over hours). */
const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000];
const TRY_TIMEOUT_MS = 10_000;
const MAX_DELIVERIES = 2000;

/** The manifest MercadoPago signs (ids in lower case, as MercadoPago does for alphanumeric ones). */
function signatureHeader(secret: string, dataId: string, requestId: string, ts: number): string {
  const manifest = `id:${dataId.toLowerCase()};request-id:${requestId};ts:${ts};`;
  return `ts=${ts},v1=${createHmac('sha256', secret).update(manifest).digest('hex')}`;
}

export class WebhookSender {
  readonly deliveries: Delivery[] = [];
  private seq = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly aborts = new Set<AbortController>();
  private closed = false;

  constructor(
    private readonly secret: string,
    private readonly log: (m: string) => void,
    private readonly retryDelaysMs = RETRY_DELAYS_MS,
  ) {}

  /**
   * Starts delivering a notification about `paymentId`; resolves when the first try has an
   * outcome (the retries go on in the background).
   */
  send(notificationUrl: string, paymentId: number, action: 'payment.created' | 'payment.updated'): Promise<Delivery> {
    const url = new URL(notificationUrl);
    url.searchParams.set('data.id', String(paymentId));
    url.searchParams.set('type', 'payment');
    const requestId = randomUUID();
    const body = JSON.stringify({
      action,
      api_version: 'v1',
      data: { id: String(paymentId) },
      date_created: new Date().toISOString(),
      id: this.seq + 1,
      live_mode: false,
      type: 'payment',
      user_id: String(COLLECTOR_ID),
    });
    return new Promise((resolveFirst) => {
      const attempt = async (n: number) => {
        if (this.closed) return;
        const delivery = await this.try(url.toString(), body, paymentId, action, requestId, n);
        if (n === 1) resolveFirst(delivery);
        const delivered = delivery.status !== null && delivery.status >= 200 && delivery.status < 300;
        if (delivered || this.closed) return;
        const wait = this.retryDelaysMs[n - 1];
        if (wait === undefined) {
          this.log(`webhook ${action} of payment ${paymentId}: gave up after ${n} tries`);
          return;
        }
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          void attempt(n + 1);
        }, wait);
        this.timers.add(timer);
      };
      void attempt(1);
    });
  }

  private async try(url: string, body: string, paymentId: number, action: string, requestId: string, attempt: number): Promise<Delivery> {
    const started = new Date();
    // Each try is signed afresh, with its own ts, as MercadoPago does.
    const ts = Math.floor(started.getTime() / 1000);
    const abort = new AbortController();
    this.aborts.add(abort);
    const timeout = setTimeout(() => abort.abort(new Error(`no answer within ${TRY_TIMEOUT_MS / 1000} s`)), TRY_TIMEOUT_MS);
    let status: number | null = null;
    let error: string | null = null;
    let responseBody: string | null = null;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'MercadoPago WebHook v1.0 payment',
          'x-request-id': requestId,
          'x-signature': signatureHeader(this.secret, String(paymentId), requestId, ts),
        },
        body,
        signal: abort.signal,
      });
      status = res.status;
      responseBody = (await res.text()).slice(0, 2048);
    } catch (e) {
      const cause = (e as Error & { cause?: Error }).cause;
      error = cause?.message ?? (e as Error).message;
    } finally {
      clearTimeout(timeout);
      this.aborts.delete(abort);
    }
    const delivery: Delivery = {
      id: ++this.seq,
      payment_id: paymentId,
      action,
      url,
      request_id: requestId,
      attempt,
      status,
      error,
      response_body: responseBody,
      started_at: started.toISOString(),
      finished_at: new Date().toISOString(),
    };
    this.deliveries.push(delivery);
    if (this.deliveries.length > MAX_DELIVERIES) this.deliveries.shift();
    this.log(`webhook ${action} of payment ${paymentId} try ${attempt} → ${status ?? `failed: ${error}`}`);
    return delivery;
  }

  close() {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const a of this.aborts) a.abort(new Error('the MercadoPago stand-in is stopping'));
  }
}
