import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { RenderInSlices } from '@/components/ui/render-in-slices';
import { OfferCard } from '@/features/offers/components/offer-card';
import { PromoBlock } from '@/features/offers/components/promo-block';
import { LeaderboardPage, LeaderboardSkeleton } from '@/features/standings/components/leaderboard-page';
import { loadLeaderboard } from '@/features/standings/load-leaderboard';
import { isLeaderboardTab, parseMonthKey, type LeaderboardTab } from '@/features/standings/search-params';

interface LeaderboardSearch {
  /** "2026-11"; absent = the current month. */
  mes?: string;
  orden?: LeaderboardTab;
}

export const Route = createFileRoute('/leaderboard')({
  staticData: { title: 'Tabla de Posiciones' },
  validateSearch: (search: Record<string, unknown>): LeaderboardSearch => ({
    mes: parseMonthKey(search.mes) ? (search.mes as string) : undefined,
    orden: isLeaderboardTab(search.orden) ? search.orden : undefined,
  }),
  loaderDeps: ({ search }) => ({ mes: search.mes }),
  loader: ({ deps }) => loadLeaderboard(parseMonthKey(deps.mes)),
  pendingComponent: LeaderboardSkeleton,
  component: LeaderboardRoute,
});

function LeaderboardRoute() {
  const data = Route.useLoaderData();
  const { orden = 'total' } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const router = useRouter();
  return (
    <RenderInSlices skeleton={<LeaderboardSkeleton />}>
      <LeaderboardPage
        data={data}
        tab={orden}
        onTabChange={(tab) => void navigate({ search: (prev) => ({ ...prev, orden: tab }), replace: true })}
        onMonthChange={(mes) => void navigate({ search: (prev) => ({ ...prev, mes }) })}
        onRetry={() => void router.invalidate()}
      >
        <PromoBlock />
        <OfferCard />
      </LeaderboardPage>
    </RenderInSlices>
  );
}
