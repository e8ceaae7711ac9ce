// Sends the contact form to the team's inbox through the send-contact-email Edge Function
// (docs/decisions.md: the PWA is static files, so the function is the app's mail server).
// The full supabase-js client is loaded here, on submit, not on first visit.
import { supabaseFull } from '@/lib/supabase-full';
import type { ContactInput } from '../contact-validation';

/** Resolves when the function answered ok; throws on any failure (network, 4xx, 5xx). */
export async function sendContactMessage(input: ContactInput): Promise<void> {
  const supabase = await supabaseFull();
  const { data, error } = await supabase.functions.invoke<{ ok?: boolean }>('send-contact-email', { body: { ...input } });
  if (error) throw error;
  if (!data?.ok) throw new Error('send-contact-email did not answer ok');
}
