import { supabase } from '@/lib/supabase';

export interface AdminRound {
  id: number;
  name: string;
  week: number;
  deadline: string;
  resultsSaved: boolean;
  isLastOfMonth: boolean;
}

/** Every round, newest first (the selectors of the admin screens). */
export async function listRounds(): Promise<AdminRound[]> {
  const { data, error } = await supabase
    .from('quinielas')
    .select('id, name, week, deadline, results_saved, is_last_of_month')
    .order('created_at', { ascending: false })
    .order('id', { ascending: false });
  if (error) throw error;
  return data.map((r) => ({ id: r.id, name: r.name, week: r.week, deadline: r.deadline, resultsSaved: r.results_saved, isLastOfMonth: r.is_last_of_month }));
}
