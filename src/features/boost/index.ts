// Boost's public entry point for the rest of the app.
export { BoostCard } from './components/boost-card';
export { loadBoostCard } from './load-card';
export { CHOICES, GAME_TYPES, isGameType, MAX_GOALS, normalizeAnswer, type GameType } from './model/answers';
