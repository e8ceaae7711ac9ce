import { supabase } from '@/lib/supabase';

/** The open round's deadline for the header banner: the first round still open by deadline. */
export async function getOpenDeadline(now: Date = new Date()): Promise<string | null> {
  const { data, error } = await supabase
    .from('quinielas')
    .select('deadline')
    .gt('deadline', now.toISOString())
    .eq('results_saved', false)
    .order('deadline', { ascending: true })
    .limit(1)
    .maybeSingle();
  if (error) throw error;
  return data?.deadline ?? null;
}
