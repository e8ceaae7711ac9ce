// Rounds newest first (spec §7: quinielas ordered by created_at descending), with what the
// lists need to say whether each is open, closed or finalized.
import { supabase } from '@/lib/supabase';

export interface RoundSummary {
  id: number;
  name: string;
  week: number;
  deadline: string;
  resultsSaved: boolean;
  isLastOfMonth: boolean;
}

/** How many rounds the lists show: the season's recent weeks. */
export const ROUND_LIST_LIMIT = 40;

export async function getRounds(): Promise<RoundSummary[]> {
  const { data, error } = await supabase
    .from('quinielas')
    .select('id, name, week, deadline, results_saved, is_last_of_month')
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(ROUND_LIST_LIMIT);
  if (error) throw error;
  return data.map((q) => ({
    id: q.id,
    name: q.name,
    week: q.week,
    deadline: q.deadline,
    resultsSaved: q.results_saved,
    isLastOfMonth: q.is_last_of_month,
  }));
}

/** Open = picks still accepted: before the deadline and results not saved (spec §4). */
export function isRoundOpen(round: { deadline: string; resultsSaved: boolean }, now: number = Date.now()): boolean {
  return !round.resultsSaved && new Date(round.deadline).getTime() > now;
}

/** Spec §2 status colour: green open, red finalized, yellow closed awaiting results. */
export type RoundStatusColour = 'green' | 'red' | 'yellow';
export function roundStatusColour(round: { deadline: string; resultsSaved: boolean }, now: number = Date.now()): RoundStatusColour {
  if (round.resultsSaved) return 'red';
  if (new Date(round.deadline).getTime() > now) return 'green';
  return 'yellow';
}
