// The API tier's files run in lanes (vitest.config.ts). The files that share a platform run one
// at a time on each of SHARED_PLATFORMS platforms (tests/support/platform-setup.ts), so no file
// meets another's data, clock, settings or rate limits half-way; beside them run the files that
// start platforms of their own and never touch a shared one (`npm start`, shutdown, outages, the
// harness), which mostly wait on their processes.

/** How many platforms the API tier's shared files spread over (each file holds one for its run). */
export const SHARED_PLATFORMS = 3;

/** The files that start their own platforms, longest first (the order they are handed out). */
export const OWN_PLATFORM_FILES = [
  'tests/api/start.test.ts',
  'tests/api/attacks/shutdown.test.ts',
  'tests/api/attacks/outage.test.ts',
  'tests/api/harness.test.ts',
  'tests/api/functions-outage.test.ts',
  'tests/api/key-rotation.test.ts',
  'tests/api/legacy-keys-off.test.ts',
];
