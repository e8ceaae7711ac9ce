// Playwright global setup: a local platform on free ports with a fresh seeded database, the
// production build pointed at it, and that build served as `npm start` serves it. Tests read
// the addresses from process.env (workers start after this and inherit it).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { serveApp } from '../../scripts/serve-app.ts';
import { PUBLISHABLE_KEY } from '../../supabase/local/config.ts';
import { TEST_HARNESS_RATE_LIMITS } from '../../supabase/local/auth/limits.ts';
import { startPlatform } from '../../supabase/local/platform.ts';
import { AUTH_JWT_EXPIRY_OVERRIDE } from './token-ttl.ts';
import { freePort } from '../../supabase/local/wait.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export default async function setup() {
  // Two folders: the database's is handed over to the postgres user by the platform.
  const dataDir = await mkdtemp(join(tmpdir(), 'quinielazo-e2e-db-'));
  const outDir = await mkdtemp(join(tmpdir(), 'quinielazo-e2e-dist-'));
  const cleanUp = () => Promise.all([dataDir, outDir].map((dir) => rm(dir, { recursive: true, force: true })));
  const appPort = await freePort();
  const appUrl = `http://127.0.0.1:${appPort}`;
  const ports = { api: await freePort(), db: await freePort(), inbox: await freePort(), smtp: await freePort(), app: appPort, mercadopago: await freePort() };
  // The one local port the dispatcher may push to: a test's stand-in for a browser's push
  // service (tests/support/push-receiver.ts) listens there (goal-alerts.spec.ts).
  const pushReceiverPort = await freePort();
  // The build needs only the API's address and the publishable key, both known before the platform
  // runs: the two start together (the platform waits on PostgreSQL, the build on the CPU).
  process.env.VITE_SUPABASE_URL = `http://127.0.0.1:${ports.api}`;
  process.env.VITE_SUPABASE_PUBLISHABLE_KEY = PUBLISHABLE_KEY;
  const [started, built] = await Promise.allSettled([
    startPlatform({
      throwawayTestDatabase: true,
      authRateLimits: TEST_HARNESS_RATE_LIMITS,
    authJwtExpiry: AUTH_JWT_EXPIRY_OVERRIDE,
      // GoTrue's own test cost for the ~150 players the journeys make (no E2E test is about bcrypt).
      authQuickPasswordHashes: true,
      dataDir,
      scheduler: false,
      pushReceiverPort,
      siteUrl: appUrl,
      ports,
      log: (part, message) => {
        if (process.env.PLATFORM_LOG) process.stderr.write(`[${part}] ${message}\n`);
      },
    }),
    build({ root: ROOT, logLevel: 'warn', build: { outDir, emptyOutDir: true } }),
  ]);
  if (started.status === 'rejected' || built.status === 'rejected') {
    if (started.status === 'fulfilled') await started.value.stop();
    await cleanUp();
    throw started.status === 'rejected' ? started.reason : (built as PromiseRejectedResult).reason;
  }
  const platform = started.value;
  // The whole tier runs as a project created today will by the end of 2026: the legacy `anon` and
  // `service_role` keys switched off (issue 42); the app, the jobs and these tests on the new keys.
  await platform.keys.setLegacyApiKeys(false);
  let app: Awaited<ReturnType<typeof serveApp>> | undefined;
  try {
    if (platform.apiUrl !== process.env.VITE_SUPABASE_URL || platform.publishableKey !== PUBLISHABLE_KEY) {
      throw new Error(`the app was built for ${process.env.VITE_SUPABASE_URL}, the platform runs at ${platform.apiUrl}`);
    }
    app = await serveApp({ port: appPort, dir: outDir, api: { url: platform.apiUrl, anonKey: platform.publishableKey } });
  } catch (error) {
    await platform.stop();
    await cleanUp();
    throw error;
  }

  process.env.BASE_URL = app.url;
  process.env.SUPABASE_API_URL = platform.apiUrl;
  process.env.SUPABASE_PUBLISHABLE_KEY = platform.publishableKey;
  process.env.SUPABASE_SECRET_KEY = platform.secretKey;
  process.env.INBOX_URL = platform.inboxUrl;
  process.env.MERCADOPAGO_URL = platform.mercadopagoUrl;
  process.env.FOOTBALL_URL = platform.footballUrl;
  process.env.PUSH_RECEIVER_PORT = String(pushReceiverPort);
  process.env.DATABASE_URL_E2E = platform.dbUrl;

  return async () => {
    await app?.close();
    await platform.stop();
    await cleanUp();
  };
}
