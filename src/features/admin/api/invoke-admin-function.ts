import { FunctionsHttpError } from '@supabase/supabase-js';
import { supabaseFull } from '@/lib/supabase-full';

/** The function answered with an error message of its own (4xx/5xx with {error}). */
export class FunctionAnswerError extends Error {}

/**
 * Calls an admin Edge Function with the admin's session (the function checks membership).
 * Throws FunctionAnswerError with the server's message, or a plain Error when it is unreachable.
 */
export async function invokeAdminFunction<T>(name: 'send-custom-email' | 'send-scores-email' | 'quinielazo-reminder' | 'finalize-round' | 'round-from-calendar', body: unknown): Promise<T> {
  const supabase = await supabaseFull();
  const { data, error } = await supabase.functions.invoke(name, { body: body as Record<string, unknown> });
  if (error instanceof FunctionsHttpError) {
    const answer = await (error.context as Response).json().catch(() => null);
    throw new FunctionAnswerError(typeof answer?.error === 'string' ? answer.error : 'No se pudo completar');
  }
  if (error) throw error;
  if (data && typeof data === 'object' && typeof (data as { error?: unknown }).error === 'string') {
    throw new FunctionAnswerError((data as { error: string }).error);
  }
  return data as T;
}
