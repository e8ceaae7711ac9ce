// The player's ligas with his place in each this month and how many members still have to pick
// this week's round (public.get_my_leagues).
import { supabase } from '@/lib/supabase';

export interface MyLeague {
  id: string;
  name: string;
  code: string;
  prizeNote: string | null;
  isOwner: boolean;
  memberCount: number;
  /** His place in the liga this month (ties share it), or last month's final one: see rankMonth.
   * Null while he has no points in that month: no place, as the liga's table gives none (issue 44). */
  myRank: number | null;
  /**
   * "2026-11" when myRank is that month's final place (nobody in the liga has points this month
   * yet, issue 44 item 10); null when it is this month's. Copies saved before it lack it.
   */
  rankMonth?: string | null;
  /** Members without complete picks for this week's round (0 when no round is open). */
  missingCount: number;
}

export async function getMyLeagues(): Promise<MyLeague[]> {
  const { data, error } = await supabase.rpc('get_my_leagues');
  if (error) throw error;
  return data.map((row) => ({
    id: row.id,
    name: row.name,
    code: row.code,
    prizeNote: row.prize_note ?? null,
    isOwner: row.is_owner,
    memberCount: row.member_count,
    myRank: row.my_rank ?? null,
    missingCount: row.missing_count,
    rankMonth: row.rank_month ?? null,
  }));
}
