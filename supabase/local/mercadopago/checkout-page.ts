// The checkout page at a preference's init_point: what MercadoPago's sandbox checkout offers a
// tester, in Spanish, sized for a phone. Three choices like the sandbox's test cardholder
// names: APRO (approved), OTHE (rejected), CONT (pending).
import type { Payment, Preference } from './store.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const pesos = (n: number) => `${new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(n)} MXN`;

const layout = (title: string, body: string) => `<!doctype html><html lang="es-MX"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>
*{box-sizing:border-box}body{font:16px/1.45 system-ui,sans-serif;margin:0;background:#eef1f4;color:#1b2733}
header{background:#ffe600;color:#1b2733;padding:12px 16px}header p{margin:0;font-weight:700}
main{max-width:28rem;margin:0 auto;padding:16px}section{background:#fff;border-radius:8px;padding:16px;margin-bottom:16px}
h1{font-size:1.35rem;margin:0 0 12px}h2{font-size:1.05rem;margin:0 0 8px}
ul{list-style:none;margin:0;padding:0}li{display:flex;justify-content:space-between;gap:12px;padding:6px 0;border-bottom:1px solid #dfe4ea}li span:last-child{white-space:nowrap}
.total{display:flex;justify-content:space-between;font-weight:700;font-size:1.15rem;margin-top:10px}
.note{font-size:.9rem;color:#3d4b59;margin:0 0 12px}
button,.button{display:block;width:100%;min-height:48px;margin:0 0 10px;padding:10px 14px;border-radius:6px;font:600 1rem system-ui,sans-serif;cursor:pointer;text-align:center;text-decoration:none}
.approve{background:#005a9e;color:#fff;border:2px solid #005a9e}.reject{background:#a3201a;color:#fff;border:2px solid #a3201a}
.pending{background:#fff;color:#1b2733;border:2px solid #1b2733}button small{display:block;font-weight:400;font-size:.85rem}
button:focus-visible,.button:focus-visible{outline:3px solid #1b2733;outline-offset:2px}
</style></head><body><header><p>Mercado Pago · simulador local</p></header><main>${body}</main></body></html>`;

export function renderCheckout(preference: Preference): string {
  const rows = preference.items
    .map((item) => `<li><span>${esc(item.title || 'Artículo')}${item.quantity > 1 ? ` × ${item.quantity}` : ''}</span><span>${pesos(item.unit_price * item.quantity)}</span></li>`)
    .join('');
  const total = preference.items.reduce((sum, item) => sum + item.unit_price * item.quantity, 0);
  return layout(
    'Pagar con Mercado Pago',
    `<h1>Pagar con Mercado Pago</h1>
<section aria-labelledby="resumen"><h2 id="resumen">Resumen de tu compra</h2><ul>${rows}</ul>
<p class="total"><span>Total</span><span data-testid="total">${pesos(total)}</span></p></section>
<section aria-labelledby="como"><h2 id="como">¿Cómo quieres que termine el pago?</h2>
<p class="note">Este es el Mercado Pago local de pruebas: no se cobra dinero real. Cada botón hace lo que haría una tarjeta de prueba del sandbox.</p>
<form method="post" action="/checkout/v1/pay">
<input type="hidden" name="pref_id" value="${esc(preference.id)}">
<button type="submit" name="status" value="approved" class="approve">Pagar ${pesos(total)}<small>Pago aprobado (tarjeta APRO)</small></button>
<button type="submit" name="status" value="rejected" class="reject">Rechazar el pago<small>Pago rechazado (tarjeta OTHE)</small></button>
<button type="submit" name="status" value="pending" class="pending">Dejar el pago pendiente<small>Pago pendiente (tarjeta CONT)</small></button>
</form></section>`,
  );
}

const OUTCOME: Record<string, string> = {
  approved: '¡Listo! Tu pago fue aprobado.',
  rejected: 'Tu pago fue rechazado.',
  pending: 'Tu pago quedó pendiente.',
};

/** Shown when the preference has no back URL for the outcome. */
export function renderOutcome(payment: Payment, backUrl: string): string {
  return layout(
    'Resultado del pago',
    `<h1>${esc(OUTCOME[payment.status] ?? 'Pago registrado.')}</h1>
<section><p>Número de operación: <strong>${payment.id}</strong></p><p>Monto: ${pesos(payment.transaction_amount)}</p>
${backUrl ? `<a class="button approve" href="${esc(backUrl)}">Volver al sitio</a>` : ''}</section>`,
  );
}

export function renderNotFound(): string {
  return layout(
    'Pago no encontrado',
    `<h1>No encontramos este pago</h1><section><p>El enlace de pago no existe o ya no es válido (el Mercado Pago local olvida los pagos al reiniciarse). Vuelve al sitio y empieza la compra otra vez.</p></section>`,
  );
}
