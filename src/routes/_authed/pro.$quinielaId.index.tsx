import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { EmptyState } from '@/components/ui/empty-state';
import { RoundSkeleton } from '@/components/ui/loading-state';
import { getProRound } from '@/features/pro/api/get-pro-round';
import { subscribeProRound } from '@/features/pro/api/subscribe-pro-round';
import { ProEntryPage } from '@/features/pro/components/pro-entry-page';
import { SavedCopyNote } from '@/components/ui/saved-copy-note';
import { cachedRead, MAX_AGE } from '@/lib/cached-read';
import { PRO_MESSAGES } from '@/features/pro/model/pro-messages';
import { parsePaymentReturn, parseRoundParam, type PaymentReturn } from '@/features/pro/model/route-params';

export const Route = createFileRoute('/_authed/pro/$quinielaId/')({
  staticData: { title: 'Pro' },
  validateSearch: (search: Record<string, unknown>): { pago?: PaymentReturn } => ({ pago: parsePaymentReturn(search.pago) }),
  loader: async ({ params, context }) => {
    const id = parseRoundParam(params.quinielaId);
    const userId = context.session.user.id;
    // Through the read cache: seen once with signal, it opens offline too (issue 44, item 6).
    const read = id ? await cachedRead(`pro:round:${id}`, userId, () => getProRound(id, userId), MAX_AGE.round) : { data: null, cachedAt: null };
    return { data: read.data, cachedAt: read.cachedAt, userId };
  },
  pendingComponent: RoundSkeleton,
  errorComponent: function ProEntryError() {
    const router = useRouter();
    return <ErrorState message="No pudimos cargar tus entradas Pro." onRetry={() => void router.invalidate()} />;
  },
  component: function ProEntryRoute() {
    const { data, cachedAt, userId } = Route.useLoaderData();
    const { pago } = Route.useSearch();
    const router = useRouter();
    const roundId = data?.round.id;
    // Entries credited by the webhook, results saved: read again as they happen.
    useEffect(() => (roundId ? subscribeProRound(roundId, () => void router.invalidate()) : undefined), [roundId, router]);
    if (!data) return <EmptyState title={PRO_MESSAGES.roundNotFound} description="Revisa el enlace o elige una quiniela desde Quinielazo Pro." />;
    return (
      <>
        {cachedAt !== null && <SavedCopyNote storedAt={cachedAt} what="de tus entradas Pro" />}
        <ProEntryPage data={data} userId={userId} paymentReturn={pago} onReload={() => void router.invalidate()} />
      </>
    );
  },
});
