import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { EmptyState } from '@/components/ui/empty-state';
import { RoundSkeleton } from '@/components/ui/loading-state';
import { getProRound } from '@/features/pro/api/get-pro-round';
import { subscribeProRound } from '@/features/pro/api/subscribe-pro-round';
import { ProEntryPage } from '@/features/pro/components/pro-entry-page';
import { PRO_MESSAGES } from '@/features/pro/model/pro-messages';
import { parsePaymentReturn, parseRoundParam, type PaymentReturn } from '@/features/pro/model/route-params';

export const Route = createFileRoute('/_authed/pro/$quinielaId/')({
  staticData: { title: 'Pro' },
  validateSearch: (search: Record<string, unknown>): { pago?: PaymentReturn } => ({ pago: parsePaymentReturn(search.pago) }),
  loader: async ({ params, context }) => {
    const id = parseRoundParam(params.quinielaId);
    return { data: id ? await getProRound(id, context.session.user.id) : null, userId: context.session.user.id };
  },
  pendingComponent: RoundSkeleton,
  errorComponent: function ProEntryError() {
    const router = useRouter();
    return <ErrorState message="No pudimos cargar tus entradas Pro." onRetry={() => void router.invalidate()} />;
  },
  component: function ProEntryRoute() {
    const { data, userId } = Route.useLoaderData();
    const { pago } = Route.useSearch();
    const router = useRouter();
    const roundId = data?.round.id;
    // Entries credited by the webhook, results saved: read again as they happen.
    useEffect(() => (roundId ? subscribeProRound(roundId, () => void router.invalidate()) : undefined), [roundId, router]);
    if (!data) return <EmptyState title={PRO_MESSAGES.roundNotFound} description="Revisa el enlace o elige una quiniela desde Quinielazo Pro." />;
    return <ProEntryPage data={data} userId={userId} paymentReturn={pago} onReload={() => void router.invalidate()} />;
  },
});
