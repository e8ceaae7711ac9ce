// The admin's poll operations: list, create (inactive), open one (closing the others, so the
// players' card has one poll) or close it, and read its answers.
import { supabase } from '@/lib/supabase';

export type PollKind = 'choice' | 'open' | 'mixed';

export interface AdminPoll {
  id: number;
  question: string;
  kind: PollKind;
  options: string[];
  allowText: boolean;
  isActive: boolean;
  createdAt: string;
  votes: number;
}

export async function listPolls(): Promise<AdminPoll[]> {
  const { data, error } = await supabase
    .from('polls')
    .select('id, question, kind, options, allow_text, is_active, created_at, poll_votes(count)')
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(30);
  if (error) throw error;
  return data.map((p) => ({
    id: p.id,
    question: p.question,
    kind: p.kind as PollKind,
    options: p.options,
    allowText: p.allow_text,
    isActive: p.is_active,
    createdAt: p.created_at,
    votes: (p.poll_votes as unknown as Array<{ count: number }>)[0]?.count ?? 0,
  }));
}

export async function createPoll(poll: { question: string; kind: PollKind; options: string[]; allowText: boolean }): Promise<void> {
  const { error } = await supabase
    .from('polls')
    .insert({ question: poll.question, kind: poll.kind, options: poll.options, allow_text: poll.allowText, is_active: false });
  if (error) throw error;
}

export async function setPollActive(id: number, active: boolean): Promise<void> {
  if (active) {
    const closed = await supabase.from('polls').update({ is_active: false }).eq('is_active', true).neq('id', id);
    if (closed.error) throw closed.error;
  }
  const { error } = await supabase.from('polls').update({ is_active: active }).eq('id', id);
  if (error) throw error;
}

export interface PollAnswers {
  results: Array<{ option: string; votes: number; percent: number }>;
  texts: string[];
}

export async function getPollAnswers(id: number): Promise<PollAnswers> {
  const [results, texts] = await Promise.all([
    supabase.rpc('get_poll_results', { poll_id_input: id }),
    supabase.from('poll_votes').select('text_answer').eq('poll_id', id).not('text_answer', 'is', null).order('created_at', { ascending: false }).limit(200),
  ]);
  if (results.error) throw results.error;
  if (texts.error) throw texts.error;
  return { results: results.data, texts: texts.data.map((t) => t.text_answer ?? '') };
}
