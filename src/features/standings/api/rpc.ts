// Calls a standings function by its contract. The scoring migrations define these functions;
// until the generated types list them, the row type here is the contract itself
// (the brief's signatures), checked at runtime only by the shape we read.
import { supabase } from '@/lib/supabase';

type UntypedRpc = (fn: string, args: Record<string, unknown>) => PromiseLike<{ data: unknown; error: Error | null }>;

/** Rows of a set-returning function; throws the PostgREST error. */
export async function callRpc<Row>(fn: string, args: Record<string, unknown> = {}): Promise<Row[]> {
  const rpc = supabase.rpc.bind(supabase) as unknown as UntypedRpc;
  const { data, error } = await rpc(fn, args);
  if (error) throw error;
  return (data ?? []) as Row[];
}
