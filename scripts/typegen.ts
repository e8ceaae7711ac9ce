// `npm run typegen`: writes src/lib/database.types.ts from the migrations, using the same
// typegen the Supabase CLI runs (@supabase/postgres-meta over @supabase/postgrest-typegen),
// and src/lib/game/game-rules.gen.ts from the rule tables (scripts/rulesgen.ts).
// It starts a throwaway PostgreSQL with no seed, so both depend on the migrations only.
import { EventEmitter } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PostgresMeta } from '@supabase/postgres-meta';
import { getGeneratorMetadata } from '@supabase/postgres-meta/dist/lib/generators.js';
import { generateTypescript } from '@supabase/postgrest-typegen';
import { prepareDatabase, startDatabase } from '../supabase/local/database.ts';
import { freePort } from '../supabase/local/wait.ts';
import { generateRules, RULES_FILE } from './rulesgen.ts';

export const TYPES_FILE = resolve(import.meta.dirname, '..', 'src', 'lib', 'database.types.ts');

/** The TypeScript types of schema public of the database at `url`, as `supabase gen types` writes them. */
export async function generateTypes(url: string): Promise<string> {
  // postgres-meta adds an 'error' listener to its pool per query (kept until the pool ends) and
  // its generator runs a dozen at once: past Node's default of 10, a leak warning that is none.
  EventEmitter.defaultMaxListeners = Math.max(EventEmitter.defaultMaxListeners, 32);
  const pgMeta = new PostgresMeta({ connectionString: url, max: 1 });
  const { data, error } = await getGeneratorMetadata(pgMeta, { includedSchemas: ['public'] });
  if (error) throw new Error(`typegen introspection failed: ${error.message}`);
  return generateTypescript(data, { detectOneToOneRelationships: true, postgrestVersion: '12', defaultSchema: 'public' });
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'quinielazo-typegen-'));
  // Always a throwaway cluster: DATABASE_URL would point at a database with other content.
  delete process.env.DATABASE_URL;
  const database = await startDatabase({ port: await freePort(), dataDir });
  try {
    await prepareDatabase(database.url, { seed: false });
    await writeFile(TYPES_FILE, await generateTypes(database.url));
    await writeFile(RULES_FILE, await generateRules(database.url));
    console.log(`wrote ${TYPES_FILE} and ${RULES_FILE}`);
  } finally {
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main();
}
