// The stand-in's memory: preferences and payments shaped as MercadoPago's REST API answers
// them (the fields the `mercadopago` SDK's PreferenceResponse and PaymentResponse name).
// Kept in memory, like a sandbox account that a restart empties; payment ids come from the
// clock, so a restarted stand-in never hands out an id an earlier run already used.
import { randomUUID } from 'node:crypto';

/** The seller account every preference and payment belongs to (a made-up collector id). */
export const COLLECTOR_ID = 1085211547;
const CLIENT_ID = '4815162342108';
export const SITE_ID = 'MLM';

export const PAYMENT_STATUSES = ['approved', 'rejected', 'pending', 'refunded', 'charged_back', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** What a buyer can end up with at the checkout (MercadoPago's sandbox cards APRO, OTHE, CONT). */
export const CHECKOUT_STATUSES = ['approved', 'rejected', 'pending'] as const;

const STATUS_DETAIL: Record<PaymentStatus, string> = {
  approved: 'accredited',
  rejected: 'cc_rejected_other_reason',
  pending: 'pending_contingency',
  refunded: 'refunded',
  charged_back: 'settled',
  cancelled: 'expired',
};

interface Item {
  id: string;
  title: string;
  description: string;
  picture_url: string;
  category_id: string;
  quantity: number;
  unit_price: number;
  currency_id: string;
}

interface BackUrls {
  success: string;
  pending: string;
  failure: string;
}

export interface Preference {
  id: string;
  init_point: string;
  sandbox_init_point: string;
  items: Item[];
  external_reference: string;
  notification_url: string | null;
  back_urls: BackUrls;
  auto_return: string;
  date_created: string;
  collector_id: number;
  client_id: string;
  operation_type: string;
  site_id: string;
  payer: Record<string, unknown>;
  metadata: Record<string, unknown>;
  additional_info: string;
  binary_mode: boolean;
  expires: boolean;
  expiration_date_from: string | null;
  expiration_date_to: string | null;
  marketplace: string;
  marketplace_fee: number;
  statement_descriptor: string | null;
  payment_methods: Record<string, unknown>;
  processing_modes: string[] | null;
}

export interface Payment {
  id: number;
  date_created: string;
  date_approved: string | null;
  date_last_updated: string;
  money_release_date: string | null;
  operation_type: string;
  issuer_id: string;
  payment_method_id: string;
  payment_type_id: string;
  payment_method: { id: string; type: string };
  status: PaymentStatus;
  status_detail: string;
  currency_id: string;
  description: string;
  live_mode: boolean;
  collector_id: number;
  payer: Record<string, unknown>;
  metadata: Record<string, unknown>;
  additional_info: { items: Item[] };
  order: { id: number; type: string };
  external_reference: string;
  preference_id: string;
  transaction_amount: number;
  transaction_amount_refunded: number;
  installments: number;
  transaction_details: { net_received_amount: number; total_paid_amount: number; installment_amount: number; overpaid_amount: number };
  captured: boolean;
  binary_mode: boolean;
  notification_url: string | null;
  refunds: Refund[];
  processing_mode: string;
  merchant_account_id: string | null;
  statement_descriptor: string | null;
}

/** A 400 in MercadoPago's error shape. */
export class InvalidRequest extends Error {
  constructor(
    message: string,
    readonly error = 'bad_request',
  ) {
    super(message);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
const isUrl = (v: string) => {
  try {
    return /^https?:$/.test(new URL(v).protocol);
  } catch {
    return false;
  }
};
const round2 = (n: number) => Math.round(n * 100) / 100;

/** A refund as MercadoPago's API returns it (the fields a full or partial card refund has). */
export interface Refund {
  id: number;
  payment_id: number;
  amount: number;
  status: string;
  date_created: string;
  metadata?: Record<string, unknown>;
  source?: { id: string; name: string; type: string };
  unique_sequence_number?: string | null;
  refund_mode?: string;
  adjustment_amount?: number;
  reason?: string | null;
  labels?: string[];
  amount_refunded_to_payer?: number;
  partition_details?: unknown[];
}

export class MercadoPagoStore {
  readonly preferences = new Map<string, Preference>();
  readonly payments = new Map<number, Payment>();
  /** Refund id → the X-Idempotency-Key it was made with. */
  private readonly refundKeys = new Map<number, string>();
  private lastId = 0;

  constructor(private readonly checkoutUrl: string) {}

  /** Numeric, increasing and never reused across restarts (milliseconds since 2020). */
  nextId(): number {
    this.lastId = Math.max(this.lastId + 1, Date.now() - Date.UTC(2020, 0, 1));
    return this.lastId;
  }

  /** Validates a `POST /checkout/preferences` body as MercadoPago does (the checks this stand-in knows) and stores it. */
  createPreference(body: unknown): Preference {
    if (!isObject(body)) throw new InvalidRequest('The request body must be a JSON object', 'bad_request');
    if (!Array.isArray(body.items) || body.items.length === 0) throw new InvalidRequest('items needed', 'invalid_items');
    const items = body.items.map((raw, i): Item => {
      if (!isObject(raw)) throw new InvalidRequest(`items[${i}] invalid`, 'invalid_items');
      const unit_price = raw.unit_price;
      if (typeof unit_price !== 'number' || !Number.isFinite(unit_price) || unit_price <= 0) throw new InvalidRequest('unit_price invalid', 'invalid_items');
      const quantity = raw.quantity;
      if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) throw new InvalidRequest('quantity invalid', 'invalid_items');
      // MLM sells in pesos only; a missing currency is the site's.
      const currency_id = raw.currency_id === undefined ? 'MXN' : raw.currency_id;
      if (currency_id !== 'MXN') throw new InvalidRequest('currency_id invalid', 'invalid_items');
      if (raw.title !== undefined && typeof raw.title !== 'string') throw new InvalidRequest('title invalid', 'invalid_items');
      return {
        id: text(raw.id),
        title: text(raw.title),
        description: text(raw.description),
        picture_url: text(raw.picture_url),
        category_id: text(raw.category_id),
        quantity,
        unit_price,
        currency_id,
      };
    });
    const notification_url = body.notification_url === undefined || body.notification_url === null ? null : text(body.notification_url);
    if (notification_url !== null && !isUrl(notification_url)) throw new InvalidRequest('notification_url attribute must be url valid', 'invalid_notification_url');
    const rawBack = isObject(body.back_urls) ? body.back_urls : {};
    const back_urls: BackUrls = { success: text(rawBack.success), pending: text(rawBack.pending), failure: text(rawBack.failure) };
    for (const [key, url] of Object.entries(back_urls)) if (url && !isUrl(url)) throw new InvalidRequest(`back_urls.${key} invalid`, 'invalid_back_urls');
    const auto_return = text(body.auto_return);
    if (auto_return && !['approved', 'all'].includes(auto_return)) throw new InvalidRequest('auto_return invalid', 'invalid_auto_return');
    if (auto_return && !back_urls.success) throw new InvalidRequest('auto_return invalid. back_url.success must be defined', 'invalid_auto_return');
    const external_reference = text(body.external_reference);
    if (external_reference.length > 256) throw new InvalidRequest('external_reference invalid', 'invalid_external_reference');

    const id = `${COLLECTOR_ID}-${randomUUID()}`;
    const url = `${this.checkoutUrl}/checkout/v1/redirect?pref_id=${encodeURIComponent(id)}`;
    const preference: Preference = {
      id,
      init_point: url,
      sandbox_init_point: url,
      items,
      external_reference,
      notification_url,
      back_urls,
      auto_return,
      date_created: new Date().toISOString(),
      collector_id: COLLECTOR_ID,
      client_id: CLIENT_ID,
      operation_type: text(body.operation_type) || 'regular_payment',
      site_id: SITE_ID,
      payer: isObject(body.payer) ? body.payer : { name: '', surname: '', email: '' },
      metadata: isObject(body.metadata) ? body.metadata : {},
      additional_info: text(body.additional_info),
      binary_mode: body.binary_mode === true,
      expires: body.expires === true,
      expiration_date_from: typeof body.expiration_date_from === 'string' ? body.expiration_date_from : null,
      expiration_date_to: typeof body.expiration_date_to === 'string' ? body.expiration_date_to : null,
      marketplace: 'NONE',
      marketplace_fee: 0,
      statement_descriptor: typeof body.statement_descriptor === 'string' ? body.statement_descriptor : null,
      payment_methods: isObject(body.payment_methods) ? body.payment_methods : { excluded_payment_methods: [], excluded_payment_types: [], installments: null, default_installments: null },
      processing_modes: null,
    };
    this.preferences.set(id, preference);
    return preference;
  }

  /** A payment of the preference, as the checkout makes one; `amount` overrides the items' total (a tampered payment). */
  pay(preference: Preference, status: PaymentStatus, amount?: number): Payment {
    const now = new Date().toISOString();
    const total = amount ?? round2(preference.items.reduce((sum, item) => sum + item.unit_price * item.quantity, 0));
    const email = text(preference.payer.email) || 'test_user_local@testuser.com';
    const payment: Payment = {
      id: this.nextId(),
      date_created: now,
      date_approved: status === 'approved' ? now : null,
      date_last_updated: now,
      money_release_date: status === 'approved' ? now : null,
      operation_type: 'regular_payment',
      issuer_id: '158',
      payment_method_id: 'master',
      payment_type_id: 'credit_card',
      payment_method: { id: 'master', type: 'credit_card' },
      status,
      status_detail: STATUS_DETAIL[status],
      currency_id: preference.items[0].currency_id,
      description: preference.items[0].title,
      live_mode: false,
      collector_id: COLLECTOR_ID,
      payer: { id: '1100000001', type: null, email, identification: { type: 'RFC', number: 'XAXX010101000' }, first_name: null, last_name: null, entity_type: null },
      metadata: preference.metadata,
      additional_info: { items: preference.items },
      order: { id: this.nextId(), type: 'mercadopago' },
      external_reference: preference.external_reference,
      preference_id: preference.id,
      transaction_amount: total,
      transaction_amount_refunded: 0,
      installments: 1,
      transaction_details: { net_received_amount: status === 'approved' ? round2(total * 0.9651) : 0, total_paid_amount: total, installment_amount: total, overpaid_amount: 0 },
      captured: true,
      binary_mode: preference.binary_mode,
      notification_url: preference.notification_url,
      refunds: [],
      processing_mode: 'aggregator',
      merchant_account_id: null,
      statement_descriptor: preference.statement_descriptor,
    };
    this.payments.set(payment.id, payment);
    return payment;
  }

  /** The refund made earlier under this idempotency key, if any (MercadoPago answers it again). */
  refundByKey(payment: Payment, key: string): Refund | undefined {
    return payment.refunds.find((r) => this.refundKeys.get(r.id) === key);
  }

  /**
   * POST /v1/payments/{id}/refunds: only an approved payment, at most what is left of it; no
   * amount refunds all of it and the payment becomes 'refunded', a part leaves it 'approved'
   * (status_detail 'partially_refunded').
   */
  refund(payment: Payment, amount: unknown, key: string): Refund {
    if (payment.status !== 'approved') throw new InvalidRequest('Payment not found or not refundable', 'bad_request');
    const left = round2(payment.transaction_amount - payment.transaction_amount_refunded);
    const wanted = amount === undefined || amount === null ? left : amount;
    if (typeof wanted !== 'number' || !Number.isFinite(wanted) || wanted <= 0 || wanted > left) throw new InvalidRequest('Invalid refund amount', 'bad_request');
    const now = new Date().toISOString();
    const refund: Refund = {
      id: this.nextId(), payment_id: payment.id, amount: round2(wanted), status: 'approved', date_created: now,
      metadata: {}, source: { id: String(COLLECTOR_ID), name: 'Quinielazo', type: 'collector' }, unique_sequence_number: null,
      refund_mode: 'standard', adjustment_amount: 0, reason: null, labels: [], amount_refunded_to_payer: round2(wanted), partition_details: [],
    };
    if (key) this.refundKeys.set(refund.id, key);
    payment.refunds.push(refund);
    payment.transaction_amount_refunded = round2(payment.transaction_amount_refunded + refund.amount);
    payment.date_last_updated = now;
    if (payment.transaction_amount_refunded >= payment.transaction_amount) {
      payment.status = 'refunded';
      payment.status_detail = STATUS_DETAIL.refunded;
    } else {
      payment.status_detail = 'partially_refunded';
    }
    return refund;
  }

  /** Moves a payment to another status as MercadoPago would (a refund, a chargeback, a pending payment approved). */
  setStatus(payment: Payment, status: PaymentStatus): Payment {
    const now = new Date().toISOString();
    payment.status = status;
    payment.status_detail = STATUS_DETAIL[status];
    payment.date_last_updated = now;
    if (status === 'approved' && !payment.date_approved) payment.date_approved = payment.money_release_date = now;
    if (status === 'refunded' || status === 'charged_back') {
      payment.transaction_amount_refunded = payment.transaction_amount;
      if (status === 'refunded') payment.refunds.push({ id: this.nextId(), payment_id: payment.id, amount: payment.transaction_amount, status: 'approved', date_created: now });
    }
    return payment;
  }
}
