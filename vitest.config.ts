import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { OWN_PLATFORM_FILES, SHARED_PLATFORMS } from './tests/support/api-lanes.ts';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/** The API tier's order (tests/support/api-lanes.ts): the longest file with a platform of its
 * own first, beside the files on the shared ones; the other own-platform files last, when the
 * shared lanes are nearly done. Otherwise vitest's own order. */
class ApiLanes extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = OWN_PLATFORM_FILES.indexOf(relative(ROOT, file.moduleId));
      return index === 0 ? -1 : index > 0 ? index : 0;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  // The app's own import alias, so unit tests import src/ modules as the app does.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    sequence: { sequencer: ApiLanes },
    // expect.poll waits for a state; its default of 1 s is a bound a loaded machine misses.
    expect: { poll: { timeout: 30_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/platform-setup.ts'],
          // A safety net, not a bound (docs/testing.md): a loaded machine only makes a green test slower.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Lanes (tests/support/api-lanes.ts): the files on each shared platform one at a time,
          // and beside them the files that start platforms of their own.
          maxWorkers: SHARED_PLATFORMS + 1,
          setupFiles: ['tests/support/shared-platform-lane.ts'],
          // A group of its own when every project runs at once (vitest runs a group's files
          // with one worker count).
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          // Supabase's own contracts (GoTrue, Realtime) the local platform must keep, each test
          // naming the behaviour it pins; on a platform of their own, as the API tests.
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/platform-setup.ts'],
          // A safety net, not a bound (docs/testing.md): a loaded machine only makes a green test slower.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
