// The test harness itself must not hide failures: a failing test behind the platform's global
// setup (which starts embedded PostgreSQL, whose exit hook once forced exit code 0) must make
// the run exit non-zero, and must leave none of the processes it started behind: postgres,
// PostgREST and the Deno functions host, tracked as that run's own descendants.
import { execSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { alive } from '../support/process-alive.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/** Every live descendant of `pid`, with its command name. */
function descendants(pid: number): Map<number, string> {
  const rows = execSync('ps -eo pid=,ppid=,comm=')
    .toString()
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/));
  const found = new Map<number, string>();
  const walk = (parent: number) => {
    for (const [child, ppid, comm] of rows) {
      if (Number(ppid) === parent && !found.has(Number(child))) {
        found.set(Number(child), comm);
        walk(Number(child));
      }
    }
  };
  walk(pid);
  return found;
}

describe('test harness', () => {
  it('exits non-zero when a test fails, and stops its platform', { timeout: 120_000 }, async () => {
    const run = spawn(process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'tests/fixtures/vitest.failing.config.ts'], {
      cwd: ROOT,
      env: { ...process.env, VITEST: undefined, VITEST_WORKER_ID: undefined, VITEST_POOL_ID: undefined },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    run.stdout.on('data', (d) => (output += d));
    run.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((r) => run.once('exit', (code) => r(code)));
    // Everything the run starts, seen while it runs.
    const seen = new Map<number, string>();
    let done = false;
    void exited.then(() => (done = true));
    while (!done) {
      for (const [pid, comm] of descendants(run.pid!)) seen.set(pid, comm);
      await new Promise((r) => setTimeout(r, 100));
    }
    const code = await exited;
    expect(output).toContain('fails on purpose');
    expect(code).toBe(1);
    const started = [...seen.values()];
    expect(started).toContain('postgres');
    expect(started).toContain('postgrest');
    expect(started).toContain('deno');
    await expect.poll(() => [...seen].filter(([pid]) => alive(pid)).map(([pid, comm]) => `${pid} ${comm}`), { timeout: 30_000 }).toEqual([]);
  });
});
