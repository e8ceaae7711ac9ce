// One Pro round for its player (/pro/<round>): the round and its matches, his entries with
// their picks as saved on the server (voided entries included, marked), and his payments of
// the round that are still pending (so he sees they are on their way).
import { ROUND_WITH_MATCHES_SELECT, toRoundWithMatches, toSide, type MatchSide, type RoundWithMatches } from '@/lib/rounds';
import { supabase } from '@/lib/supabase';

export interface ProEntry {
  id: number;
  label: string;
  voided: boolean;
  /** Server picks by match id, with the receipt time. */
  picks: Record<number, { result: MatchSide; updatedAt: string }>;
}

export interface ProRound {
  round: RoundWithMatches;
  entries: ProEntry[];
  pendingPayments: number;
}

/** Null when the round does not exist. */
export async function getProRound(roundId: number, userId: string): Promise<ProRound | null> {
  const [round, entries, payments] = await Promise.all([
    supabase.from('quinielas').select(ROUND_WITH_MATCHES_SELECT).eq('id', roundId).order('match_order', { referencedTable: 'matches' }).maybeSingle(),
    supabase
      .from('paid_entries')
      .select('id, label, voided_at, paid_picks(match_id, result, updated_at)')
      .eq('quiniela_id', roundId)
      .eq('user_id', userId)
      .order('id'),
    supabase.from('payments').select('id').eq('quiniela_id', roundId).eq('user_id', userId).eq('outcome', 'pending'),
  ]);
  if (round.error) throw round.error;
  if (entries.error) throw entries.error;
  if (payments.error) throw payments.error;
  if (!round.data) return null;
  return {
    round: toRoundWithMatches(round.data),
    entries: entries.data.map((e, i) => ({
      id: e.id,
      label: e.label ?? `Entrada ${i + 1}`,
      voided: e.voided_at !== null,
      picks: Object.fromEntries(
        e.paid_picks.flatMap((p) => {
          const side = toSide(p.result);
          return side ? [[p.match_id, { result: side, updatedAt: p.updated_at }]] : [];
        }),
      ),
    })),
    pendingPayments: payments.data.length,
  };
}
