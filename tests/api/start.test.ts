// `npm start` must leave nothing behind: Ctrl-C (SIGINT to the whole process group, as a
// terminal sends it) or a signal to the parent alone stops postgres, PostgREST and the Deno
// functions host too.
import { spawn, execSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../supabase/local/wait.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

function descendants(pid: number): number[] {
  const out = execSync('ps -eo pid=,ppid=').toString().trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number));
  const found: number[] = [];
  const walk = (p: number) => {
    for (const [child, parent] of out) if (parent === p) { found.push(child); walk(child); }
  };
  walk(pid);
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Starts `npm start` and polls its output until it is ready, failing past `readyWithin` ms. */
async function startProduct(readyWithin = 90_000) {
  const dataDir = await mkdtemp(join(tmpdir(), 'quinielazo-start-'));
  dirs.push(dataDir);
  const ports = { API_PORT: await freePort(), DB_PORT: await freePort(), INBOX_PORT: await freePort(), SMTP_PORT: await freePort(), APP_PORT: await freePort(), MERCADOPAGO_PORT: await freePort() };
  const child = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/cli.ts'], {
    cwd: ROOT,
    detached: true, // its own process group, like a terminal's foreground job
    env: { ...process.env, ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])), QUINIELAZO_DATA_DIR: dataDir, VITE_SUPABASE_URL: '', VITE_SUPABASE_ANON_KEY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const started = Date.now();
  while (!/is ready in/.test(output)) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    if (Date.now() - started > readyWithin) {
      process.kill(-child.pid!, 'SIGINT'); // leave nothing running behind a failed start
      throw new Error(`npm start not ready after ${readyWithin / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, ports, exited, output: () => output };
}

describe('npm start', () => {
  it('serves the app and API, and Ctrl-C leaves no postgres, PostgREST or Deno behind', { timeout: 150_000 }, async () => {
    // The product's promise: ready within 60 s (a deadline, not a time measured afterwards).
    const { child, ports, exited, output } = await startProduct(60_000);
    const tail = () => output().split('Ctrl-C stops everything.')[1] ?? output();
    expect(output()).toContain('admin@quinielazo.mx');
    const app = await fetch(`http://127.0.0.1:${ports.APP_PORT}/`);
    expect(app.status).toBe(200);
    // The home page comes prerendered: the app's root with the hero's heading already in it.
    const page = await app.text();
    expect(page).toContain('<div id="root" data-prerendered="/">');
    expect(page).toContain('Pronostica la Liga MX y gana premios cada mes');
    const health = await fetch(`http://127.0.0.1:${ports.API_PORT}/rest/v1/`, { headers: { apikey: 'x' } });
    expect(health.status).toBe(401); // PostgREST answering (and refusing a bad key)

    const kids = descendants(child.pid!);
    const names = execSync(`ps -o comm= -p ${kids.join(',')}`).toString();
    expect(names).toMatch(/postgres/);
    expect(names).toMatch(/postgrest/);
    expect(names).toMatch(/deno/);

    process.kill(-child.pid!, 'SIGINT');
    const code = await exited;
    if (code !== 0) console.error(tail());
    expect(code).toBe(0);
    await expect.poll(() => kids.filter(alive), { timeout: 5_000 }).toEqual([]);
  });

  it('a SIGTERM to the parent alone also stops every child', { timeout: 150_000 }, async () => {
    const { child, exited } = await startProduct();
    const kids = descendants(child.pid!);
    expect(execSync(`ps -o comm= -p ${kids.join(',')}`).toString()).toMatch(/deno/);
    process.kill(child.pid!, 'SIGTERM');
    expect(await exited).toBe(0);
    await expect.poll(() => kids.filter(alive), { timeout: 5_000 }).toEqual([]);
  });
});
