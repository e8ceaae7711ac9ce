// The months that have rounds (get_leaderboard_months), newest first.
import type { GameMonth } from '../months';
import { callRpc } from './rpc';

export async function getLeaderboardMonths(): Promise<GameMonth[]> {
  const rows = await callRpc<{ year: number; month: number }>('get_leaderboard_months');
  return rows.map((r) => ({ year: r.year, month: r.month }));
}
