const mxn = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });

/** Money as the product shows it, e.g. "$1,000.00". */
export function formatMXN(amount: number): string {
  return mxn.format(amount);
}
