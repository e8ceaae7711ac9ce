// One Pro round for its player (/pro/<round>): the round and its matches, his entries with
// their picks as saved on the server (voided entries included, marked), and his payments of
// the round that are still pending (so he sees they are on their way).
import { getRound } from '@/lib/game/open-round';
import { toSide, type MatchSide, type RoundWithMatches } from '@/lib/game/rounds';
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
    getRound(roundId),
    supabase
      .from('paid_entries')
      .select('id, label, voided_at, paid_picks(match_id, result, updated_at)')
      .eq('quiniela_id', roundId)
      .eq('user_id', userId)
      .order('id'),
    supabase.from('payments').select('id').eq('quiniela_id', roundId).eq('user_id', userId).eq('outcome', 'pending'),
  ]);
  if (entries.error) throw entries.error;
  if (payments.error) throw payments.error;
  if (!round) return null;
  return {
    round,
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
