// Setup file of the API tier: before the test file is even imported, a file on the shared
// platforms takes a free lane (a lock directory per platform, tests/support/platform-setup.ts),
// points vitest's `inject` at that lane's platform for this file, and holds the lane until its
// last hook, so two files never share a platform at once. The files of OWN_PLATFORM_FILES run
// without a lane (tests/support/api-lanes.ts).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, expect, inject } from 'vitest';
import { OWN_PLATFORM_FILES } from './api-lanes.ts';
import type { PlatformContext } from './platform-setup.ts';
import { alive } from './process-alive.ts';

const ROOT = join(import.meta.dirname, '..', '..');
let held: string | undefined;

async function tryLock(lock: string): Promise<boolean> {
  try {
    await mkdir(lock);
    await writeFile(join(lock, 'pid'), String(process.pid));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // A worker that died holding it (its file crashed the process) frees it.
  const holder = Number(await readFile(join(lock, 'pid'), 'utf8').catch(() => ''));
  if (holder && holder !== process.pid && !alive(holder)) await rm(lock, { recursive: true, force: true });
  return false;
}

async function takeLane(): Promise<PlatformContext & { lane: string }> {
  for (;;) {
    for (const platform of inject('sharedPlatforms')) {
      if (await tryLock(platform.lane)) {
        held = platform.lane;
        return platform;
      }
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** vitest's `inject` reads the worker's provided context: this file's values become its lane's. */
function pointInjectAt(platform: PlatformContext): void {
  const worker = (globalThis as { __vitest_worker__?: { providedContext?: Record<string, unknown> } }).__vitest_worker__;
  if (!worker?.providedContext) throw new Error("vitest's worker state moved: tests/support/shared-platform-lane.ts cannot point inject at a lane");
  const { apiUrl, inboxUrl, mercadopagoUrl, footballUrl, dbUrl, anonKey, serviceRoleKey, publishableKey, secretKey, smtpPort, pushReceiverPort } = platform;
  Object.assign(worker.providedContext, { apiUrl, inboxUrl, mercadopagoUrl, footballUrl, dbUrl, anonKey, serviceRoleKey, publishableKey, secretKey, smtpPort, pushReceiverPort });
  if (inject('apiUrl') !== apiUrl) throw new Error('inject does not read the lane: tests/support/shared-platform-lane.ts');
}

if (!OWN_PLATFORM_FILES.includes(relative(ROOT, expect.getState().testPath ?? ''))) {
  pointInjectAt(await takeLane());
}

afterAll(async () => {
  if (held) await rm(held, { recursive: true, force: true });
  held = undefined;
});
