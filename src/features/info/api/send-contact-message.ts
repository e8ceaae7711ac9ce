// Sends the contact form to the team's inbox through the send-contact-email Edge Function
// (docs/decisions/platform.md, "Edge Functions on Deno": the PWA is static files, so the function is the app's mail server).
// The full supabase-js client is loaded here, on submit, not on first visit.
import { supabaseFull } from '@/lib/supabase-full';
import type { ContactInput } from '../contact-validation';

/** The function refused the message with a reason of its own (e.g. too many messages): shown as is. */
export class ContactRefusedError extends Error {}

/** Resolves when the function answered ok; throws on any failure (network, 4xx, 5xx). */
export async function sendContactMessage(input: ContactInput): Promise<void> {
  const supabase = await supabaseFull();
  const { data, error } = await supabase.functions.invoke<{ ok?: boolean }>('send-contact-email', { body: { ...input } });
  // Checked by name: importing the class would pull supabase-js into the page's first load.
  if (error?.name === 'FunctionsHttpError' && error.context instanceof Response) {
    const answer = await error.context.json().catch(() => null);
    if (typeof answer?.error === 'string') throw new ContactRefusedError(answer.error);
  }
  if (error) throw error;
  if (!data?.ok) throw new Error('send-contact-email did not answer ok');
}
