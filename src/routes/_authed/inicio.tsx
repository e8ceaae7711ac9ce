import { createFileRoute } from '@tanstack/react-router';
import { RenderInSlices } from '@/components/ui/render-in-slices';
import { BoostCard, loadBoostCard } from '@/features/boost';
import { ReferralCard } from '@/features/friends/components/referral-card';
import { OfferCard } from '@/features/offers/components/offer-card';
import { PlayerHome, PlayerHomeSkeleton } from '@/features/standings/components/player-home';
import { loadPlayerHome } from '@/features/standings/load-player-home';
import { bonusPoints, rulesFor } from '@/lib/game-rules';

export const Route = createFileRoute('/_authed/inicio')({
  staticData: { title: 'Inicio' },
  loader: async ({ context }) => {
    const userId = context.session.user.id;
    // The Boost card's game is read beside the home's reads and the page waits for both
    // (features/boost/load-card.ts).
    const [home, boost] = await Promise.all([loadPlayerHome(userId), loadBoostCard(userId)]);
    return { home, boost };
  },
  pendingComponent: () => <PlayerHomeSkeleton variant="inicio" />,
  component: function PlayerHomeRoute() {
    const { session } = Route.useRouteContext();
    const { home, boost } = Route.useLoaderData();
    return (
      <RenderInSlices skeleton={<PlayerHomeSkeleton variant="inicio" />}>
        <PlayerHome
          data={home}
          variant="inicio"
          cards={{
            boost: <BoostCard userId={session.user.id} data={boost} />,
            referral: <ReferralCard perFriendPoints={bonusPoints(rulesFor(), 'referral')} />,
            offer: <OfferCard />,
          }}
        />
      </RenderInSlices>
    );
  },
});
