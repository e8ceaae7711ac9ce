import type { ShownPick } from '../model/merge-picks';

const PICK_STATE_TEXT = {
  pending: 'Pendiente de enviar',
  late: 'No llegó al servidor antes del cierre',
} as const;

/**
 * One pick's delivery state under its match, where the thumb just tapped (issue 44, item 9: the
 * round's "n de 12 guardadas" alone was below the fold): "✓ Guardada" while the round is open,
 * "Pendiente de enviar" while it waits on the phone. The status bar still sums them up.
 */
export function PickStatus({ pick, open }: { pick: ShownPick; open: boolean }) {
  if (pick.state === 'saved') {
    return open ? <p className="text-xs font-semibold text-brand-800">✓ Guardada</p> : <span />;
  }
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
