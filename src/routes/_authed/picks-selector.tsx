// /picks-selector: every recent round with what the player can do in it (docs/product.md#picks-selector).
import { createFileRoute } from '@tanstack/react-router';
import { RoundSkeleton } from '@/components/ui/loading-state';
import { cachedRead, MAX_AGE } from '@/lib/cached-read';
import { getPlayedRoundIds } from '@/features/picks/api/get-played-rounds';
import { RoundPickerList } from '@/features/picks/components/round-picker-list';
import { getRounds } from '@/features/rounds/api/get-rounds';
import { RoundsListError } from '@/features/picks/components/round-states';

export const Route = createFileRoute('/_authed/picks-selector')({
  staticData: { title: 'Quinielas' },
  loader: ({ context }) => {
    const userId = context.session.user.id;
    return cachedRead('rounds', userId, async () => {
      const rounds = await getRounds();
      const played = await getPlayedRoundIds(
        userId,
        rounds.map((r) => r.id),
      );
      return { rounds, played };
    }, MAX_AGE.round).then((read) => ({ ...read, now: Date.now() }));
  },
  pendingComponent: RoundSkeleton,
  errorComponent: RoundsListError,
  component: PicksSelectorPage,
});

function PicksSelectorPage() {
  const { data, now } = Route.useLoaderData();
  return <RoundPickerList rounds={data.rounds} played={data.played} now={now} />;
}
