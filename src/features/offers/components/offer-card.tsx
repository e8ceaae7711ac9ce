// Today's affiliate offer, at the foot of the leaderboard, the weekly round and the player's
// home. It is an extra after each page's own content, so its code (the offers and the card,
// offer-details.tsx) comes after the page's: until then a block of the card's usual height
// holds its place. Below the fold on every page it is on, it is laid out when the reader nears it.
import { lazy, Suspense } from 'react';

const OfferDetails = lazy(() => import('./offer-details').then((m) => ({ default: m.OfferDetails })));

export function OfferCard() {
  return (
    <Suspense fallback={<div aria-hidden="true" className="h-60 rounded-2xl bg-white ring-1 ring-slate-200" />}>
      <OfferDetails />
    </Suspense>
  );
}
