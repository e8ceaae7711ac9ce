// E2E against the production build and a local platform started for the run
// (tests/support/e2e-setup.ts), in Debian's Chromium on a phone-sized viewport.
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// The tests whose journeys need the service worker (offline, background sync, install, a read
// cache or an outbox the worker keeps) carry this tag: they run with it, the rest without
// (docs/decisions/testing.md, "A faster E2E tier"). A test that goes offline or waits for the
// worker to control its page is tagged; a whole spec is not, so its other tests stay cheap.
const SERVICE_WORKER = /@service-worker/;
// The specs of the Push API (a subscription, a push event, a notification's click): only the full
// browser has a push service. A push event's notification too: the headless shell showed none at
// a shifted date (goal-alerts, npm run test:calendar at 2024-02-29).
const PUSH_SPECS = ['goal-alerts', 'push-click', 'push-settings', 'push'].map((name) => `**/${name}.spec.ts`);

// Debian's headless shell (the old headless mode, what Playwright itself runs headless) costs a
// fraction of the full browser's CPU per new context (2.3 s of CPU a test against 4.6 s, measured
// over the tier on 2026-12-03), service workers included; the push specs keep the full browser.
const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const LIGHT_CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
// Chromium 150 (Debian, December 2026) gives each navigation a new document host (RenderDocument),
// and a document made while Playwright's setOffline(true) is on reads navigator.onLine === true
// and hears no 'offline' event, though its requests fail: a phone in airplane mode reads false.
// Until Playwright re-applies the emulation to new documents, RenderDocument is off. Chromium
// keeps only the last --disable-features, so Playwright's own list (chromiumSwitches.ts; its
// Linux entries) is repeated.
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
];
const ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, 'RenderDocument'].join(',')}`,
];

// Longer safety nets where a new context installs the service worker, which precaches the whole
// build first: on a machine running two suites at once its activation, and the push switch that
// waits for it, took over 20 s (install.spec.ts, push-settings.spec.ts; 2026-12-03).
const SERVICE_WORKER_SAFETY_NETS = { timeout: 120_000, expect: { timeout: 45_000 } };

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/support/e2e-setup.ts',
  // Safety nets, not bounds: every wait is for a state, and a busy machine (npm run test:loaded)
  // only makes a green test slower. A failing test waits this long before it says so.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  fullyParallel: true,
  // Three on two cores: a test waits on the platform, the network or the app's own timers for a
  // good part of its time (153 tests: 5.9 min with three, 6.5 with two, 2026-12-02; docs/testing.md).
  workers: 3,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    // Set by the global setup before the workers start.
    baseURL: process.env.BASE_URL,
    browserName: 'chromium',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    // A failed test's trace keeps its actions, network and console, and the failure its page's
    // ARIA snapshot (error-context.md); DOM snapshots at every action cost ~9 % of the tier's CPU
    // and the screencast's frames ~0.6 s a test (docs/decisions/testing.md).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
  },
  // The longest tests first (the push specs in the full browser, then the service worker's), so
  // the run ends on short ones and no worker waits alone for a long test at the end.
  projects: [
    {
      name: 'push',
      testMatch: PUSH_SPECS,
      ...SERVICE_WORKER_SAFETY_NETS,
      use: { serviceWorkers: 'allow', launchOptions: { executablePath: FULL_CHROMIUM, args: ARGS } },
    },
    {
      name: 'pwa',
      testIgnore: PUSH_SPECS,
      grep: SERVICE_WORKER,
      ...SERVICE_WORKER_SAFETY_NETS,
      use: { serviceWorkers: 'allow', launchOptions: { executablePath: LIGHT_CHROMIUM, args: ARGS } },
    },
    {
      name: 'app',
      testIgnore: PUSH_SPECS,
      grepInvert: SERVICE_WORKER,
      use: { serviceWorkers: 'block', launchOptions: { executablePath: LIGHT_CHROMIUM, args: ARGS } },
    },
  ],
});
