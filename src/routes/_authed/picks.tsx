// /picks?quiniela={id|current}: the signed-in player's predictions for one round (docs/product.md#picks-screen).
import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { RoundSkeleton } from '@/components/ui/loading-state';
import { cachedRead, MAX_AGE } from '@/lib/cached-read';
import { getRoundView } from '@/features/picks/api/get-round-detail';
import { PicksBoard } from '@/features/picks/components/picks-board';
import { NoRound, RoundDetailError } from '@/features/picks/components/round-states';
import { parseRoundSearch } from '@/features/picks/model/round-search';

// Shown only after a save (docs/product.md#picks-screen), so its code is not part of the page's.
const ProPromo = lazy(() => import('@/features/pro/components/pro-promo').then((m) => ({ default: m.ProPromo })));

export const Route = createFileRoute('/_authed/picks')({
  staticData: { title: 'Mis predicciones' },
  validateSearch: parseRoundSearch,
  loaderDeps: ({ search }) => ({ quiniela: search.quiniela }),
  loader: ({ deps, context }) => {
    const userId = context.session.user.id;
    return cachedRead(`round:${deps.quiniela}`, userId, () => getRoundView(deps.quiniela, userId), MAX_AGE.round).then((read) => ({ ...read, userId }));
  },
  pendingComponent: RoundSkeleton,
  errorComponent: RoundDetailError,
  component: PicksPage,
});

function PicksPage() {
  const { data, cachedAt, userId } = Route.useLoaderData();
  const { quiniela } = Route.useSearch();
  const [savedRound, setSavedRound] = useState<number | null>(null);
  if (!data) return <NoRound quiniela={quiniela} />;
  return (
    <div className="flex flex-col gap-4">
      <PicksBoard key={data.round.id} view={data} userId={userId} cachedAt={cachedAt} onSaved={() => setSavedRound(data.round.id)} />
      {/* A player without a Pro entry is offered to play Pro with the same picks; the save went
          through, so the round is open. */}
      {savedRound === data.round.id && (
        <Suspense fallback={null}>
          <ProPromo roundId={data.round.id} userId={userId} open justSaved offerOnly />
        </Suspense>
      )}
    </div>
  );
}
