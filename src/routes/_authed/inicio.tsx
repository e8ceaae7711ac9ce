import { createFileRoute } from '@tanstack/react-router';
import { RenderInSlices } from '@/components/ui/render-in-slices';
import { BoostCard } from '@/features/boost';
import { ReferralCard } from '@/features/friends/components/referral-card';
import { OfferCard } from '@/features/offers/components/offer-card';
import { PlayerHome, PlayerHomeSkeleton } from '@/features/standings/components/player-home';
import { loadPlayerHome } from '@/features/standings/load-player-home';
import { bonusPoints, rulesFor } from '@/lib/game-rules';

export const Route = createFileRoute('/_authed/inicio')({
  staticData: { title: 'Inicio' },
  loader: ({ context }) => loadPlayerHome(context.session.user.id),
  pendingComponent: () => <PlayerHomeSkeleton variant="inicio" />,
  component: function PlayerHomeRoute() {
    const { session } = Route.useRouteContext();
    return (
      <RenderInSlices skeleton={<PlayerHomeSkeleton variant="inicio" />}>
        <PlayerHome
          data={Route.useLoaderData()}
          variant="inicio"
          cards={{
            boost: <BoostCard userId={session.user.id} />,
            referral: <ReferralCard perFriendPoints={bonusPoints(rulesFor(), 'referral')} />,
            offer: <OfferCard />,
          }}
        />
      </RenderInSlices>
    );
  },
});
