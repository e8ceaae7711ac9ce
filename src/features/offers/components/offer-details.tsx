// Today's affiliate offer (in its own chunk, see offer-card.tsx): partner, logo, what it offers,
// the call to action (a sponsored link in a new tab) and the 18+ responsible-play line.
import { useState } from 'react';
import { track } from '@/lib/activity';
import { gameDay } from '@/lib/time';
import { offerOfTheDay, RESPONSIBLE_PLAY } from '../offers';

function sessionStore() {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function OfferDetails() {
  const [offer] = useState(() => offerOfTheDay(gameDay(), sessionStore()));
  return (
    <aside aria-label="Oferta de un patrocinador" className="below-fold-60 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex items-start gap-3 px-4 py-4">
        <img src={offer.logo} alt="" width={48} height={48} loading="lazy" className="size-12 shrink-0 rounded-xl" />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Patrocinado · {offer.partnerName}</p>
          <p className="mt-0.5 text-sm font-semibold text-slate-900">{offer.description}</p>
          <p className="mt-1 text-xs text-slate-600">{offer.trustMessage}</p>
        </div>
      </div>
      <div className="flex flex-col gap-2 border-t border-slate-100 px-4 py-3">
        <a
          href={offer.url}
          target="_blank"
          rel="sponsored noopener"
          onClick={() => track('cta_click', { cta: 'offer', offer: offer.id })}
          className="inline-flex min-h-11 items-center justify-center rounded-full bg-gold-400 px-5 text-sm font-bold text-slate-900 hover:bg-amber-300"
        >
          {offer.ctaText}
        </a>
        <p className="text-center text-xs text-slate-600">{RESPONSIBLE_PLAY}</p>
      </div>
    </aside>
  );
}
