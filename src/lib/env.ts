// The app's configuration, checked once at start-up. Only these two values differ between
// the local platform and a hosted Supabase project (docs/deploy.md). vite.config.ts fills in
// the local platform's URL and key only for the dev server and `--mode local-platform` builds;
// any other build without them fails.
// Checked by hand rather than with zod: two strings do not need a schema library, and zod's
// runtime was ~6.6 KB gzip of every first visit (docs/decisions/speed.md, "First-load budget").

const URL_PROBLEM = 'VITE_SUPABASE_URL debe ser una URL http(s), p. ej. https://tu-proyecto.supabase.co';
const KEY_MISSING = 'VITE_SUPABASE_ANON_KEY es obligatoria';
const KEY_PROBLEM = 'VITE_SUPABASE_ANON_KEY debe ser la clave anon (un JWT) del proyecto';
/** A JWT's three base64url parts. */
const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

export interface AppEnv {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

export type EnvCheck = { ok: true; env: AppEnv } | { ok: false; problems: string[] };

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

export function parseEnv(raw: Record<string, unknown>): EnvCheck {
  const url = raw.VITE_SUPABASE_URL;
  const key = raw.VITE_SUPABASE_ANON_KEY;
  const problems: string[] = [];
  if (!isHttpUrl(url)) problems.push(URL_PROBLEM);
  if (typeof key !== 'string') problems.push(KEY_MISSING);
  else if (!JWT_SHAPE.test(key)) problems.push(KEY_PROBLEM);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, env: { supabaseUrl: url as string, supabaseAnonKey: key as string } };
}

export const envCheck: EnvCheck = parseEnv(import.meta.env);

// When the check fails, main.tsx renders the configuration error screen instead of the app and
// nothing talks to Supabase; this inert value only keeps module evaluation from throwing.
export const env: AppEnv = envCheck.ok ? envCheck.env : { supabaseUrl: 'http://config-invalida.localhost', supabaseAnonKey: 'invalida' };
