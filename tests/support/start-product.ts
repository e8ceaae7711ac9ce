// Starts `npm start` (supabase/local/cli.ts) on free ports in its own process group and polls
// its output until it is ready, failing past `readyWithin` ms. A port handed out by freePort()
// can be taken by someone else before the platform binds it (an outgoing connection of a test
// running alongside): that start is retried on fresh ports, at most three times.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../supabase/local/wait.ts';

const ROOT = join(import.meta.dirname, '..', '..');

export interface StartedProduct {
  child: ChildProcess;
  ports: Record<'API_PORT' | 'DB_PORT' | 'INBOX_PORT' | 'SMTP_PORT' | 'APP_PORT' | 'MERCADOPAGO_PORT' | 'FOOTBALL_PORT', number>;
  exited: Promise<number | null>;
  output: () => string;
  /** Its database and its built app (outside the repository's dist/): remove both when done. */
  dataDir: string;
  appDir: string;
}

type Ports = StartedProduct['ports'];

/**
 * `npm start` spawned in its own process group (like a terminal's foreground job), not waited
 * for: on the given ports and data directory, or fresh ones.
 */
export async function spawnProduct(opts: { ports?: Partial<Ports>; dataDir?: string; viaNpm?: boolean } = {}): Promise<StartedProduct> {
  // Two directories, not one inside the other: postgres (its own user) must reach its data dir.
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'quinielazo-start-')));
  const appDir = await mkdtemp(join(tmpdir(), 'quinielazo-start-app-'));
  const ports: Ports = {
    API_PORT: await freePort(), DB_PORT: await freePort(), INBOX_PORT: await freePort(), SMTP_PORT: await freePort(),
    APP_PORT: await freePort(), MERCADOPAGO_PORT: await freePort(), FOOTBALL_PORT: await freePort(), ...opts.ports,
  };
  // viaNpm: through package.json's script, as a developer runs it (npm → sh → the script).
  const [command, args] = opts.viaNpm ? ['npm', ['start']] : [process.execPath, ['--import', 'tsx', 'supabase/local/cli.ts']];
  const child = spawn(command, args, {
    cwd: ROOT,
    detached: true, // its own process group, like a terminal's foreground job
    env: { ...process.env, ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])), QUINIELAZO_DATA_DIR: dataDir, QUINIELAZO_APP_DIR: appDir, VITE_SUPABASE_URL: '', VITE_SUPABASE_PUBLISHABLE_KEY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, ports, exited, output: () => output, dataDir, appDir };
}

export async function startProduct(readyWithin: number): Promise<StartedProduct> {
  const product = await spawnProduct();
  const { child, output } = product;
  const started = Date.now();
  while (!/is ready in/.test(output())) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output()}`);
    if (Date.now() - started > readyWithin) {
      process.kill(-child.pid!, 'SIGINT'); // leave nothing running behind a failed start
      throw new Error(`npm start not ready after ${readyWithin / 1000} s:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return product;
}
