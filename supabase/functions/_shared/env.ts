// Secrets come from the environment, as on hosted Supabase (`supabase secrets set`); the local
// platform runs the functions on Deno too and passes its secrets the same way.
declare const Deno: { env: { get(name: string): string | undefined } };

export function env(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`missing secret ${name}`);
  return value;
}

export function optionalEnv(name: string): string | undefined {
  return Deno.env.get(name);
}

/**
 * The project's API key of a kind, from the JSON dictionary hosted Supabase injects
 * (`SUPABASE_PUBLISHABLE_KEYS` / `SUPABASE_SECRET_KEYS`, `{"default": "sb_…"}`; docs:
 * guides/functions/secrets). The functions use only these, never the legacy anon/service_role JWTs.
 */
export function apiKey(kind: 'publishable' | 'secret'): string {
  const name = kind === 'publishable' ? 'SUPABASE_PUBLISHABLE_KEYS' : 'SUPABASE_SECRET_KEYS';
  let keys: unknown;
  try {
    keys = JSON.parse(env(name));
  } catch {
    throw new Error(`${name} is not a JSON dictionary of keys`);
  }
  const key = keys && typeof keys === 'object' ? ((keys as Record<string, unknown>).default ?? Object.values(keys)[0]) : undefined;
  if (typeof key !== 'string' || !key) throw new Error(`${name} holds no key`);
  return key;
}
