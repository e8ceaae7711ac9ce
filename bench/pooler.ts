// A transaction-mode pooler in front of the platform's PostgreSQL, as hosted Supabase offers
// Supavisor on port 6543: PgBouncer from the system (Debian: apt-get install pgbouncer), and a
// second PostgREST that reaches the database through it. For the rush's comparison only.
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { startPostgrest, type RunningPostgrest } from '../supabase/local/postgrest.ts';
import { freePort, waitFor } from '../supabase/local/wait.ts';
import net from 'node:net';

export function pgbouncerInstalled(): boolean {
  try {
    execFileSync('pgbouncer', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export interface PooledRest {
  restUrl: string;
  poolSize: number;
  stop(): Promise<void>;
}

/** `authenticatorUrl`: PostgREST's own connection string; the pooler logs in as that role. */
export async function startPooledRest(authenticatorUrl: string, poolSize = 20): Promise<PooledRest> {
  const db = new URL(authenticatorUrl);
  const dir = await mkdtemp(join(tmpdir(), 'quinielazo-pgbouncer-'));
  const port = await freePort();
  await writeFile(
    join(dir, 'pgbouncer.ini'),
    `[databases]
${db.pathname.slice(1)} = host=${db.hostname} port=${db.port} dbname=${db.pathname.slice(1)} user=${decodeURIComponent(db.username)} password=${decodeURIComponent(db.password)}
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = any
pool_mode = transaction
default_pool_size = ${poolSize}
max_client_conn = 2000
ignore_startup_parameters = extra_float_digits,options
logfile =
`,
  );
  await chmod(dir, 0o755);
  // PgBouncer refuses to run as root; -u drops to the database's own user.
  const asRoot = process.getuid?.() === 0;
  const child = spawn('pgbouncer', [...(asRoot ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')], { stdio: 'ignore' });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  await waitFor(
    () => new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => (s.end(), resolve(true)));
      s.on('error', () => resolve(false));
    }),
    10_000,
    'PgBouncer',
  );
  const pooledUrl = new URL(authenticatorUrl);
  pooledUrl.port = String(port);
  let rest: RunningPostgrest;
  try {
    rest = await startPostgrest({ dbUrl: pooledUrl.toString(), port: await freePort(), adminPort: await freePort(), pooled: true });
  } catch (e) {
    child.kill('SIGTERM');
    throw e;
  }
  return {
    restUrl: rest.url,
    poolSize,
    stop: async () => {
      await rest.stop();
      child.kill('SIGTERM');
      process.off('exit', killOnExit);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
