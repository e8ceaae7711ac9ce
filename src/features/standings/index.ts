// What other features use of the standings: the ranking table and its rows (the ligas show their
// members' month in the same table, with the same score detail).
export { LeaderboardTable } from './components/leaderboard-table';
export { ScoreDetailDialog } from './components/score-detail-dialog';
export { leaderboardView, displayUsername, type LeaderboardEntry } from './leaderboard-rows';
export { gameMonthOf, monthKey, monthLabel, type GameMonth } from './months';
