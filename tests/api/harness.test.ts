// The test harness itself must not hide failures: a failing test behind the platform's global
// setup (which starts embedded PostgreSQL, whose exit hook once forced exit code 0) must make
// the run exit non-zero, and must leave no database or PostgREST process behind.
import { spawnSync, execSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

function platformProcesses(): string[] {
  return execSync('ps -eo pid=,comm=').toString().split('\n').filter((l) => /\b(postgres|postgrest)$/.test(l.trim()));
}

describe('test harness', () => {
  it('exits non-zero when a test fails, and stops its platform', { timeout: 120_000 }, () => {
    const before = new Set(platformProcesses());
    const run = spawnSync(process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'tests/fixtures/vitest.failing.config.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, VITEST: undefined, VITEST_WORKER_ID: undefined, VITEST_POOL_ID: undefined },
    });
    expect(run.stdout + run.stderr).toContain('fails on purpose');
    expect(run.status).toBe(1);
    expect(platformProcesses().filter((p) => !before.has(p))).toEqual([]);
  });
});
