// /pro: what Pro is, the prices (from pro_packs), the open round's live pool, the 18+
// confirmation, the buy buttons (visitors are asked to sign in), responsible-play copy, and the
// open ledger of the round. Paying sends the browser to MercadoPago's checkout; entries are
// credited by the webhook, never by coming back (docs/pro.md).
import { useId, useState } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { SavedCopyNote } from '@/components/ui/saved-copy-note';
import { formatMXN } from '@/lib/format';
import type { RoundSummary } from '@/lib/game/rounds';
import { formatDeadlineBeside } from '@/lib/time';
import { confirmAdult } from '../api/confirm-adult';
import type { PoolStats, ProOffer } from '../api/get-pro-offer';
import { CheckoutRefusedError, startCheckout } from '../api/start-checkout';
import { PRO_MESSAGES } from '../model/pro-messages';
import { ProCountdown } from './pro-countdown';
import { ProLedgerSection } from './pro-ledger';
import { ProPoolCard } from './pro-pool-card';

export interface ProLandingProps {
  offer: ProOffer;
  round: RoundSummary | null;
  stats: PoolStats | null;
  userId: string | null;
  adultConfirmedAt: string | null;
  /** When the page came from the phone's copy (offline): when it was saved. */
  cachedAt: number | null;
}

export function ProLanding({ offer, round, stats, userId, adultConfirmedAt, cachedAt }: ProLandingProps) {
  const [adult, setAdult] = useState(adultConfirmedAt !== null);
  const [buying, setBuying] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const adultId = useId();
  const single = offer.packs.find((p) => p.entries === 1);

  async function buy(packType: string) {
    setError(null);
    if (!userId) return setError(PRO_MESSAGES.signIn);
    if (!round) return;
    if (!adult) return setError(PRO_MESSAGES.adultRequired);
    setBuying(packType);
    try {
      if (adultConfirmedAt === null) await confirmAdult();
      window.location.assign(await startCheckout(round.id, packType));
    } catch (e) {
      setError(e instanceof CheckoutRefusedError ? e.message : PRO_MESSAGES.paymentFailed);
      setBuying(null);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      {cachedAt !== null && <SavedCopyNote storedAt={cachedAt} what="de Quinielazo Pro" />}
      <header className="rounded-2xl bg-gradient-to-br from-slate-900 to-brand-900 px-5 py-6 text-white shadow-sm">
        <p className="text-xs font-semibold uppercase tracking-wide text-gold-400">Quinielazo Pro</p>
        <h1 className="mt-1 text-2xl font-extrabold tracking-tight text-balance">Juega con dinero real por una bolsa que crece</h1>
        <p className="mt-2 text-sm text-brand-50">
          Cada entrada es una quiniela completa. Cada acierto vale 1 punto y la bolsa completa se reparte entre las entradas con más aciertos.
        </p>
        {round ? (
          <div className="mt-4 rounded-xl bg-white/10 p-4" aria-labelledby="pro-pool-title">
            <h2 id="pro-pool-title" className="text-sm font-semibold text-brand-100">
              Bolsa de {round.name}
            </h2>
            <p className="mt-1 text-3xl font-extrabold tabular-nums" data-testid="pro-pool">
              {formatMXN(stats?.poolMxn ?? offer.minimumMxn)}
            </p>
            <p className="text-sm text-brand-50">
              {stats ? `${stats.players} ${stats.players === 1 ? 'jugador' : 'jugadores'} · ${stats.entries} ${stats.entries === 1 ? 'entrada' : 'entradas'}` : 'Mínimo garantizado'}
              {' · '}mínimo garantizado {formatMXN(offer.minimumMxn)}
            </p>
            <p className="mt-2 text-xs text-brand-100">
              Cierre: <time dateTime={round.deadline}>{formatDeadlineBeside(round.name, round.deadline)}</time>
            </p>
            <ProCountdown deadline={round.deadline} />
          </div>
        ) : (
          <p className="mt-4 rounded-xl bg-white/10 p-4 text-sm">No hay una quiniela Pro abierta en este momento. Vuelve cuando se publique la próxima.</p>
        )}
      </header>

      {round && <ProPoolCard roundId={round.id} deadline={round.deadline} minimumMxn={offer.minimumMxn} userId={userId} />}

      <section aria-labelledby="pro-prices" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 id="pro-prices" className="text-lg font-bold">
          Precios
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {offer.packs.map((pack) => {
            const listPrice = single ? single.priceMxn * pack.entries : pack.priceMxn;
            return (
              <li key={pack.packType} className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4">
                <p className="font-bold">{pack.entries === 1 ? '1 entrada' : `Paquete de ${pack.entries} entradas`}</p>
                <p className="text-2xl font-extrabold tabular-nums">
                  {formatMXN(pack.priceMxn)}
                  {listPrice > pack.priceMxn && <span className="ml-2 text-sm font-semibold text-slate-500 line-through">{formatMXN(listPrice)}</span>}
                </p>
                <p className="text-xs text-slate-600">Suma {formatMXN(pack.poolMxn)} a la bolsa (después de comisiones).</p>
                {round && (
                  <Button onClick={() => void buy(pack.packType)} disabled={buying !== null} aria-label={`Comprar ${pack.entries === 1 ? '1 entrada' : `paquete de ${pack.entries}`} por ${formatMXN(pack.priceMxn)}`}>
                    {buying === pack.packType ? 'Abriendo MercadoPago…' : `Comprar por ${formatMXN(pack.priceMxn)}`}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
        {userId && round && (
          <label htmlFor={adultId} className="mt-4 flex items-start gap-3 text-sm">
            <input
              id={adultId}
              type="checkbox"
              checked={adult}
              disabled={adultConfirmedAt !== null}
              onChange={(event) => {
                setAdult(event.target.checked);
                setError(null);
              }}
              className="mt-0.5 size-5 accent-brand-700"
            />
            <span>Confirmo que tengo 18 años o más. Pro es un juego con dinero real y solo pueden pagar mayores de edad.</span>
          </label>
        )}
        {error && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-semibold text-red-800">
            {error}
            {error === PRO_MESSAGES.signIn && (
              <>
                {' '}
                <AppLink to="/login?redirect=/pro" className="underline">
                  Inicia sesión
                </AppLink>
              </>
            )}
          </p>
        )}
        <p className="mt-3 text-xs text-slate-500">Pagas con MercadoPago: tarjeta, OXXO o saldo. Tus entradas aparecen en cuanto el pago se aprueba.</p>
      </section>

      {userId && round && (
        <nav aria-label="Tu juego Pro" className="grid grid-cols-2 gap-2">
          <AppLink to={`/pro/${round.id}`} className="rounded-xl bg-brand-700 px-4 py-3 text-center text-sm font-semibold text-white">
            Mis entradas
          </AppLink>
          <AppLink to={`/pro/${round.id}/resultados`} className="rounded-xl bg-white px-4 py-3 text-center text-sm font-semibold text-brand-800 ring-1 ring-slate-200">
            Resultados en vivo
          </AppLink>
        </nav>
      )}

      {round && <ProLedgerSection roundId={round.id} userId={userId} />}

      <section aria-labelledby="pro-responsible" className="rounded-2xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200">
        <h2 id="pro-responsible" className="font-bold">
          Juega con responsabilidad
        </h2>
        <p className="mt-1">
          Solo mayores de 18 años. Pon un límite a lo que gastas y nunca juegues dinero que necesitas. Si sientes que el juego dejó de ser diversión, pide ayuda en la
          Línea de la Vida: 800 911 2000.
        </p>
      </section>
    </div>
  );
}
