import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The app's own import alias, so unit tests import src/ modules as the app does.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One platform per run; test files share it, so keep them from fighting over CPU.
          fileParallelism: false,
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
