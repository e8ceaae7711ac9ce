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
          include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts'],
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
          // The local platform held to Supabase's own contracts (GoTrue, Realtime): each test names
          // the behaviour of the real service it pins.
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
