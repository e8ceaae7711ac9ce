import { createFileRoute, useRouter } from '@tanstack/react-router';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { ProLanding } from '@/features/pro/components/pro-landing';
import { loadProLanding } from '@/features/pro/load-pro';
import { parseRoundParam } from '@/features/pro/model/route-params';

export const Route = createFileRoute('/pro/')({
  staticData: { title: 'Pro' },
  validateSearch: (search: Record<string, unknown>): { quiniela?: number } => ({
    quiniela: parseRoundParam(String(search.quiniela ?? '')) ?? undefined,
  }),
  loaderDeps: ({ search }) => ({ quiniela: search.quiniela }),
  loader: ({ deps }) => loadProLanding(deps.quiniela),
  pendingComponent: () => <LoadingState label="Cargando Quinielazo Pro…" className="h-96 animate-pulse rounded-2xl bg-slate-200" />,
  errorComponent: function ProError() {
    const router = useRouter();
    return <ErrorState message="No pudimos cargar Quinielazo Pro." onRetry={() => void router.invalidate()} />;
  },
  component: function ProRoute() {
    return <ProLanding {...Route.useLoaderData()} />;
  },
});
