// The app's outbox: every lane of things a player taps offline (picks, Boost answers, Pro picks), run by
// one runner per tab (src/lib/outbox-runner.ts). main.tsx starts it after the first load; the
// screens that record taps start it too (it starts once).
import { answersLane } from './features/boost/outbox';
import { picksLane } from './features/picks/outbox';
import { proPicksLane } from './features/pro/outbox';
import { startOutboxRunner } from './lib/outbox-runner';

export function startAppOutbox(): void {
  startOutboxRunner([picksLane, answersLane, proPicksLane]);
}
