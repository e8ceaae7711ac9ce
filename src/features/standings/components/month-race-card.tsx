// The month's race on /dashboard (issue 33): the card holds its place while the chart's own
// chunk loads after the first frame (month-race.tsx), so the player route's first load does
// not carry it.
import { lazy, Suspense, useId } from 'react';
import type { RoundScore } from '../api/get-user-scores-by-month';
import type { Part } from '../load-player-home';
import { monthWord, type GameMonth } from '../months';

const MonthRace = lazy(() => import('./month-race').then((m) => ({ default: m.MonthRace })));

const HOLDING = <div className="h-[18rem] animate-pulse bg-slate-50" />;

export function MonthRaceCard({ userId, month, rounds }: { userId: string; month: GameMonth; rounds: Part<RoundScore[]> }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="border-b border-slate-100 px-4 py-3">
        <h2 id={titleId} className="font-bold">
          {/* The month the chart is about, the one "Tus números" is about (last month's in a new month's first days). */}
          Tu carrera de {monthWord(month)}
        </h2>
      </header>
      <Suspense fallback={HOLDING}>
        <MonthRace userId={userId} viewerId={userId} month={month} rounds={rounds.ok ? rounds.value : []} subject="me" />
      </Suspense>
    </section>
  );
}
