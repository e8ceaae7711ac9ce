// The Pro results of a round (/pro/<round>/resultados): every live entry the player may see
// (his own before the deadline, everyone's after; the database decides) with picks and points,
// best first then by name (pro_results_snapshot), and the rounds the selector offers: the
// latest 8 with saved results, plus the round asked for when it is not one of them.
import { getRound } from '@/lib/game/open-round';
import { ROUND_SUMMARY_SELECT, toRoundSummary, toSide, type MatchSide, type RoundSummary, type RoundWithMatches } from '@/lib/game/rounds';
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
    getRound(roundId),
    supabase.rpc('pro_results_snapshot', { p_quiniela: roundId }),
    supabase.from('quinielas').select(ROUND_SUMMARY_SELECT).eq('results_saved', true).order('deadline', { ascending: false }).limit(PRO_RESULT_ROUNDS),
  ]);
  if (rows.error) throw rows.error;
  if (rounds.error) throw rounds.error;
  if (!round) return null;
  const listed = rounds.data.map(toRoundSummary);
  return {
    round,
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
    rounds: listed.some((r) => r.id === round.id) ? listed : [round, ...listed],
  };
}
