import { createFileRoute, useRouter } from '@tanstack/react-router';
import { getMyLeagues } from '@/features/leagues/api/get-my-leagues';
import { MyLeaguesPage, MyLeaguesSkeleton } from '@/features/leagues/components/my-leagues-page';

export const Route = createFileRoute('/_authed/ligas/')({
  staticData: { title: 'Mis ligas' },
  loader: () =>
    getMyLeagues().catch((error: unknown) => {
      console.error('Error loading ligas', error);
      return null;
    }),
  pendingComponent: MyLeaguesSkeleton,
  component: function MyLeaguesRoute() {
    const router = useRouter();
    return <MyLeaguesPage leagues={Route.useLoaderData()} onRetry={() => void router.invalidate()} />;
  },
});
