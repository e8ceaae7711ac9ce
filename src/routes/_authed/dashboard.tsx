import { createFileRoute } from '@tanstack/react-router';
import { BoostCard, loadBoostCard } from '@/features/boost';
import { MyLeaguesCard } from '@/features/leagues/components/my-leagues-card';
import { OfferCard } from '@/features/offers/components/offer-card';
import { MonthRaceCard } from '@/features/standings/components/month-race-card';
import { PlayerHome, PlayerHomeSkeleton } from '@/features/standings/components/player-home';
import { StatsCard } from '@/features/standings/components/stats-card';
import { loadPlayerHome } from '@/features/standings/load-player-home';
import { lazyCard } from '@/components/ui/lazy-card';
import { RenderInSlices } from '@/components/ui/render-in-slices';
import { bonusPoints, rulesFor } from '@/lib/game/game-rules';
import { useProfile } from '@/lib/session';
import { gameDay } from '@/lib/time';

// Below the fold: their code comes after the first frame, off the route's first load (docs/performance.md).
const PollCard = lazyCard(() => import('@/features/poll/components/poll-card').then((m) => m.PollCard), 'Encuesta', 'Cargando la encuesta');
const FriendsRanking = lazyCard(
  () => import('@/features/friends/components/friends-ranking').then((m) => m.FriendsRanking),
  'Tabla de amigos',
  'Cargando la tabla de amigos',
);
const ReferralCard = lazyCard(() => import('@/features/friends/components/referral-card').then((m) => m.ReferralCard), 'Invita a tus amigos', 'Cargando tus referidos', 'h-48');

export const Route = createFileRoute('/_authed/dashboard')({
  staticData: { title: 'Mi resumen' },
  loader: async ({ context }) => {
    const userId = context.session.user.id;
    // The Boost card's game is read beside the home's reads and the page waits for both
    // (features/boost/load-card.ts).
    const [home, boost] = await Promise.all([loadPlayerHome(userId), loadBoostCard(userId)]);
    return { home, boost };
  },
  pendingComponent: () => <PlayerHomeSkeleton variant="dashboard" />,
  component: function PlayerHomeRoute() {
    const { session } = Route.useRouteContext();
    const profile = useProfile();
    const [year, month] = gameDay().split('-').map(Number);
    const { home, boost } = Route.useLoaderData();
    // The skeleton first, the screen after in slices (as on /inicio): its render was one 35–50 ms task.
    return (
      <RenderInSlices skeleton={<PlayerHomeSkeleton variant="dashboard" />}>
        <PlayerHome
          data={home}
          variant="dashboard"
          cards={{
            stats: <StatsCard data={home} />,
            race: <MonthRaceCard userId={session.user.id} month={home.month} rounds={home.rounds} />,
            boost: <BoostCard userId={session.user.id} data={boost} />,
            poll: <PollCard userId={session.user.id} />,
            leagues: <MyLeaguesCard userId={session.user.id} />,
            friends: <FriendsRanking userId={session.user.id} year={year} month={month} referralCode={profile?.referralCode ?? null} />,
            referral: <ReferralCard perFriendPoints={bonusPoints(rulesFor(), 'referral')} />,
            offer: <OfferCard />,
          }}
        />
      </RenderInSlices>
    );
  },
});
