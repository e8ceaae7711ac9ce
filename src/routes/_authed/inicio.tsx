import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { RenderInSlices } from '@/components/ui/render-in-slices';
import { BoostCard, loadBoostCard } from '@/features/boost';
import { MyLeaguesCard } from '@/features/leagues/components/my-leagues-card';
import { OfferCard } from '@/features/offers/components/offer-card';
import { PlayerHome, PlayerHomeSkeleton } from '@/features/standings/components/player-home';
import { loadPlayerHome } from '@/features/standings/load-player-home';
import { lazyCard } from '@/components/ui/lazy-card';
import { bonusPoints, rulesFor } from '@/lib/game/game-rules';
import { getMyRoundProgress } from '@/features/standings/api/get-my-round-progress';
import { NextSteps, type BoostStep } from '@/features/standings/components/next-steps';
import { getLiveRounds, type LiveRoundView } from '@/features/picks/api/get-live-rounds';

// Below the fold: their code comes after the first frame, off the route's first load (docs/performance.md).
const StatsCard = lazy(() => import('@/features/standings/components/stats-card').then((m) => ({ default: m.StatsCard })));
// Match days only: the round he played, live (docs/match-day.md).
const LiveRoundCard = lazy(() => import('@/features/picks/components/live-round-card').then((m) => ({ default: m.LiveRoundCard })));
const ReferralCard = lazyCard(() => import('@/features/friends/components/referral-card').then((m) => m.ReferralCard), 'Invita a tus amigos', 'Cargando tus referidos', 'h-48');

/** The next steps' Boost line: the game, and whether he answered it (on the server or waiting on this phone). */
async function boostStep(userId: string, boost: Awaited<ReturnType<typeof loadBoostCard>>): Promise<BoostStep | null> {
  if (boost === 'error' || !boost.game) return null;
  const gameId = boost.game.id;
  const waiting = boost.answer
    ? undefined
    : await Promise.all([import('@/lib/db'), import('@/lib/game/answer-drafts')])
        .then(([{ getDb }, { answerDraftOf }]) => answerDraftOf(getDb(), userId, gameId))
        .catch(() => undefined);
  return { points: boost.game.points, lockDate: boost.game.lockDate, answered: boost.answer !== null || (waiting !== undefined && waiting.status !== 'rejected') };
}

/** The round being played that he played, if any; read beside the home, never from its offline copy. */
async function myLiveRound(userId: string): Promise<LiveRoundView | null> {
  if (!navigator.onLine) return null;
  try {
    return (await getLiveRounds(userId)).find((r) => Object.keys(r.myPicks).length > 0) ?? null;
  } catch (error) {
    console.warn('La jornada en vivo no está disponible', error);
    return null;
  }
}

export const Route = createFileRoute('/_authed/inicio')({
  staticData: { title: 'Inicio' },
  loader: async ({ context }) => {
    const userId = context.session.user.id;
    // The page opens with what the player must do next (NextSteps): whether the Boost is answered
    // is part of it, so the game is read with the home, not after it (features/boost/load-card.ts).
    const [home, boost, live] = await Promise.all([loadPlayerHome(userId), loadBoostCard(userId), myLiveRound(userId)]);
    const round = home.week.ok ? home.week.value : null;
    const picked = round ? await getMyRoundProgress(userId, round.id).catch(() => null) : null;
    return { home, boost, live, picked, boostStep: await boostStep(userId, boost) };
  },
  pendingComponent: () => <PlayerHomeSkeleton variant="inicio" />,
  component: function PlayerHomeRoute() {
    const { session } = Route.useRouteContext();
    const { home, boost, live, picked, boostStep } = Route.useLoaderData();
    return (
      <RenderInSlices skeleton={<PlayerHomeSkeleton variant="inicio" />}>
        <PlayerHome
          data={home}
          variant="inicio"
          cards={{
            live: live && (
              <Suspense fallback={<div aria-hidden="true" className="h-96 rounded-2xl bg-white ring-1 ring-slate-200" />}>
                <LiveRoundCard round={live.round} myPicks={live.myPicks} />
              </Suspense>
            ),
            next: <NextSteps week={home.week} picked={picked} boost={boostStep} rounds={home.rounds} />,
            stats: (
              <Suspense fallback={<div aria-hidden="true" className="h-36 rounded-2xl bg-brand-800/70" />}>
                <StatsCard data={home} />
              </Suspense>
            ),
            boost: <BoostCard userId={session.user.id} data={boost} />,
            leagues: <MyLeaguesCard userId={session.user.id} />,
            referral: <ReferralCard perFriendPoints={bonusPoints(rulesFor(), 'referral')} />,
            offer: <OfferCard />,
          }}
        />
      </RenderInSlices>
    );
  },
});
