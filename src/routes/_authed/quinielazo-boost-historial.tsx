import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { getHistory, mexicoDate } from '@/features/boost/api/games';
import { BoostHistoryPage } from '@/features/boost/components/history-page';
import { parseHistoryFilter, type HistoryFilter } from '@/features/boost/model/history-filter';
import { cachedRead, MAX_AGE } from '@/lib/cached-read';

export const Route = createFileRoute('/_authed/quinielazo-boost-historial')({
  staticData: { title: 'Historial de Boost' },
  validateSearch: (search: Record<string, unknown>): { filtro?: HistoryFilter } => ({
    filtro: parseHistoryFilter(search.filtro),
  }),
  // The last four months of games, from the offline cache when there is no signal.
  loader: ({ context }) => cachedRead('boost:history', context.session.user.id, () => getHistory(mexicoDate(new Date(), -120)), MAX_AGE.boostHistory),
  pendingComponent: () => <LoadingState label="Cargando tu historial del Boost…" />,
  errorComponent: function BoostHistoryError() {
    const router = useRouter();
    return <ErrorState message="No pudimos cargar tu historial del Boost." onRetry={() => void router.invalidate()} />;
  },
  component: function BoostHistoryRoute() {
    const { data, cachedAt } = Route.useLoaderData();
    const { session } = Route.useRouteContext();
    const { filtro } = Route.useSearch();
    const navigate = useNavigate({ from: Route.fullPath });
    return <BoostHistoryPage items={data} cachedAt={cachedAt} since={mexicoDate(new Date(session.user.created_at))} filter={filtro ?? 'todos'} onFilter={(f) => void navigate({ search: { filtro: f === 'todos' ? undefined : f }, replace: true })} />;
  },
});
