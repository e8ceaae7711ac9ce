// A sealed round's public seal and the signed-in player's receipt (docs/sealed-rounds.md).
import { supabase } from '@/lib/supabase';
import type { SealReceipt } from '../seal';

export interface RoundSeal {
  root: string;
  sealedAt: string;
  receipt: SealReceipt | null;
}

/** Null while the round is not sealed yet. */
export async function getRoundSeal(roundId: number): Promise<RoundSeal | null> {
  const [seal, receipt] = await Promise.all([
    supabase.rpc('get_round_seal', { quiniela_id_input: roundId }),
    supabase.rpc('get_my_round_receipt', { quiniela_id_input: roundId }),
  ]);
  if (seal.error) throw seal.error;
  if (receipt.error) throw receipt.error;
  const row = seal.data[0];
  if (!row) return null;
  const mine = receipt.data[0];
  return { root: row.root, sealedAt: row.sealed_at, receipt: mine ? { salt: mine.salt, leaf: mine.leaf, proof: mine.proof, root: mine.root } : null };
}
