// The names of the members' clubs (clubs are public), so the members list says each club as the
// rest of the app does, not only its crest. The liga's table keeps get_monthly_leaderboard's
// columns (issue 29), which carry the club's id and crest only.
import { supabase } from '@/lib/supabase';

export async function getClubNames(clubIds: readonly number[]): Promise<Record<number, string>> {
  const ids = [...new Set(clubIds)];
  if (ids.length === 0) return {};
  const { data, error } = await supabase.from('clubs').select('id, name').in('id', ids);
  if (error) throw error;
  return Object.fromEntries(data.map((c) => [c.id, c.name]));
}
