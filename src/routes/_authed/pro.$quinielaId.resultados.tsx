import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { EmptyState } from '@/components/ui/empty-state';
import { RoundSkeleton } from '@/components/ui/loading-state';
import { getProResults } from '@/features/pro/api/get-pro-results';
import { subscribeProRound } from '@/features/pro/api/subscribe-pro-round';
import { ProResultsPage } from '@/features/pro/components/pro-results-page';
import { SavedCopyNote } from '@/components/ui/saved-copy-note';
import { cachedRead, MAX_AGE } from '@/lib/cached-read';
import { PRO_MESSAGES } from '@/features/pro/model/pro-messages';
import { parseRoundParam } from '@/features/pro/model/route-params';

export const Route = createFileRoute('/_authed/pro/$quinielaId/resultados')({
  staticData: { title: 'Resultados Pro' },
  loader: async ({ params, context }) => {
    const id = parseRoundParam(params.quinielaId);
    const userId = context.session.user.id;
    // Through the read cache: seen once with signal, it opens offline too (issue 44, item 6).
    const read = id ? await cachedRead(`pro:results:${id}`, userId, () => getProResults(id), MAX_AGE.history) : { data: null, cachedAt: null };
    return { data: read.data, cachedAt: read.cachedAt, userId };
  },
  pendingComponent: RoundSkeleton,
  errorComponent: function ProResultsError() {
    const router = useRouter();
    return <ErrorState message="No pudimos cargar los resultados Pro." onRetry={() => void router.invalidate()} />;
  },
  component: function ProResultsRoute() {
    const { data, cachedAt, userId } = Route.useLoaderData();
    const router = useRouter();
    const navigate = useNavigate({ from: Route.fullPath });
    const [refreshKey, setRefreshKey] = useState(0);
    const roundId = data?.round.id;
    useEffect(
      () =>
        roundId
          ? subscribeProRound(roundId, () => {
              void router.invalidate();
              setRefreshKey((k) => k + 1);
            })
          : undefined,
      [roundId, router],
    );
    if (!data) return <EmptyState title={PRO_MESSAGES.roundNotFound} description="Revisa el enlace o elige una quiniela desde Quinielazo Pro." />;
    return (
      <>
        {cachedAt !== null && <SavedCopyNote storedAt={cachedAt} what="de los resultados Pro" />}
        <ProResultsPage data={data} userId={userId} refreshKey={refreshKey} onRound={(id) => void navigate({ to: '/pro/$quinielaId/resultados', params: { quinielaId: String(id) } })} />
      </>
    );
  },
});
