// On a closed round he played: the player's own check that his picks are in the round's public
// seal, done in his browser (docs/sealed-rounds.md). Shows nothing until the round is sealed,
// or when he did not play it.
import { useEffect, useState } from 'react';
import { verifySeal, type SealedPick } from '../seal';
import { formatGameDateTime, GAME_TIME_LABEL } from '@/lib/time';
import { getRoundSeal } from '../api/get-round-seal';

type Check = { kind: 'none' } | { kind: 'verified'; root: string; sealedAt: string } | { kind: 'mismatch' };

export function SealedPicks({ roundId, userId, picksInOrder }: { roundId: number; userId: string; picksInOrder: readonly SealedPick[] }) {
  const [check, setCheck] = useState<Check>({ kind: 'none' });
  const key = picksInOrder.map((p) => `${p.matchId}:${p.result}`).join(',');
  useEffect(() => {
    let current = true;
    void (async () => {
      try {
        const seal = await getRoundSeal(roundId);
        if (!seal?.receipt || picksInOrder.length === 0) return;
        const ok = await verifySeal(seal.receipt, seal.root, roundId, userId, picksInOrder);
        if (current) setCheck(ok ? { kind: 'verified', root: seal.root, sealedAt: seal.sealedAt } : { kind: 'mismatch' });
      } catch {
        // Offline or a failed read: the check simply waits for the next visit.
      }
    })();
    return () => {
      current = false;
    };
    // picksInOrder is summed up by key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [roundId, userId, key]);

  if (check.kind === 'none') return null;
  if (check.kind === 'mismatch') {
    return (
      <p role="alert" className="bg-red-50 px-4 py-2 text-sm font-semibold text-red-800">
        ⚠️ Tus predicciones no coinciden con el sello de esta quiniela. Escríbenos desde Contáctanos.
      </p>
    );
  }
  // Said in a fan's words; the seal's details are one tap away for whoever wants them.
  return (
    <div role="status" aria-label="Predicciones selladas" className="bg-brand-50 px-4 py-2 text-sm text-brand-900">
      <details>
        <summary className="flex min-h-11 cursor-pointer items-center font-semibold">Tus predicciones quedaron selladas al cierre ✓</summary>
        <p className="pb-2 text-xs">
          Al cerrar la quiniela guardamos una huella de las predicciones de todos, y tu teléfono comprobó que las tuyas están en ella tal como las hiciste. Sello{' '}
          <code>{check.root.slice(0, 12)}</code> del {formatGameDateTime(check.sealedAt)} ({GAME_TIME_LABEL}).
        </p>
      </details>
    </div>
  );
}
