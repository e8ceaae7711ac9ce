// /quinielazo-de-la-semana: the week's round for everyone. Players pick here exactly as on
// /picks; visitors see it read-only with the sign-up prompt. A selector switches rounds (the URL's
// `?quiniela=`, so back and forward follow); the selected round's Pro promo and chat follow the picks.
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { RenderInSlices } from '@/components/ui/render-in-slices';
import { lazy, Suspense, useState } from 'react';
import { RoundChat } from '@/features/chat/components/round-chat';
import { cachedRead, MAX_AGE } from '@/lib/cached-read';
import { getRoundView } from '@/features/picks/api/get-round-detail';
import { PicksBoard } from '@/features/picks/components/picks-board';
import { NoRound, RoundDetailError, WeeklyIntro, WeeklyRoundSkeleton } from '@/features/picks/components/round-states';
import { parseWeeklySearch } from '@/features/picks/model/round-search';
import { OfferCard } from '@/features/offers/components/offer-card';
import { getRounds } from '@/features/rounds/api/get-rounds';
import { isRoundOpen } from '@/lib/game/rounds';
import { currentSession } from '@/lib/session';

// An extra that appears once its own read answers, so its code comes after the page's.
const ProPromo = lazy(() => import('@/features/pro/components/pro-promo').then((m) => ({ default: m.ProPromo })));

export const Route = createFileRoute('/quinielazo-de-la-semana')({
  staticData: { title: 'Quiniela de la semana' },
  validateSearch: parseWeeklySearch,
  loaderDeps: ({ search }) => ({ quiniela: search.quiniela ?? ('current' as const) }),
  // One round on screen (issue 44, item 2): the page starts anew for each round chosen. Swapping
  // only the keyed board left the old round's board in the page above the new one (React never
  // removed its DOM after the transition), two rounds stacked.
  remountDeps: ({ loaderDeps }) => loaderDeps.quiniela,
  loader: async ({ deps }) => {
    const userId = (await currentSession())?.user.id ?? null;
    const [view, rounds] = await Promise.all([
      cachedRead(`round:${deps.quiniela}`, userId, () => getRoundView(deps.quiniela, userId), MAX_AGE.round),
      cachedRead('rounds:list', userId, () => getRounds(), MAX_AGE.round).catch(() => ({ data: [], cachedAt: null })),
    ]);
    // The clock the open/closed labels use, read with the data so rendering stays pure.
    return { view, rounds: rounds.data, userId, now: Date.now() };
  },
  pendingComponent: WeeklyRoundSkeleton,
  errorComponent: RoundDetailError,
  component: () => (
    <RenderInSlices skeleton={<WeeklyRoundSkeleton />}>
      <WeeklyRoundPage />
    </RenderInSlices>
  ),
});

function WeeklyRoundPage() {
  const { view, rounds, userId, now } = Route.useLoaderData();
  const { quiniela } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const selected = view.data?.round.id;
  const [savedRound, setSavedRound] = useState<number | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <WeeklyIntro />
      {rounds.length > 0 && (
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Quiniela
          <select
            value={selected ?? ''}
            onChange={(event) => void navigate({ search: { quiniela: Number(event.target.value) } })}
            className="min-h-11 rounded-xl border border-slate-300 bg-white px-3 text-base font-normal"
          >
            {selected !== undefined && !rounds.some((r) => r.id === selected) && <option value={selected}>{view.data?.round.name}</option>}
            {rounds.map((round) => (
              <option key={round.id} value={round.id}>
                {round.name} · {isRoundOpen(round, now) ? 'Abierta' : 'Cerrada'}
              </option>
            ))}
          </select>
        </label>
      )}
      {view.data ? <PicksBoard key={view.data.round.id} titleLevel={2} view={view.data} userId={userId} cachedAt={view.cachedAt} onSaved={() => setSavedRound(selected ?? null)} /> : <NoRound quiniela={quiniela ?? 'current'} />}
      {view.data && (
        <Suspense fallback={null}>
          <ProPromo key={view.data.round.id} roundId={view.data.round.id} userId={userId} open={isRoundOpen(view.data.round, now)} justSaved={savedRound === view.data.round.id} />
        </Suspense>
      )}
      {view.data && <RoundChat key={view.data.round.id} roundId={view.data.round.id} userId={userId} finalized={view.data.round.resultsSaved} />}
      <OfferCard />
    </div>
  );
}
