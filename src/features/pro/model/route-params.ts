// What the Pro routes read from their URL. Search and param validation runs in the entry chunk
// (it is not split with the screens), so this stays free of the Pro screens and their reads.
import type { PRO_MESSAGES } from './pro-messages';

/** Where MercadoPago sends the buyer back to: `?pago=` on /pro/<round>. */
export type PaymentReturn = keyof typeof PRO_MESSAGES.back;

export function parsePaymentReturn(value: unknown): PaymentReturn | undefined {
  return value === 'aprobado' || value === 'pendiente' || value === 'rechazado' ? value : undefined;
}

/** A round id from the URL, or null when it is not one. */
export function parseRoundParam(value: string): number | null {
  return /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}
