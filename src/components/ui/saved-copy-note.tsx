// Offline, a screen shows the copy saved on this phone and says from when (src/lib/cached-read.ts).
import { formatSavedAt } from '@/lib/cached-read';

/** "Sin conexión: ves la copia de tu historial guardada el 23 nov 2026, 11:05." */
export function SavedCopyNote({ storedAt, what }: { storedAt: number; what: string }) {
  return (
    <p role="status" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
      {savedCopyText(storedAt, what)}
    </p>
  );
}

/** "… guardada el 26 nov 2026, 1:06 p.m." ends in its own dot: no second one. */
const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

/** "Sin conexión: ves la copia de tu historial guardada el 23 nov 2026, 11:05." */
export function savedCopyText(storedAt: number, what: string): string {
  return sentence(`Sin conexión: ves la copia ${what} guardada el ${formatSavedAt(storedAt)}`);
}

/** The sentence for a saved copy too old to show: "Sin conexión: la copia … guardada el … ya caducó." */
export function expiredCopyText(storedAt: number, what: string): string {
  return `Sin conexión: la copia ${what} guardada el ${formatSavedAt(storedAt)} ya caducó. Conéctate para verla al día.`;
}
