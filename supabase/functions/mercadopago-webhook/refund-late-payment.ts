// A payment approved after its round closed buys nothing (record_pro_payment refuses it with
// 'round_closed'), so the money goes back: MercadoPago's refund API, then an e-mail to the player.
// Each step is done once however often MercadoPago repeats the notification: the refund under a
// fixed idempotency key, and the row's refund_id and refund_mailed_at mark what is done. A step
// that fails throws, the webhook answers 5xx and MercadoPago's retry finishes the rest.
import { PaymentRefund } from 'mercadopago';
import type { SupabaseClient } from '@supabase/supabase-js';
import { escapeHtml, layout, sendMail } from '../_shared/mailer.ts';
import { env } from '../_shared/env.ts';
import { mercadoPago } from '../_shared/mercadopago.ts';

interface RefusedPayment {
  id: number;
  outcome_detail: string | null;
  amount_mxn: number | string | null;
  refund_id: string | null;
  refund_mailed_at: string | null;
  user_id: string | null;
  quiniela_id: number | null;
}

const formatMxn = (n: number) => new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(n);

/** Refunds a payment refused because its round had closed, and tells its buyer. 'none' for any other payment. */
export async function refundLatePayment(db: SupabaseClient, providerPaymentId: string, status: string): Promise<'refunded' | 'none'> {
  const { data: pay, error } = await db
    .from('payments')
    .select('id, outcome_detail, amount_mxn, refund_id, refund_mailed_at, user_id, quiniela_id')
    .eq('provider', 'mercadopago')
    .eq('provider_payment_id', providerPaymentId)
    .maybeSingle<RefusedPayment>();
  if (error) throw new Error(`could not read payment ${providerPaymentId}: ${error.message}`);
  if (!pay || pay.outcome_detail !== 'round_closed') return 'none';

  // Only money MercadoPago holds as approved can be refunded (a refund already made elsewhere,
  // or a charge-back, is not asked for again).
  if (!pay.refund_id && status === 'approved') {
    const refund = await new PaymentRefund(mercadoPago()).create({
      payment_id: providerPaymentId,
      requestOptions: { idempotencyKey: `quinielazo-refund-${providerPaymentId}` },
    });
    const saved = await db
      .from('payments')
      .update({ refund_id: String(refund.id), refund_requested_at: new Date().toISOString() })
      .eq('id', pay.id);
    if (saved.error) throw new Error(`could not record refund of ${providerPaymentId}: ${saved.error.message}`);
  }

  if (!pay.refund_mailed_at && pay.user_id) {
    // Claimed before sending, so a notification repeated meanwhile does not mail twice.
    const claim = await db.from('payments').update({ refund_mailed_at: new Date().toISOString() }).eq('id', pay.id).is('refund_mailed_at', null).select('id');
    if (claim.error) throw new Error(`could not mark refund mail of ${providerPaymentId}: ${claim.error.message}`);
    if (claim.data.length === 1) {
      try {
        await mailRefund(db, pay, providerPaymentId);
      } catch (e) {
        await db.from('payments').update({ refund_mailed_at: null }).eq('id', pay.id);
        throw e;
      }
    }
  }
  return 'refunded';
}

async function mailRefund(db: SupabaseClient, pay: RefusedPayment, providerPaymentId: string): Promise<void> {
  const [{ data: profile }, { data: round }] = await Promise.all([
    db.from('profiles').select('email, username').eq('id', pay.user_id ?? '').maybeSingle<{ email: string | null; username: string }>(),
    db.from('quinielas').select('name').eq('id', pay.quiniela_id ?? -1).maybeSingle<{ name: string }>(),
  ]);
  if (!profile?.email) return;
  const amount = pay.amount_mxn === null ? '' : ` de ${formatMxn(Number(pay.amount_mxn))}`;
  const roundName = round?.name ?? 'la quiniela';
  const why = 'se aprobó cuando la quiniela ya había cerrado, así que no pudimos darte entradas';
  const back = 'Ya pedimos a MercadoPago que te devuelva el dinero completo; verás el reembolso en tu medio de pago en los próximos días.';
  await sendMail({
    to: profile.email,
    subject: 'Te devolvimos tu pago de Pro',
    text: `Hola ${profile.username}:\n\nTu pago${amount} para Pro de ${roundName} ${why}. ${back}\n\nQuinielazo`,
    html: layout(
      'Te devolvimos tu pago de Pro',
      `<p>Hola ${escapeHtml(profile.username)}:</p><p>Tu pago${escapeHtml(amount)} para Pro de <strong>${escapeHtml(roundName)}</strong> ${why}.</p><p>${back}</p>`,
      env('SITE_URL'),
    ),
    messageId: `<pro-refund-${providerPaymentId}@quinielazo.mx>`,
  });
}
