// Votes and whole percentages per option, once the player has voted (public.get_poll_results).
import { supabase } from '@/lib/supabase';

export interface PollResult {
  option: string;
  votes: number;
  percent: number;
}

export async function getPollResults(pollId: number): Promise<PollResult[]> {
  const { data, error } = await supabase.rpc('get_poll_results', { poll_id_input: pollId });
  if (error) throw error;
  return data;
}
