// /liga/<code>: a liga's invitation, public. Prerendered as its skeleton (one page for every
// code); the app server puts the liga's preview tags in its head and the invitation itself in its
// body, and the app runs there only when needed (docs/decisions/ligas.md, "The invitation page without
// the app").
import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { InvitePage, InviteSkeleton } from '@/features/leagues/components/invite-page';
import { rememberJoinIntent } from '@/features/leagues/join-intent';
import { loadInvite } from '@/features/leagues/load-invite';
import { parseInviteSearch } from '@/features/leagues/search-params';
import { useSending } from '@/lib/use-sending';

export const Route = createFileRoute('/liga/$code')({
  staticData: { title: 'Invitación a una liga' },
  validateSearch: parseInviteSearch,
  loaderDeps: ({ search }) => ({ unirme: search.unirme === 1 }),
  loader: ({ params, deps }) => loadInvite(params.code, deps.unirme),
  pendingComponent: InviteSkeleton,
  component: function InviteRoute() {
    const data = Route.useLoaderData();
    const navigate = useNavigate({ from: Route.fullPath });
    const router = useRouter();
    const { sending, send } = useSending();
    // Joined on arrival (after the tap, back from sign-in, or the sign-up mail): into the liga.
    useEffect(() => {
      if (data.joined) void navigate({ to: '/ligas/$leagueId', params: { leagueId: data.joined }, replace: true });
    }, [data.joined, navigate]);
    return (
      <InvitePage
        data={data}
        joining={sending || data.joined !== null}
        onJoin={() => void send(() => {
          rememberJoinIntent(data.code);
          return navigate({ search: { unirme: 1 } });
        })}
        onRetry={() => void router.invalidate()}
      />
    );
  },
});
