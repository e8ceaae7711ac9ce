// "Mis ligas" on /dashboard and /inicio: the player's place in each liga and how many members
// still have to pick (offline: the phone's copy). Its list and its read come after the page (a
// chunk of their own, so the home's first load does not grow: docs/decisions/speed.md,
// "First-load budget"); the header holds the card's place meanwhile.
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';

const MyLeaguesCardBody = lazy(() => import('./my-leagues-card-body').then((m) => ({ default: m.MyLeaguesCardBody })));

export function MyLeaguesCard({ userId }: { userId: string }) {
  return (
    <section aria-labelledby="my-leagues-card" className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
        <h2 id="my-leagues-card" className="font-bold">
          Mis ligas
        </h2>
        <Link to="/ligas" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline">
          Ver ligas
        </Link>
      </header>
      <Suspense fallback={<div className="h-14 animate-pulse bg-slate-50" aria-hidden="true" />}>
        <MyLeaguesCardBody userId={userId} />
      </Suspense>
    </section>
  );
}
