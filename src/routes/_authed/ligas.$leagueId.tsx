import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { ErrorState } from '@/components/ui/error-state';
import { LeaguePage, LeagueSkeleton } from '@/features/leagues/components/league-page';
import { loadLeague } from '@/features/leagues/load-league';
import { loadLeagueLive } from '@/features/leagues/load-league-live';
import { parseLeagueSearch } from '@/features/leagues/search-params';

export const Route = createFileRoute('/_authed/ligas/$leagueId')({
  staticData: { title: 'Liga' },
  validateSearch: parseLeagueSearch,
  loaderDeps: ({ search }) => ({ quiniela: search.quiniela, mes: search.mes }),
  loader: async ({ params, deps, context }) => {
    // The round being played is read beside the page (not from its offline copy): provisional
    // scores from another moment would mislead.
    const [page, live] = await Promise.all([
      loadLeague(context.session.user.id, params.leagueId, deps.quiniela, deps.mes),
      loadLeagueLive(context.session.user.id, params.leagueId),
    ]);
    return { ...page, live };
  },
  pendingComponent: LeagueSkeleton,
  errorComponent: function LeagueError() {
    const router = useRouter();
    return <ErrorState message="No se pudo cargar la liga." onRetry={() => void router.invalidate()} />;
  },
  component: function LeagueRoute() {
    const { data, cachedAt, live } = Route.useLoaderData();
    const { session } = Route.useRouteContext();
    const { orden = 'total' } = Route.useSearch();
    const navigate = useNavigate({ from: Route.fullPath });
    const router = useRouter();
    return (
      <LeaguePage
        data={data}
        cachedAt={cachedAt}
        live={data.league ? live : null}
        userId={session.user.id}
        tab={orden}
        onTabChange={(tab) => void navigate({ search: (prev) => ({ ...prev, orden: tab === 'total' ? undefined : tab }), replace: true })}
        onMonthChange={(mes) => void navigate({ search: (prev) => ({ ...prev, mes }) })}
        onRoundChange={(quiniela) => void navigate({ search: (prev) => ({ ...prev, quiniela }) })}
        onReload={() => void router.invalidate()}
      />
    );
  },
});
