import { createFileRoute, useRouter } from '@tanstack/react-router';
import { MyLeaguesPage, MyLeaguesSkeleton } from '@/features/leagues/components/my-leagues-page';
import { loadMyLeagues } from '@/features/leagues/load-my-leagues';

export const Route = createFileRoute('/_authed/ligas/')({
  staticData: { title: 'Mis ligas' },
  loader: ({ context }) =>
    loadMyLeagues(context.session.user.id).catch((error: unknown) => {
      console.error('Error loading ligas', error);
      return null;
    }),
  pendingComponent: MyLeaguesSkeleton,
  component: function MyLeaguesRoute() {
    const router = useRouter();
    const read = Route.useLoaderData();
    return <MyLeaguesPage leagues={read?.data ?? null} cachedAt={read?.cachedAt ?? null} onRetry={() => void router.invalidate()} />;
  },
});
