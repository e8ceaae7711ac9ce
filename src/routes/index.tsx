import { createFileRoute, useRouter } from '@tanstack/react-router';
import { getOpenRound } from '@/features/rounds/api/get-open-round';
import { OpenRound } from '@/features/rounds/components/open-round';
import { NoOpenRound, OpenRoundError, OpenRoundSkeleton } from '@/features/rounds/components/round-states';

export const Route = createFileRoute('/')({
  loader: () => getOpenRound(),
  pendingComponent: OpenRoundSkeleton,
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
