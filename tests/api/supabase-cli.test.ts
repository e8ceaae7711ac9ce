// Production applies supabase/migrations/ with the real Supabase CLI (`supabase db push`), not
// with the local platform's loader: the CLI must apply every migration to a fresh database
// prepared as hosted Supabase prepares one (bootstrap.sql), store config.toml's Vault secrets,
// then find nothing left to do.
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { freshDatabase, MIGRATIONS_DIR } from '../../scripts/schema-catalog.ts';
import { SUPABASE_DIR } from '../../supabase/local/database.ts';

const run = promisify(execFile);

it('supabase db push applies every migration once', async () => {
  const url = new URL(await freshDatabase(inject('dbUrl'), 'cli_push'));
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(await readFile(join(SUPABASE_DIR, 'local', 'bootstrap.sql'), 'utf8'));
    // The local PostgreSQL speaks no TLS; the CLI asks for it unless told not to.
    url.searchParams.set('sslmode', 'disable');
    // config.toml's [db.vault] secrets come from the deploying shell, as in production.
    const env = { ...process.env, QUINIELAZO_PROJECT_URL: 'https://ensayo.supabase.co', QUINIELAZO_SECRET_KEY: 'sb_secret_clave-de-ensayo' };
    const push = () => run('npx', ['supabase', 'db', 'push', '--db-url', url.toString(), '--include-all', '--yes'], { timeout: 60_000, env });
    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
    const first = await push();
    for (const file of files) expect(first.stdout + first.stderr).toContain(`Applying migration ${file}`);
    const { rows } = await client.query('select version from supabase_migrations.schema_migrations order by version');
    expect(rows.map((r) => r.version)).toEqual(files.map((f) => f.split('_')[0]));
    // The scheduled jobs read these (supabase/schedule-sql.ts); no step of docs/deploy.md sets them by hand.
    const secrets = await client.query('select name, decrypted_secret from vault.decrypted_secrets order by name');
    expect(secrets.rows).toEqual([
      { name: 'project_url', decrypted_secret: 'https://ensayo.supabase.co' },
      { name: 'secret_key', decrypted_secret: 'sb_secret_clave-de-ensayo' },
    ]);
    const second = await push();
    expect(second.stdout + second.stderr).toContain('Remote database is up to date.');
  } finally {
    await client.end();
  }
}, 120_000);
