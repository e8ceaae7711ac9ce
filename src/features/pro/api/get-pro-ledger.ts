// The open ledger of a round's Pro pool (public): every credited, voided or house-loss payment without who
// paid (a short tag), the pool those lines add up to, and once the round is finalized the
// payout to the best entries. Anyone can check that the pool adds up.
import { supabase } from '@/lib/supabase';

interface LedgerLine {
  at: string;
  tag: string;
  packType: string;
  amountMxn: number;
  poolMxn: number;
  /** house_loss: refunded or charged back after the round was finalized; it still counts (the house pays it). */
  outcome: 'credited' | 'voided' | 'house_loss';
}

/** A winning entry: never its payment's tag, which would name the player behind the tag. */
interface PayoutLine {
  points: number;
  shareMxn: number;
}

export interface ProLedger {
  lines: LedgerLine[];
  /** The sum of the lines' contributions (credited, and house losses of a finalized round). */
  contributedMxn: number;
  /** What the pool pays: at least the minimum (pro_pool_stats). */
  poolMxn: number;
  minimumMxn: number;
  payout: PayoutLine[];
}

export async function getProLedger(roundId: number): Promise<ProLedger> {
  const [ledger, stats, payout, minimum] = await Promise.all([
    supabase.rpc('pro_ledger', { p_quiniela: roundId }),
    supabase.rpc('pro_pool_stats', { p_quiniela: roundId }),
    supabase.rpc('pro_payout', { p_quiniela: roundId }),
    supabase.rpc('pro_pool_minimum'),
  ]);
  if (minimum.error) throw minimum.error;
  if (ledger.error) throw ledger.error;
  if (stats.error) throw stats.error;
  if (payout.error) throw payout.error;
  const lines = ledger.data.map((l) => ({
    at: l.at,
    tag: l.ledger_tag,
    packType: l.pack_type,
    amountMxn: Number(l.amount_mxn),
    poolMxn: Number(l.pool_mxn),
    outcome: l.outcome as LedgerLine['outcome'],
  }));
  return {
    lines,
    // Cents, so 0.1 + 0.2 never shows as 0.30000000000000004.
    contributedMxn: lines.reduce((sum, l) => sum + Math.round(l.poolMxn * 100), 0) / 100,
    poolMxn: Number(stats.data[0]?.pool_mxn ?? 0),
    minimumMxn: Number(minimum.data),
    payout: payout.data.map((p) => ({ points: p.points, shareMxn: Number(p.share_mxn) })),
  };
}
