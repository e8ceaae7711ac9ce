// The complete supabase-js client, for what the app's one client (lib/supabase.ts) leaves out
// so that it stays small on first load: Edge Functions (admin) and Realtime channels. Loaded on
// first use. It signs in with the one client's session through supabase-js's `accessToken`
// option, which makes it build no auth client of its own: one session, one refresh timer.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types';
import { env } from './env';
import { supabase } from './supabase';

let client: Promise<SupabaseClient<Database>> | undefined;

async function load(): Promise<SupabaseClient<Database>> {
  const { createClient } = await import('@supabase/supabase-js');
  const full = createClient<Database>(env.supabaseUrl, env.supabaseAnonKey, {
    accessToken: async () => (await supabase.auth.getSession()).data.session?.access_token ?? null,
  });
  // With `accessToken`, supabase-js hands Realtime the token once, in the background, and no
  // longer follows it. A channel subscribed before that lands joins as a visitor and never hears
  // the player's own rows (a reload with a stored session did exactly that), so the token is set
  // before anyone can subscribe, and again on every change of session (setAuth() with no
  // argument reads it through `accessToken`, and pushes it to the channels already joined).
  await full.realtime.setAuth();
  // Deferred: the callback runs under the auth client's lock, which getSession() waits for.
  supabase.auth.onAuthStateChange(() => {
    setTimeout(() => void full.realtime.setAuth(), 0);
  });
  return full;
}

/** The full client, created once. Its requests carry the signed-in player's token, or the anon key. */
export function supabaseFull(): Promise<SupabaseClient<Database>> {
  client ??= load().catch((error: unknown) => {
    client = undefined;
    throw error;
  });
  return client;
}
