// The prize amounts as the database keeps them (docs/product.md#prizes-and-ties: prizes live in data).
import { supabase } from '@/lib/supabase';

type PrizeKind = 'monthly' | 'weekly' | 'perfect';

export interface PrizeRow {
  kind: PrizeKind;
  place: number;
  amountMxn: number;
}

const KINDS: readonly PrizeKind[] = ['monthly', 'weekly', 'perfect'];

export async function getPrizeTable(): Promise<PrizeRow[]> {
  const { data, error } = await supabase.from('prizes').select('kind, place, amount_mxn').order('kind').order('place');
  if (error) throw error;
  return data.flatMap((row) => {
    const kind = KINDS.find((k) => k === row.kind);
    return kind ? [{ kind, place: row.place, amountMxn: row.amount_mxn }] : [];
  });
}
