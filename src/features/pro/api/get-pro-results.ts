// The Pro results of a round (/pro/<round>/resultados): every live entry the player may see
// (his own before the deadline, everyone's after; the database decides) with picks and points,
// best first then by name (pro_results_snapshot), and the rounds the selector offers: the
// latest 8 with saved results, plus the round asked for when it is not one of them.
import { ROUND_WITH_MATCHES_SELECT, toRoundWithMatches, toSide, type MatchSide, type RoundSummary, type RoundWithMatches } from '@/lib/rounds';
import { supabase } from '@/lib/supabase';

interface ProResultRow {
  entryId: number;
  userId: string;
  username: string;
  label: string;
  points: number;
  picks: Record<number, MatchSide>;
}

export interface ProResults {
  round: RoundWithMatches;
  rows: ProResultRow[];
  rounds: RoundSummary[];
}

/** Latest saved rounds the selector lists (spec §9). */
const PRO_RESULT_ROUNDS = 8;

export async function getProResults(roundId: number): Promise<ProResults | null> {
  const [round, rows, rounds] = await Promise.all([
    supabase.from('quinielas').select(ROUND_WITH_MATCHES_SELECT).eq('id', roundId).order('match_order', { referencedTable: 'matches' }).maybeSingle(),
    supabase.rpc('pro_results_snapshot', { p_quiniela: roundId }),
    supabase.from('quinielas').select('id, name, week, deadline, results_saved, is_last_of_month').eq('results_saved', true).order('deadline', { ascending: false }).limit(PRO_RESULT_ROUNDS),
  ]);
  if (round.error) throw round.error;
  if (rows.error) throw rows.error;
  if (rounds.error) throw rounds.error;
  if (!round.data) return null;
  const detail = toRoundWithMatches(round.data);
  const listed = rounds.data.map((r) => ({ id: r.id, name: r.name, week: r.week, deadline: r.deadline, resultsSaved: r.results_saved, isLastOfMonth: r.is_last_of_month }));
  return {
    round: detail,
    rows: rows.data.map((r) => ({
      entryId: r.entry_id,
      userId: r.user_id,
      username: r.username,
      label: r.label,
      points: r.points,
      picks: Object.fromEntries(
        (r.picks as { match_id: number; result: string }[]).flatMap((p) => {
          const side = toSide(p.result);
          return side ? [[p.match_id, side]] : [];
        }),
      ),
    })),
    rounds: listed.some((r) => r.id === detail.id) ? listed : [detail, ...listed],
  };
}
