// The owner's "Recordarles" (public.remind_league_missing): one push or e-mail to each member
// still missing picks, at most once per round per liga. Answers how many were reminded.
import { supabase } from '@/lib/supabase';

export async function remindLeagueMissing(leagueId: string, roundId: number): Promise<number> {
  const { data, error } = await supabase.rpc('remind_league_missing', { league_id: leagueId, quiniela_id: roundId });
  if (error) throw error;
  return data;
}
