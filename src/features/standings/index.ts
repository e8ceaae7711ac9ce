// What other features use of the standings: the ranking table and its rows (the ligas show their
// members' month in the same table, with the same score detail).
export { LeaderboardTable } from './components/leaderboard-table';
export { ScoreDetailDialog } from './components/score-detail-dialog';
export { MonthSelect } from './components/month-select';
export { leaderboardView, displayUsername, type LeaderboardEntry, type LeaderboardTab } from './leaderboard-rows';
export { gameMonthOf, lastMonths, monthKey, monthLabel, parseMonthKey, type GameMonth } from './months';
