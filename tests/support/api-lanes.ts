// The API tier's files run two at a time (vitest.config.ts) in two lanes: the files on the one
// shared platform (tests/support/platform-setup.ts) still run one after another, as before, so
// no file meets another's data, clock or settings half-way; beside them run the files that start
// platforms of their own and never touch the shared one (`npm start`, shutdown, outages, the
// harness), which are a third of the tier's time and mostly wait on their processes.

/** The files that start their own platforms, longest first (the order they are handed out). */
export const OWN_PLATFORM_FILES = [
  'tests/api/start.test.ts',
  'tests/api/attacks/shutdown.test.ts',
  'tests/api/attacks/outage.test.ts',
  'tests/api/harness.test.ts',
  'tests/api/functions-outage.test.ts',
];
