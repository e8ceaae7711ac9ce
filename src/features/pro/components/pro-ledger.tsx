// The open ledger of a round's pool: every credited or voided payment (time, pack, amount, what
// it adds; the buyer only as a tag), the total those lines add up to beside the pool shown, and
// the payout once the round is finalized. Loads itself; quiet about a failed read. Given the
// signed-in player, it reads through his read cache (offline, the copy he last saw).
import { useEffect, useState } from 'react';
import { cachedRead, MAX_AGE } from '@/lib/cached-read';
import { formatMXN } from '@/lib/format';
import { formatKickoff, GAME_TIME_LABEL } from '@/lib/time';
import { getProLedger, type ProLedger } from '../api/get-pro-ledger';

const PACK_NAMES: Record<string, string> = { single: '1 entrada', triple: 'Paquete de 3' };

export function ProLedgerSection({ roundId, refreshKey = 0, userId = null }: { roundId: number; refreshKey?: number; userId?: string | null }) {
  const [ledger, setLedger] = useState<ProLedger | null | 'failed'>(null);
  useEffect(() => {
    let current = true;
    cachedRead(`pro:ledger:${roundId}`, userId, () => getProLedger(roundId), MAX_AGE.round).then(
      (read) => current && setLedger(read.data),
      () => current && setLedger('failed'),
    );
    return () => {
      current = false;
    };
  }, [roundId, refreshKey, userId]);

  return (
    <section aria-labelledby="pro-ledger" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="pro-ledger" className="text-lg font-bold">
        Cuentas claras de la bolsa
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Cada pago acreditado suma a la bolsa; uno reembolsado antes del cierre deja de sumar, y uno reembolsado después sigue sumando: lo cubre Quinielazo y el reparto no cambia. Sin nombres: cada compra lleva una clave anónima.
      </p>
      {ledger === null && <p className="mt-3 text-sm text-slate-500">Cargando las cuentas…</p>}
      {ledger === 'failed' && <p className="mt-3 text-sm text-red-800">No pudimos cargar las cuentas de la bolsa.</p>}
      {ledger !== null && ledger !== 'failed' && (
        <>
          {ledger.lines.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">Todavía no hay pagos en esta quiniela.</p>
          ) : (
            // Scrolls sideways on a narrow phone, so it takes focus for keyboard users.
            <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Pagos de la bolsa Pro">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Pagos de la bolsa Pro</caption>
                <thead className="text-xs text-slate-500">
                  <tr>
                    <th scope="col" className="py-1 pr-2 font-semibold">Fecha ({GAME_TIME_LABEL})</th>
                    <th scope="col" className="py-1 pr-2 font-semibold">Clave</th>
                    <th scope="col" className="py-1 pr-2 font-semibold">Compra</th>
                    <th scope="col" className="py-1 pr-2 text-right font-semibold">Pagado</th>
                    <th scope="col" className="py-1 text-right font-semibold">A la bolsa</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {ledger.lines.map((line, i) => (
                    <tr key={`${line.tag}-${i}`} className={line.outcome === 'voided' ? 'text-slate-500 line-through' : ''}>
                      <td className="py-1 pr-2 whitespace-nowrap">{formatKickoff(line.at)}</td>
                      <td className="py-1 pr-2 font-mono">{line.tag}</td>
                      <td className="py-1 pr-2">
                        {PACK_NAMES[line.packType] ?? line.packType}
                        {line.outcome === 'voided' && <span className="ml-1 no-underline">(reembolsado)</span>}
                        {line.outcome === 'house_loss' && <span className="ml-1">(reembolsado tras el cierre: lo cubre Quinielazo)</span>}
                      </td>
                      <td className="py-1 pr-2 text-right tabular-nums">{formatMXN(line.amountMxn)}</td>
                      <td className="py-1 text-right tabular-nums">{formatMXN(line.poolMxn)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {ledger.lines.length > 0 && <p className="mt-1 text-xs text-slate-500 sm:hidden">Desliza la tabla hacia un lado para ver todas las columnas.</p>}
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
            <dt className="text-slate-600">Suma de lo que va a la bolsa</dt>
            <dd className="text-right font-semibold tabular-nums" data-testid="ledger-sum">
              {formatMXN(ledger.contributedMxn)}
            </dd>
            <dt className="text-slate-600">Bolsa (mínimo garantizado {formatMXN(ledger.minimumMxn)})</dt>
            <dd className="text-right font-semibold tabular-nums">{formatMXN(ledger.poolMxn)}</dd>
          </dl>
          {ledger.payout.length > 0 && (
            <div className="mt-3">
              <h3 className="font-semibold">Reparto de la bolsa</h3>
              <ul className="mt-1 text-sm">
                {ledger.payout.map((p, i) => (
                  <li key={i} className="flex justify-between">
                    <span>
                      Entrada ganadora {i + 1} · {p.points} aciertos
                    </span>
                    <span className="font-semibold tabular-nums">{formatMXN(p.shareMxn)}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
    </section>
  );
}
