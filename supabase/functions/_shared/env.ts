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
