// Every lane of the outbox, in the order a flush sends them: the app's runner
// (lib/outbox-runner.ts) and the service worker's background sync (service-worker/outbox-sync.ts)
// flush the same list. A new kind of offline tap is a lane added here.
import { answersLane } from './game/answer-drafts';
import { anyLane, type AnyLane } from './outbox';
import { picksLane } from './game/pick-drafts';
import { proPicksLane } from './game/pro-pick-drafts';

export const OUTBOX_LANES: readonly AnyLane[] = [anyLane(picksLane), anyLane(answersLane), anyLane(proPicksLane)];
