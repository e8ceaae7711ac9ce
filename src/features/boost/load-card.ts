// The Boost card's data: the next game, the player's answer, and the chunk that answers it, in one
// wait. The homes' route loaders read it beside the home's own reads (/dashboard, where the card
// is on screen; /inicio, whose first block says whether it is answered; docs/decisions/boost.md):
// a card that found its game after the page would move what is under it whenever the game is not
// of its skeleton's shape (boost-card.tsx).
import { cachedRead, MAX_AGE } from '@/lib/cached-read';
import { getNextGameWithAnswer, type NextGame } from './api/games';
import type { BoostPlay } from './components/boost-play';

/** `cachedAt`: when the game came from the phone's copy (offline), the time it was stored. */
export type BoostCardData = (NextGame & { cachedAt: number | null }) | 'error';

export const loadPlay = () => import('./components/boost-play');

// The answering part once its chunk is in: a card mounted after that draws it in its first render.
let loadedPlay: typeof BoostPlay | undefined;
export const playIfLoaded = () => loadedPlay;

/** Never rejects: a failed read is the card's 'error' state, not the home's. */
export async function loadBoostCard(userId: string): Promise<BoostCardData> {
  const play = loadPlay().then(
    (m) => {
      loadedPlay = m.BoostPlay;
      // Answers waiting from an earlier visit go out now (the app's outbox, src/lib/outbox-runner.ts).
      m.startOutboxRunner();
    },
    () => undefined, // the card loads the chunk itself then
  );
  const read = cachedRead('boost:next', userId, () => getNextGameWithAnswer(userId), MAX_AGE.boostGame).then(
    ({ data, cachedAt }) => ({ ...data, cachedAt }),
    () => 'error' as const,
  );
  const [data] = await Promise.all([read, play]);
  return data;
}
