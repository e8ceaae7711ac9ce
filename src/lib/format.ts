// Made on first use: a formatter costs a phone its ICU data when made, and most pages show no money.
let mxn: Intl.NumberFormat | undefined;

/** Money as the product shows it, e.g. "$1,000.00". */
export function formatMXN(amount: number): string {
  mxn ??= new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });
  return mxn.format(amount);
}
