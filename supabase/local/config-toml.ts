// supabase/config.toml, read the way the Supabase CLI reads it (a real TOML parser), for the
// settings the local platform honours: [auth] and its sections (sign-ups, confirmations, token
// lifetime, rate limits, passwords, redirect URLs, the sign-up hook, e-mail templates) and
// [functions.*]. One reader, so the file has one meaning here and in the CLI.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse } from 'smol-toml';

type Table = Record<string, unknown>;

const isTable = (v: unknown): v is Table => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The product's own settings. */
export const PROJECT_CONFIG_FILE = resolve(import.meta.dirname, '..', 'config.toml');

/**
 * The config.toml a platform honours: `SUPABASE_CONFIG` names another one (Supabase's own test
 * projects run with confirmations off and their own password rule; scripts/supabase-suites.md),
 * otherwise the product's.
 */
export function platformConfigFile(): string {
  return process.env.SUPABASE_CONFIG ? resolve(process.env.SUPABASE_CONFIG) : PROJECT_CONFIG_FILE;
}

/** The folder paths in a config.toml are relative to (the CLI's: the one holding `supabase/`). */
export const projectRootOf = (configFile: string) => dirname(dirname(resolve(configFile)));

/** A parsed config.toml ({} when there is no such file). */
export function readSupabaseConfig(configFile: string): Table {
  return existsSync(configFile) ? parse(readFileSync(configFile, 'utf8')) : {};
}

/** The table at a dotted path (`auth.rate_limit`), or {} when any part is missing. */
export function configTable(config: Table, path: string): Table {
  let at: unknown = config;
  for (const key of path.split('.')) at = isTable(at) && Object.hasOwn(at, key) ? at[key] : undefined;
  return isTable(at) ? at : {};
}
