// What other features use of the picks: a round being played (docs/match-day.md), which a liga's
// page shows with the same card, scores and provisional points as /inicio and the picks screen.
export { getLiveRounds } from './api/get-live-rounds';
export { LiveRoundCard } from './components/live-round-card';
export { FEED_PAUSED, pointsIfItEndedNow, type LiveScore } from './model/live';
