// The one Supabase client of the app. Everything that talks to the backend goes through it.
// It is supabase-js's own auth and PostgREST clients put together exactly as supabase-js's
// `SupabaseClient` constructor puts them together (same options, storage key, headers and
// token-carrying fetch), without the Realtime and Storage clients that constructor also builds
// and nothing on a player's first paint uses: ~23 KB gzip of every first visit
// (docs/decisions/speed.md, "First-load budget"). Realtime and Functions come from `supabaseFull()`
// (lib/supabase-full.ts), loaded when first needed and signed in with this client's session.
// Mirrors @supabase/supabase-js 2.109; re-check `SupabaseClient` and `lib/fetch` on upgrades.
import { AuthClient } from '@supabase/auth-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { version as supabaseJsVersion } from '@supabase/supabase-js/package.json';
import type { Database } from './database.types';
import { env } from './env';

/** What the app uses of a supabase-js client, with supabase-js's own types. */
export type AppSupabaseClient = Pick<SupabaseClient<Database>, 'auth' | 'from' | 'rpc'>;

const supabaseKey = env.supabaseAnonKey;
// supabase-js's validateSupabaseUrl: relative paths below resolve against a trailing slash.
const baseUrl = new URL(env.supabaseUrl.endsWith('/') ? env.supabaseUrl : `${env.supabaseUrl}/`);

/** supabase-js's DEFAULT_HEADERS: the same client identification the full client sends. */
const headers: Record<string, string> = { 'X-Client-Info': `supabase-js/${supabaseJsVersion}; runtime=web` };

/**
 * supabase-js's default auth options (implicit flow, session from the confirmation or recovery
 * link's URL fragment, persisted and refreshed) under its default storage key, so sessions
 * saved by earlier builds, and by the E2E helpers, are found.
 */
const auth = new AuthClient({
  url: new URL('auth/v1', baseUrl).href,
  headers: { Authorization: `Bearer ${supabaseKey}`, apikey: supabaseKey, ...headers },
  storageKey: `sb-${baseUrl.hostname.split('.')[0]}-auth-token`,
  autoRefreshToken: true,
  persistSession: true,
  detectSessionInUrl: true,
  flowType: 'implicit',
  hasCustomAuthorizationHeader: false,
});

/** The signed-in player's access token, or the anon key when nobody is signed in (supabase-js's `_getAccessToken`). */
async function accessToken(): Promise<string> {
  const { data } = await auth.getSession();
  return data.session?.access_token ?? supabaseKey;
}

/** supabase-js's `fetchWithAuth`: every data request carries the apikey and the current token as Bearer. */
const fetchWithAuth: typeof fetch = async (input, init) => {
  // postgrest-js retries a read that fails on the network 3 times (after 1, 2 and 4 s), so
  // offline every read took 7 s to fail before its screen fell back to the saved copy, and the
  // dashboard's chained reads about 20 s. It never retries an abort: when the browser knows it
  // has no network, fail at once as one.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new DOMException('Sin conexión', 'AbortError');
  const token = await accessToken();
  const requestHeaders = new Headers(init?.headers);
  if (!requestHeaders.has('apikey')) requestHeaders.set('apikey', supabaseKey);
  if (!requestHeaders.has('Authorization')) requestHeaders.set('Authorization', `Bearer ${token}`);
  return fetch(input, { ...init, headers: requestHeaders });
};

const rest = new PostgrestClient<Database>(new URL('rest/v1', baseUrl).href, {
  headers,
  schema: 'public',
  fetch: fetchWithAuth,
});

export const supabase: AppSupabaseClient = {
  auth,
  from: rest.from.bind(rest),
  rpc: rest.rpc.bind(rest),
};
