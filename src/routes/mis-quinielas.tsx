import { createFileRoute, useNavigate, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { HistoryError, HistoryPage, HistorySkeleton } from '@/features/standings/components/history-page';
import { loadHistory } from '@/features/standings/load-history';
import { parseMonthKey } from '@/features/standings/search-params';

export const Route = createFileRoute('/mis-quinielas')({
  staticData: { title: 'Mis quinielas' },
  validateSearch: (search: Record<string, unknown>): { mes?: string } => ({
    mes: parseMonthKey(search.mes) ? (search.mes as string) : undefined,
  }),
  loaderDeps: ({ search }) => ({ mes: search.mes }),
  loader: ({ deps }) => loadHistory(parseMonthKey(deps.mes)),
  pendingComponent: HistorySkeleton,
  errorComponent: MisQuinielasError,
  component: MisQuinielas,
});

function MisQuinielas() {
  const data = Route.useLoaderData();
  const navigate = useNavigate({ from: Route.fullPath });
  return <HistoryPage data={data} onMonthChange={(mes) => void navigate({ search: { mes } })} />;
}

function MisQuinielasError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return <HistoryError error={error} onRetry={() => void router.invalidate()} />;
}
