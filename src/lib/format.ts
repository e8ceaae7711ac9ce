// Money written by hand, not with Intl.NumberFormat: making the formatter loads ICU's currency
// data, 11 ms of one task on /dashboard's first load here (×4 on Lighthouse's phone), for a
// format this simple (tests/unit/format.test.ts holds it to Intl's es-MX output).

/** Money as the product shows it, e.g. "$1,000.00" (es-MX, MXN). */
export function formatMXN(amount: number): string {
  const abs = Math.abs(amount);
  // Rounded from the number's shortest decimal form, as Intl does: 1.005 is "$1.01".
  const shifted = Math.round(Number(`${abs}e2`));
  const cents = Number.isFinite(shifted) ? shifted : Math.round(abs * 100);
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}$${whole}.${String(cents % 100).padStart(2, '0')}`;
}
