// supabase/config.toml, read the way the Supabase CLI reads it (a real TOML parser), for the
// settings the local platform honours: [auth] and its sections (rate limits, passwords, the
// sign-up hook, e-mail templates). One reader, so the file has one meaning here and in the CLI.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';

type Table = Record<string, unknown>;

const isTable = (v: unknown): v is Table => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The parsed config.toml of a supabase/ folder ({} when it has none). */
export function readSupabaseConfig(supabaseDir: string): Table {
  const file = join(supabaseDir, 'config.toml');
  return existsSync(file) ? parse(readFileSync(file, 'utf8')) : {};
}

/** The table at a dotted path (`auth.rate_limit`), or {} when any part is missing. */
export function configTable(config: Table, path: string): Table {
  let at: unknown = config;
  for (const key of path.split('.')) at = isTable(at) && Object.hasOwn(at, key) ? at[key] : undefined;
  return isTable(at) ? at : {};
}
