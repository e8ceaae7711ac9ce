import { createFileRoute, useRouter } from '@tanstack/react-router';
import { RoundSkeleton } from '@/components/ui/loading-state';
import { getOpenRound } from '@/lib/open-round';
import { OpenRound } from '@/features/rounds/components/open-round';
import { NoOpenRound, OpenRoundError } from '@/features/rounds/components/round-states';

export const Route = createFileRoute('/')({
  loader: () => getOpenRound(),
  pendingComponent: RoundSkeleton,
  errorComponent: HomeError,
  component: Home,
});

function Home() {
  const round = Route.useLoaderData();
  return round ? <OpenRound round={round} /> : <NoOpenRound />;
}

function HomeError() {
  const router = useRouter();
  return <OpenRoundError onRetry={() => void router.invalidate()} />;
}
