// The app's configuration, checked once at start-up. Only these two values differ between
// the local platform and a hosted Supabase project (architecture.md). vite.config.ts fills
// in the local platform's URL and key when a build is made without them.
// zod/mini: the tree-shakable build, so start-up validation costs the first visit little.
import * as z from 'zod/mini';

const EnvSchema = z.object({
  VITE_SUPABASE_URL: z.url({
    protocol: /^https?$/,
    error: 'VITE_SUPABASE_URL debe ser una URL http(s), p. ej. https://tu-proyecto.supabase.co',
  }),
  VITE_SUPABASE_ANON_KEY: z
    .string({ error: 'VITE_SUPABASE_ANON_KEY es obligatoria' })
    .check(z.regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'VITE_SUPABASE_ANON_KEY debe ser la clave anon (un JWT) del proyecto')),
});

export interface AppEnv {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

export type EnvCheck = { ok: true; env: AppEnv } | { ok: false; problems: string[] };

export function parseEnv(raw: Record<string, unknown>): EnvCheck {
  const result = EnvSchema.safeParse(raw);
  if (!result.success) return { ok: false, problems: result.error.issues.map((issue) => issue.message) };
  return {
    ok: true,
    env: { supabaseUrl: result.data.VITE_SUPABASE_URL, supabaseAnonKey: result.data.VITE_SUPABASE_ANON_KEY },
  };
}

export const envCheck: EnvCheck = parseEnv(import.meta.env);

// When the check fails, main.tsx renders the configuration error screen instead of the app and
// nothing talks to Supabase; this inert value only keeps module evaluation from throwing.
export const env: AppEnv = envCheck.ok ? envCheck.env : { supabaseUrl: 'http://config-invalida.localhost', supabaseAnonKey: 'invalida' };
