// A player's one vote on a poll: an option, a text answer or both. The database refuses a
// second vote (23505, unique poll_id + user_id) and votes on inactive polls.
import { supabase } from '@/lib/supabase';

export type VoteOutcome = { kind: 'saved' } | { kind: 'duplicate' } | { kind: 'failed' };

export async function votePoll(pollId: number, userId: string, option: string | null, textAnswer: string | null): Promise<VoteOutcome> {
  const { error } = await supabase.from('poll_votes').insert({ poll_id: pollId, user_id: userId, option, text_answer: textAnswer });
  if (!error) return { kind: 'saved' };
  if (error.code === '23505') return { kind: 'duplicate' };
  return { kind: 'failed' };
}
