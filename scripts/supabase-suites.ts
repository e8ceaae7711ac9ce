// The local platform as Supabase's own test suites expect it (scripts/supabase-suites.md): the
// CLI's default ports, a fresh throwaway database without the demo seed, the auth settings of
// the suite's config.toml, and the suite's migrations applied after the product's. Runs until
// Ctrl-C. With SUITES_KEYS=new the legacy anon/service_role keys are switched off, as on a project
// created today once they are: the suites then run on the publishable and secret keys and ES256
// tokens alone.
//   [SUITES_KEYS=new] npx tsx scripts/supabase-suites.ts <config.toml> [migrations folder ...]
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { startPlatform } from '../supabase/local/platform.ts';

const [configFile, ...migrationDirs] = process.argv.slice(2);
if (!configFile) {
  console.error('usage: npx tsx scripts/supabase-suites.ts <config.toml> [migrations folder ...]');
  process.exit(2);
}
const dataDir = await mkdtemp(join(tmpdir(), 'supabase-suites-'));
const platform = await startPlatform({
  dataDir,
  configFile: resolve(configFile),
  throwawayTestDatabase: true,
  scheduler: false,
  seed: false,
  log: (part, m) => {
    if (process.env.PLATFORM_LOG) process.stderr.write(`[${part}] ${m}\n`);
  },
});
const client = new pg.Client({ connectionString: platform.dbUrl });
await client.connect();
for (const dir of migrationDirs) {
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort()) {
    // A suite's migration for a part the platform does not run (Storage) fails; the rest go on.
    await client.query(await readFile(join(dir, file), 'utf8')).then(
      () => console.log(`applied ${file}`),
      (e: Error) => console.log(`not applied ${file}: ${e.message}`),
    );
  }
}
await client.query(`notify pgrst, 'reload schema'`);
await client.end();
if (process.env.SUITES_KEYS === 'new') await platform.keys.setLegacyApiKeys(false);
console.log(`ready: ${platform.apiUrl} with ${configFile}; legacy API keys ${platform.keys.legacyApiKeysEnabled ? 'on' : 'off'}`);
const stop = async () => {
  await platform.stop();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
