import { createFileRoute } from '@tanstack/react-router';
import { RenderInSlices } from '@/components/ui/render-in-slices';
import { BoostCard, loadBoostCard } from '@/features/boost';
import { MyLeaguesCard } from '@/features/leagues/components/my-leagues-card';
import { ReferralCard } from '@/features/friends/components/referral-card';
import { OfferCard } from '@/features/offers/components/offer-card';
import { PlayerHome, PlayerHomeSkeleton } from '@/features/standings/components/player-home';
import { loadPlayerHome } from '@/features/standings/load-player-home';
import { bonusPoints, rulesFor } from '@/lib/game-rules';

export const Route = createFileRoute('/_authed/inicio')({
  staticData: { title: 'Inicio' },
  loader: async ({ context }) => {
    const userId = context.session.user.id;
    const home = await loadPlayerHome(userId);
    // Under a round's matches the Boost card is below the fold on a phone: it reads its game after
    // the page, which does not wait for its read and chunk. With no round to show it is on screen,
    // and the page waits for it (features/boost/load-card.ts).
    const boost = home.week.ok && home.week.value ? undefined : await loadBoostCard(userId);
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
            leagues: <MyLeaguesCard />,
            referral: <ReferralCard perFriendPoints={bonusPoints(rulesFor(), 'referral')} />,
            offer: <OfferCard />,
          }}
        />
      </RenderInSlices>
    );
  },
});
