// MercadoPago's payment notifications (no Supabase JWT: verify_jwt = false in config.toml).
// Trusts nothing it is told: the x-signature must verify against the request (else 401 and
// nothing written), and the payment itself is fetched from MercadoPago's API; the database's
// record_pro_payment then credits, refuses or voids it exactly once (docs/pro.md); a payment
// approved after its round closed is refunded through MercadoPago and its buyer told.
// Answers 2xx once the payment is recorded (MercadoPago stops retrying) and 5xx when it could
// not be fetched or recorded (MercadoPago retries later).
import { Payment, WebhookSignatureValidator } from 'mercadopago';
import { serviceClient } from '../_shared/admin.ts';
import { env } from '../_shared/env.ts';
import { json } from '../_shared/http.ts';
import { mercadoPago } from '../_shared/mercadopago.ts';
import { refundLatePayment } from './refund-late-payment.ts';

/** A signature older or newer than this is a replay or a wrong clock. */
const SIGNATURE_TOLERANCE_SECONDS = 15 * 60;

function parse(text: string): Record<string, unknown> | null {
  try {
    const body = JSON.parse(text);
    return body && typeof body === 'object' && !Array.isArray(body) ? body : null;
  } catch {
    return null;
  }
}

export default async function handler(req: Request): Promise<Response> {
  if (req.method !== 'POST') return json(405, { error: 'Método no permitido.' });
  const url = new URL(req.url);
  const body = parse(await req.text());
  const type = url.searchParams.get('type') ?? url.searchParams.get('topic') ?? (typeof body?.type === 'string' ? body.type : '');
  const bodyId = (body?.data as { id?: unknown } | undefined)?.id;
  // MercadoPago signs the data.id of the query string; a body-only delivery signs the body's.
  const dataId = url.searchParams.get('data.id') ?? (typeof bodyId === 'string' || typeof bodyId === 'number' ? String(bodyId) : '');

  try {
    WebhookSignatureValidator.validate({
      xSignature: req.headers.get('x-signature'),
      xRequestId: req.headers.get('x-request-id'),
      dataId,
      secret: env('MERCADOPAGO_WEBHOOK_SECRET'),
      toleranceSeconds: SIGNATURE_TOLERANCE_SECONDS,
    });
  } catch {
    return json(401, { error: 'Firma inválida.' });
  }
  if (type !== 'payment') return json(200, { ignored: type || 'sin tipo' });
  if (!/^\d{1,30}$/.test(dataId)) return json(400, { error: 'Falta el id del pago.' });

  let payment: { id?: number; status?: string; transaction_amount?: number; currency_id?: string; external_reference?: string };
  try {
    payment = await new Payment(mercadoPago()).get({ id: dataId });
  } catch (e) {
    const status = (e as { status?: number }).status;
    // An id MercadoPago does not know is nothing to credit, and asking again will not change it.
    if (status === 404) return json(200, { outcome: 'unknown_payment' });
    console.error('mercadopago-webhook: could not fetch payment', dataId, e);
    return json(502, { error: 'No se pudo consultar el pago.' });
  }

  const { data, error } = await serviceClient().rpc('record_pro_payment', {
    p_provider_payment_id: String(payment.id ?? dataId),
    p_status: payment.status ?? 'unknown',
    p_amount: payment.transaction_amount ?? null,
    p_currency: payment.currency_id ?? null,
    p_external_reference: payment.external_reference ?? null,
  });
  if (error) {
    console.error('mercadopago-webhook: could not record payment', dataId, error.message);
    return json(500, { error: 'No se pudo registrar el pago.' });
  }
  if (data === 'refused') {
    try {
      const refund = await refundLatePayment(serviceClient(), String(payment.id ?? dataId), payment.status ?? 'unknown');
      if (refund === 'refunded') return json(200, { outcome: data, refund });
    } catch (e) {
      console.error('mercadopago-webhook: could not refund a payment approved after its round closed', dataId, e);
      return json(502, { error: 'No se pudo devolver el pago.' });
    }
  }
  return json(200, { outcome: data });
}
