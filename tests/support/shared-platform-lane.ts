// Setup file of the API tier: a file on the shared platform holds its lane (a lock directory the
// global setup names) from its first hook to its last, so two of them never run at once; the
// files of OWN_PLATFORM_FILES run without it (tests/support/api-lanes.ts).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { OWN_PLATFORM_FILES } from './api-lanes.ts';
import { alive } from './process-alive.ts';

const ROOT = join(import.meta.dirname, '..', '..');
let held: string | undefined;

async function acquire(lock: string): Promise<void> {
  for (;;) {
    try {
      await mkdir(lock);
      await writeFile(join(lock, 'pid'), String(process.pid));
      held = lock;
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // A worker that died holding it (its file crashed the process) frees it.
    const holder = Number(await readFile(join(lock, 'pid'), 'utf8').catch(() => ''));
    if (holder && holder !== process.pid && !alive(holder)) await rm(lock, { recursive: true, force: true });
    await new Promise((r) => setTimeout(r, 50));
  }
}

// Waiting for the other lane's file is not this file's time: as long as the longest file.
beforeAll(async () => {
  if (OWN_PLATFORM_FILES.includes(relative(ROOT, expect.getState().testPath ?? ''))) return;
  await acquire(inject('sharedPlatformLane'));
}, 600_000);

afterAll(async () => {
  if (held) await rm(held, { recursive: true, force: true });
  held = undefined;
});
