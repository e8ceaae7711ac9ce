// The newest active poll and, for a signed-in player, his vote on it.
import { supabase } from '@/lib/supabase';
import type { PollKind } from '../poll-answer';

export interface ActivePoll {
  id: number;
  question: string;
  kind: PollKind;
  options: string[];
  allowText: boolean;
  myVote: { option: string | null; textAnswer: string | null } | null;
}

export async function getActivePoll(userId: string | null): Promise<ActivePoll | null> {
  const { data, error } = await supabase
    .from('polls')
    .select('id, question, kind, options, allow_text')
    .eq('is_active', true)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (error) throw error;
  if (!data) return null;
  let myVote: ActivePoll['myVote'] = null;
  if (userId) {
    const vote = await supabase.from('poll_votes').select('option, text_answer').eq('poll_id', data.id).eq('user_id', userId).maybeSingle();
    if (vote.error) throw vote.error;
    if (vote.data) myVote = { option: vote.data.option, textAnswer: vote.data.text_answer };
  }
  return { id: data.id, question: data.question, kind: data.kind as PollKind, options: data.options, allowText: data.allow_text, myVote };
}
