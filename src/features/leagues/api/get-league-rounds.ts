// The rounds a liga's page lets a member browse (issue 44, item 11, as Kicktipp's
// "Tippübersicht"): the open round and the rounds closed before it, newest first.
import { supabase } from '@/lib/supabase';

export interface RoundOption {
  id: number;
  name: string;
  deadline: string;
}

const SHOWN = 20;

export async function getLeagueRounds(now: Date = new Date()): Promise<RoundOption[]> {
  const [open, closed] = await Promise.all([
    supabase.from('quinielas').select('id, name, deadline').gt('deadline', now.toISOString()).eq('results_saved', false).order('deadline').order('id').limit(1),
    supabase.from('quinielas').select('id, name, deadline').lte('deadline', now.toISOString()).order('deadline', { ascending: false }).order('id', { ascending: false }).limit(SHOWN),
  ]);
  if (open.error) throw open.error;
  if (closed.error) throw closed.error;
  return [...open.data, ...closed.data];
}
