// The picks screen's one save model (docs/decisions/picks.md, "One save model on the picks screen"):
// every tap is saved (with no signal it waits on the phone as 'Pendiente de enviar' and goes out
// by itself); no button pretends to save. The screen says where the set stands once, in a status
// bar, and 'Tus predicciones se guardaron correctamente.' when the last pick of a complete set
// lands. Pure, so it is unit-tested; the screen feeds it the shown picks and the last flush.
import type { ShownPick } from './merge-picks';

export const MESSAGES = {
  saved: 'Tus predicciones se guardaron correctamente.',
  signedOut: 'Debes iniciar sesión para guardar tus predicciones.',
  closed: 'La quiniela ya cerró: las predicciones ya no se pueden cambiar.',
  firstTap: 'Elige Local, Empate o Visita: cada predicción se guarda al tocarla.',
} as const;

/** How long the success message stays (docs/product.md#timings-and-limits: 4 s). */
export const NOTICE_MS = 4000;

export interface SaveCounts {
  total: number;
  /** On the server (its receipt came back). */
  saved: number;
  /** On the phone, waiting for a signal. */
  pending: number;
  /** On the phone, and the last try to send them failed with signal (server trouble, session). */
  failed: number;
  /** Sent after the close and refused: they did not reach the server in time. */
  late: number;
}

/** Where the round's picks stand. `sendFailing`: the last flush was tried with signal and failed. */
export function saveCounts(shown: Record<number, ShownPick>, total: number, sendFailing: boolean): SaveCounts {
  const picks = Object.values(shown);
  const waiting = picks.filter((p) => p.state === 'pending').length;
  return {
    total,
    saved: picks.filter((p) => p.state === 'saved').length,
    pending: sendFailing ? 0 : waiting,
    failed: sendFailing ? waiting : 0,
    late: picks.filter((p) => p.state === 'rejected').length,
  };
}

/** Every match picked and every pick on the server. */
export function allSaved(counts: SaveCounts): boolean {
  return counts.total > 0 && counts.saved === counts.total && counts.pending === 0 && counts.failed === 0;
}

const plural = new Intl.PluralRules('es-MX');
const count = (n: number, one: string, other: string) => `${n} ${plural.select(n) === 'one' ? one : other}`;

/** The status bar: "12 de 12 guardadas · puedes cambiarlas hasta el cierre", with what waits or failed. */
export function statusLine(counts: SaveCounts): string {
  const parts = [`${counts.saved} de ${counts.total} guardadas`];
  if (counts.pending > 0) parts.push(`${count(counts.pending, 'pendiente', 'pendientes')} de enviar: se enviarán solas al volver la señal`);
  if (counts.failed > 0) parts.push(`${count(counts.failed, 'sin enviar', 'sin enviar')}: no pudimos enviarlas, lo intentamos de nuevo`);
  parts.push('puedes cambiarlas hasta el cierre');
  return parts.join(' · ');
}

/** The alert for picks refused at the close: they were made on the phone and reached the server too late. */
export function lateLine(late: number): string {
  return late === 1
    ? '1 predicción hecha sin señal no llegó al servidor antes del cierre, así que no cuenta. Cuenta lo que ya estaba guardado.'
    : `${late} predicciones hechas sin señal no llegaron al servidor antes del cierre, así que no cuentan. Cuenta lo que ya estaba guardado.`;
}
