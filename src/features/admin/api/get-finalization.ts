// A round's finalization and its steps (public.round_finalizations, issue 33), read by its id.
import { supabase } from '@/lib/supabase';

export type FinalizeStep = 'results' | 'seal' | 'scores' | 'notices';

export interface Finalization {
  /** When each step committed (ISO), or null while it has not. */
  done: Record<FinalizeStep, string | null>;
  matches: number | null;
  sealed: boolean | null;
  players: number | null;
  notices: number | null;
  finished: boolean;
  failedStep: FinalizeStep | null;
  error: string | null;
}

export async function getFinalization(runId: string): Promise<Finalization | null> {
  const { data, error } = await supabase
    .from('round_finalizations')
    .select('results_saved_at, matches, seal_checked_at, sealed, scored_at, players, notices_queued_at, notices, finished_at, failed_step, error')
    .eq('id', runId)
    .maybeSingle();
  if (error) throw error;
  return (
    data && {
      done: { results: data.results_saved_at, seal: data.seal_checked_at, scores: data.scored_at, notices: data.notices_queued_at },
      matches: data.matches,
      sealed: data.sealed,
      players: data.players,
      notices: data.notices,
      finished: data.finished_at !== null,
      failedStep: data.failed_step as FinalizeStep | null,
      error: data.error,
    }
  );
}
