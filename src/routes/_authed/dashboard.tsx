import { createFileRoute } from '@tanstack/react-router';
import { BoostCard } from '@/features/boost';
import { FriendsRanking } from '@/features/friends/components/friends-ranking';
import { ReferralCard } from '@/features/friends/components/referral-card';
import { OfferCard } from '@/features/offers/components/offer-card';
import { PollCard } from '@/features/poll/components/poll-card';
import { PlayerHome, PlayerHomeSkeleton } from '@/features/standings/components/player-home';
import { loadPlayerHome } from '@/features/standings/load-player-home';
import { bonusPoints, rulesFor } from '@/lib/game-rules';
import { useProfile } from '@/lib/session';
import { gameDay } from '@/lib/time';

export const Route = createFileRoute('/_authed/dashboard')({
  staticData: { title: 'Mi perfil' },
  loader: ({ context }) => loadPlayerHome(context.session.user.id),
  pendingComponent: () => <PlayerHomeSkeleton variant="dashboard" />,
  component: function PlayerHomeRoute() {
    const { session } = Route.useRouteContext();
    const profile = useProfile();
    const [year, month] = gameDay().split('-').map(Number);
    return (
      <PlayerHome
        data={Route.useLoaderData()}
        variant="dashboard"
        cards={{
          boost: <BoostCard userId={session.user.id} />,
          poll: <PollCard userId={session.user.id} />,
          friends: <FriendsRanking userId={session.user.id} year={year} month={month} referralCode={profile?.referralCode ?? null} />,
          referral: <ReferralCard perFriendPoints={bonusPoints(rulesFor(), 'referral')} />,
          offer: <OfferCard />,
        }}
      />
    );
  },
});
