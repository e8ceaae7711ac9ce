// Secrets come from the environment: Deno.env on hosted Supabase, process.env on the local platform.
declare const Deno: { env: { get(name: string): string | undefined } } | undefined;

export function env(name: string): string {
  const value = typeof Deno !== 'undefined' ? Deno.env.get(name) : process.env[name];
  if (!value) throw new Error(`missing secret ${name}`);
  return value;
}

export function optionalEnv(name: string): string | undefined {
  return typeof Deno !== 'undefined' ? Deno.env.get(name) : process.env[name];
}
