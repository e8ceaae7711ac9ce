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
  /** His place in the liga this month (ties share it). */
  myRank: number;
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
    myRank: row.my_rank,
    missingCount: row.missing_count,
  }));
}
