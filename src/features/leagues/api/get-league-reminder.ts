// When this round's "Recordarles" went for a liga (public.league_reminders, members read it), so
// the owner sees it before tapping, on any phone and after a reload. Null: not sent yet.
import { supabase } from '@/lib/supabase';

export async function getLeagueReminder(leagueId: string, roundId: number): Promise<string | null> {
  const { data, error } = await supabase.from('league_reminders').select('created_at').eq('league_id', leagueId).eq('quiniela_id', roundId).maybeSingle();
  if (error) throw error;
  return data?.created_at ?? null;
}
