import { supabase } from '@/lib/supabase';
import type { UsernameProblem } from '@/lib/username';

/** What the database answers about a name (public.check_username). */
export type UsernameVerdict = 'ok' | 'taken' | UsernameProblem;

const VERDICTS: readonly string[] = ['ok', 'taken', 'too_short', 'too_long', 'invalid'];

/** Asks the database whether a name may be used (the caller's own current name counts as free). */
export async function checkUsername(name: string): Promise<UsernameVerdict> {
  const { data, error } = await supabase.rpc('check_username', { name });
  if (error) throw error;
  if (typeof data !== 'string' || !VERDICTS.includes(data)) throw new Error(`Respuesta inesperada de check_username: ${String(data)}`);
  return data as UsernameVerdict;
}
