import { createFileRoute } from '@tanstack/react-router';
import { PlayerHome, PlayerHomeSkeleton } from '@/features/standings/components/player-home';
import { loadPlayerHome } from '@/features/standings/load-player-home';

export const Route = createFileRoute('/_authed/dashboard')({
  loader: ({ context }) => loadPlayerHome(context.session.user.id),
  pendingComponent: PlayerHomeSkeleton,
  component: function PlayerHomeRoute() {
    return <PlayerHome data={Route.useLoaderData()} variant="dashboard" />;
  },
});
