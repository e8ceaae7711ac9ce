// Starts a purchase through the create-preference Edge Function and answers where to send the
// browser (MercadoPago's checkout). The buyer is the session's player: no user id is sent.
import { supabaseFull } from '@/lib/supabase-full';
import { PRO_MESSAGES } from '../model/pro-messages';

/** A refusal with the function's own Spanish reason (closed round, 18+ missing…). */
export class CheckoutRefusedError extends Error {}

export async function startCheckout(quinielaId: number, packType: string): Promise<string> {
  const supabase = await supabaseFull();
  const { data, error } = await supabase.functions.invoke<{ init_point: string | null; sandbox_init_point: string | null }>('create-preference', {
    body: { quinielaId, packType },
  });
  // Checked by name: importing the class would pull supabase-js into the page's first load.
  if (error?.name === 'FunctionsHttpError' && error.context instanceof Response) {
    const answer = await error.context.json().catch(() => null);
    const reason = typeof answer?.error === 'string' ? answer.error : null;
    throw new CheckoutRefusedError(reason && reason !== 'No checkout URL returned' ? reason : PRO_MESSAGES.paymentFailed);
  }
  if (error) throw new CheckoutRefusedError(PRO_MESSAGES.paymentFailed);
  const url = data?.init_point ?? data?.sandbox_init_point;
  if (!url) throw new CheckoutRefusedError(PRO_MESSAGES.paymentFailed);
  return url;
}
