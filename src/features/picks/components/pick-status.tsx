import type { ShownPick } from '../model/merge-picks';

const PICK_STATE_TEXT = {
  pending: 'Pendiente de enviar',
  late: 'No llegó al servidor antes del cierre',
} as const;

/**
 * One pick's delivery state under its match, only when it is not simply saved: the status bar
 * says "12 de 12 guardados" once for the whole round (docs/decisions/picks.md, "One save model").
 */
export function PickStatus({ pick }: { pick: ShownPick }) {
  if (pick.state === 'pending') {
    return <p className="text-xs font-medium text-amber-800">{PICK_STATE_TEXT.pending}</p>;
  }
  if (pick.state === 'rejected') {
    return (
      <p className="text-xs font-semibold text-red-800">
        {PICK_STATE_TEXT.late}: tu cambio a {pick.result} no cuenta{pick.counted ? `; cuenta ${pick.counted}` : ''}.
      </p>
    );
  }
  return <span />;
}
