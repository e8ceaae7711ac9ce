// /picks?quiniela={id|current}: the signed-in player's predictions for one round (docs/product.md#picks-screen).
import { createFileRoute } from '@tanstack/react-router';
import { RoundSkeleton } from '@/components/ui/loading-state';
import { cachedRead, MAX_AGE } from '@/lib/cached-read';
import { getRoundView } from '@/features/picks/api/get-round-detail';
import { PicksBoard } from '@/features/picks/components/picks-board';
import { NoRound, RoundDetailError } from '@/features/picks/components/round-states';
import { parseRoundSearch } from '@/features/picks/model/round-search';

export const Route = createFileRoute('/_authed/picks')({
  staticData: { title: 'Mis picks' },
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
  if (!data) return <NoRound quiniela={quiniela} />;
  return <PicksBoard key={data.round.id} view={data} userId={userId} cachedAt={cachedAt} />;
}
