import { formatDayAndTime, formatGameTime, gameDay } from '@/lib/time';
import type { ShownPick } from '../model/merge-picks';

export const PICK_STATE_TEXT = {
  saved: 'Guardado ✓',
  pending: 'Pendiente de enviar',
  rejected: 'No enviada: la quiniela ya cerró',
} as const;

/** The server's time of a receipt: "14:32:05" today, "21 nov, 14:32" on another day (Mexico City time). */
function formatReceipt(iso: string, now: Date = new Date()): string {
  return gameDay(iso) === gameDay(now) ? formatGameTime(iso) : formatDayAndTime(iso);
}

/** One pick's delivery state under its match: on the server, waiting, or refused. */
export function PickStatus({ pick }: { pick: ShownPick }) {
  if (pick.state === 'saved') {
    return (
      <p className="text-xs font-medium text-brand-700">
        {PICK_STATE_TEXT.saved} {pick.savedAt && <time dateTime={pick.savedAt}>{formatReceipt(pick.savedAt)}</time>}
      </p>
    );
  }
  if (pick.state === 'pending') {
    return <p className="text-xs font-medium text-amber-700">{PICK_STATE_TEXT.pending}</p>;
  }
  return <p className="text-xs font-semibold text-red-700">{PICK_STATE_TEXT.rejected}</p>;
}
