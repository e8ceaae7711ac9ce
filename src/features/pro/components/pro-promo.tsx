// The Pro promo on /quinielazo-de-la-semana (spec §2): a card with the round's live pool and a
// modal that explains Pro. After the player saves his free picks, if Pro is open and he has no
// entry yet, the card offers to play Pro with the same picks (an entry can copy them); /picks
// shows that offer alone.
import { useEffect, useState } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatMXN } from '@/lib/format';
import { getProPromo, type ProPromoData } from '../api/get-pro-promo';

interface ProPromoProps {
  roundId: number;
  userId: string | null;
  open: boolean;
  justSaved: boolean;
  /** Only the offer to play with the same picks, nothing otherwise (/picks after saving). */
  offerOnly?: boolean;
}

export function ProPromo({ roundId, userId, open, justSaved, offerOnly = false }: ProPromoProps) {
  const [data, setData] = useState<ProPromoData | null>(null);
  const [modal, setModal] = useState(false);
  useEffect(() => {
    let current = true;
    // The promo is an extra: without it the page is complete, so a failed read just hides it.
    getProPromo(roundId, userId).then((d) => current && setData(d), () => current && setData(null));
    return () => {
      current = false;
    };
  }, [roundId, userId]);
  if (!open || !data) return null;
  const offerSamePicks = justSaved && userId !== null && !data.hasEntry;
  if (offerOnly && !offerSamePicks) return null;

  return (
    <section aria-labelledby="pro-promo" className="rounded-2xl bg-gradient-to-br from-slate-900 to-brand-900 p-4 text-white shadow-sm">
      <p className="text-xs font-semibold uppercase tracking-wide text-gold-400">Quinielazo Pro</p>
      <h2 id="pro-promo" className="mt-1 text-lg font-bold">
        {offerSamePicks ? '¿Juegas Pro con las mismas predicciones?' : `Bolsa Pro: ${formatMXN(data.stats.poolMxn)}`}
      </h2>
      <p className="mt-1 text-sm text-brand-50">
        {offerSamePicks
          ? 'Compra una entrada y copia tus predicciones gratis con un toque. Cada acierto vale 1 punto y la bolsa se reparte entre los mejores.'
          : `${data.stats.entries} ${data.stats.entries === 1 ? 'entrada' : 'entradas'} compiten por la bolsa de esta quiniela.`}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {data.hasEntry ? (
          <AppLink to={`/pro/${roundId}`} className="rounded-full bg-gold-400 px-5 py-3 text-sm font-semibold text-slate-900">
            Ir a mis entradas Pro
          </AppLink>
        ) : (
          <AppLink to={`/pro?quiniela=${roundId}`} className="rounded-full bg-gold-400 px-5 py-3 text-sm font-semibold text-slate-900">
            {offerSamePicks ? 'Jugar Pro' : 'Ver Pro'}
          </AppLink>
        )}
        <Button onClick={() => setModal(true)} className="bg-white/10 hover:bg-white/20">
          ¿Cómo funciona?
        </Button>
      </div>
      <Dialog open={modal} onClose={() => setModal(false)} title="Así funciona Quinielazo Pro">
        <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-slate-700">
          <li>Compras entradas con MercadoPago: cada una es una quiniela completa de esta semana.</li>
          <li>Cada acierto vale 1 punto. La bolsa completa se reparte entre las entradas con más aciertos; si empatan, se divide en partes iguales.</li>
          <li>Cada compra hace crecer la bolsa, y la bolsa nunca es menor al mínimo garantizado.</li>
          <li>Solo mayores de 18 años. Juega con responsabilidad.</li>
        </ul>
        <AppLink to={`/pro?quiniela=${roundId}`} className="mt-4 inline-block rounded-full bg-brand-700 px-5 py-3 text-sm font-semibold text-white">
          Ir a Quinielazo Pro
        </AppLink>
      </Dialog>
    </section>
  );
}
