// The Pro pool's chart in words (issue 33): what /pro's line says to someone who does not look
// at it, and the line itself up to the moment it describes.

export interface PoolPoint {
  /** Epoch milliseconds. */
  at: number;
  /** What the ledger's contributions add up to by then (MXN). */
  mxn: number;
}

const amount = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 2 });

/** "1,450 MXN" */
export const mxnWords = (mxn: number) => `${amount.format(mxn)} MXN`;

/**
 * The line to draw: the history, carried flat to `until` (now, or when an offline copy was
 * saved) when that is later than its last payment and before the close.
 */
export function poolLine(points: readonly PoolPoint[], until: number, deadline: number): PoolPoint[] {
  const last = points[points.length - 1];
  if (!last) return [];
  const end = Math.min(until, deadline);
  return end > last.at ? [...points, { at: end, mxn: last.mxn }] : [...points];
}

/** "La bolsa creció de 0 a 450 MXN; el mínimo es 300 MXN." */
export function poolLabel(points: readonly PoolPoint[], minimum: number): string {
  const last = points[points.length - 1]?.mxn ?? 0;
  if (last === 0) return `Todavía no hay pagos en esta quiniela; la bolsa paga el mínimo garantizado de ${mxnWords(minimum)}.`;
  const first = points[0]?.mxn ?? 0;
  const below = last < minimum ? ' Mientras no lo supere, la bolsa paga el mínimo.' : '';
  return `La bolsa creció de ${amount.format(first)} a ${mxnWords(last)}; el mínimo es ${mxnWords(minimum)}.${below}`;
}
