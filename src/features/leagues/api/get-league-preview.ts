// What the invitation page shows anyone, signed in or not (public.get_league_preview, readable
// by anon): the liga's name, its owner, how many play in it, this week's round, and whether the
// caller is in it already. Never who the members are.
import { supabase } from '@/lib/supabase';

export interface LeaguePreview {
  leagueId: string;
  name: string;
  prizeNote: string | null;
  ownerUsername: string;
  memberCount: number;
  isMember: boolean;
  roundName: string | null;
  deadline: string | null;
}

/** The liga the code names, or null when no liga has it (a mistyped or renewed code). */
export async function getLeaguePreview(code: string): Promise<LeaguePreview | null> {
  const { data, error } = await supabase.rpc('get_league_preview', { code });
  if (error) throw error;
  const row = data?.[0];
  if (!row) return null;
  return {
    leagueId: row.league_id,
    name: row.name,
    prizeNote: row.prize_note ?? null,
    ownerUsername: row.owner_username,
    memberCount: row.member_count,
    isMember: row.is_member,
    roundName: row.quiniela_name ?? null,
    deadline: row.deadline ?? null,
  };
}
