// `npm start` must leave nothing behind: Ctrl-C (SIGINT to the whole process group, as a
// terminal sends it) or a signal to the parent alone stops postgres, PostgREST and the Deno
// functions host too, also while it is still starting; a second one says why it cannot start.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnProduct, startProduct as startOnFreePorts } from '../support/start-product.ts';
import { alive } from '../support/process-alive.ts';

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

/** `npm start` once it says it is ready; `readyWithin` ms is a safety net, not a bound (tests/support/start-product.ts). */
async function startProduct(readyWithin = 240_000) {
  const product = await startOnFreePorts(readyWithin);
  dirs.push(product.dataDir, product.appDir);
  return product;
}

describe('npm start', () => {
  it('serves the app and API, and Ctrl-C leaves no postgres, PostgREST or Deno behind', { timeout: 300_000 }, async () => {
    // The product's promise: ready within 60 s (a deadline, not a time measured afterwards).
    const { child, ports, exited, output, appDir } = await startProduct();
    const tail = () => output().split('Ctrl-C stops everything.')[1] ?? output();
    expect(output()).toContain('admin@quinielazo.mx');
    const app = await fetch(`http://127.0.0.1:${ports.APP_PORT}/`);
    expect(app.status).toBe(200);
    // The home page comes prerendered: the app's root with the hero's heading already in it.
    const page = await app.text();
    expect(page).toContain('<div id="root" data-prerendered="/">');
    expect(page).toContain('Juega la quiniela de la Liga MX y gana premios cada mes');
    // Built where it was told (QUINIELAZO_APP_DIR), not over the dist/ a developer's own
    // `npm start` may be serving while the tests run.
    expect(await readFile(join(appDir, 'index.html'), 'utf8')).toContain('data-prerendered="/"');
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
    await expect.poll(() => kids.filter(alive), { timeout: 30_000 }).toEqual([]);
  });

  // One product through a developer's day, so the tier pays for one start where it paid three:
  // a second start on its database is refused, a SIGTERM to the parent alone stops it, and the
  // next start (an existing database) is stopped while PostgreSQL is still starting.
  it('a second npm start on the same database says what holds it; a SIGTERM to the parent alone stops every child; a start stopped while PostgreSQL is starting leaves no postgres behind', { timeout: 300_000 }, async () => {
    const first = await startProduct();
    const kids = descendants(first.child.pid!);
    try {
      const second = await spawnProduct({ dataDir: first.dataDir, ports: { DB_PORT: first.ports.DB_PORT } });
      dirs.push(second.appDir);
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`PostgreSQL did not start on port ${first.ports.DB_PORT}`);
      expect(second.output()).toContain('another `npm start` still running');
      expect(second.output()).not.toContain('TypeError');
      // The first one is untouched.
      expect((await fetch(`http://127.0.0.1:${first.ports.API_PORT}/rest/v1/`, { headers: { apikey: 'x' } })).status).toBe(401);

      expect(execSync(`ps -o comm= -p ${kids.join(',')}`).toString()).toMatch(/deno/);
      process.kill(first.child.pid!, 'SIGTERM');
      expect(await first.exited).toBe(0);
      await expect.poll(() => kids.filter(alive), { timeout: 30_000 }).toEqual([]);
    } finally {
      try {
        process.kill(-first.child.pid!, 'SIGINT'); // what a failure left behind (its process group)
      } catch {
        // none left
      }
    }

    // The database exists now: postgres is spawned and takes a moment to accept connections;
    // the stop lands in that moment.
    const product = await spawnProduct({ dataDir: first.dataDir });
    dirs.push(product.appDir);
    const { child, exited } = product;
    let postgres: number[] = [];
    await expect
      .poll(() => {
        postgres = descendants(child.pid!).filter((pid) => {
          try {
            return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(`-p\0${product.ports.DB_PORT}`);
          } catch {
            return false;
          }
        });
        return postgres.length;
      }, { timeout: 60_000, interval: 10 })
      .toBeGreaterThan(0);
    process.kill(child.pid!, 'SIGTERM');
    try {
      expect(await exited).toBe(0);
      await expect.poll(() => postgres.filter(alive), { timeout: 30_000 }).toEqual([]);
    } finally {
      for (const pid of postgres.filter(alive)) process.kill(pid, 'SIGINT'); // what a failure left behind
    }
  });

  it('the package script stops cleanly when its own processes are signalled in the middle of the build', { timeout: 300_000 }, async () => {
    // As `pkill -f supabase/local/cli.ts` does: the signal reaches npm's shell and the script's
    // process, not postgres. A wrapper that force-kills a child busy for more than a moment
    // (tsx's CLI does after 60 ms) would leave postgres, PostgREST and Deno running.
    const product = await spawnProduct({ viaNpm: true });
    dirs.push(product.dataDir, product.appDir);
    const { child, exited, output } = product;
    const cmdline = (pid: number) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      } catch {
        return '';
      }
    };
    let kids: number[] = [];
    try {
      await expect.poll(() => output(), { timeout: 90_000, interval: 20 }).toContain('Building the app…');
      kids = descendants(child.pid!);
      const script = kids.filter((pid) => cmdline(pid).includes('supabase/local/cli.ts'));
      // The script runs in its own process with nothing in between that could force-kill it:
      // the moment a blocking step (React's prerender, seconds) outlasts tsx's 60 ms, its CLI
      // wrapper sent SIGKILL and the children were orphaned (seen with `pkill`: 2 of 5 stops).
      expect(script.map(cmdline).filter((c) => /\btsx\/dist\/cli|\.bin\/tsx|^tsx /.test(c))).toEqual([]);
      for (const pid of script) process.kill(pid, 'SIGINT');
      await exited;
      expect(output()).toContain('Stopping Quinielazo…');
      await expect.poll(() => kids.filter(alive), { timeout: 30_000 }).toEqual([]);
    } finally {
      try {
        process.kill(-child.pid!, 'SIGINT'); // what a failure left behind (its process group)
      } catch {
        // none left
      }
    }
  });
});
