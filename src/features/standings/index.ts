// What other features use of the standings: the ranking table and its rows (the ligas show their
// members' month in the same table, with the same score detail and month picker).
export { LeaderboardTable } from './components/leaderboard-table';
export { MonthSelect } from './components/month-select';
export { ScoreDetailDialog } from './components/score-detail-dialog';
export { leaderboardView, displayUsername, placeOf, rankChange, type LeaderboardEntry, type RankChange } from './leaderboard-rows';
export { compareMonths, gameMonthOf, leaderboardMonths, monthKey, monthPhrase, monthWord, parseMonthKey, type GameMonth } from './months';
