// Playwright global setup: a local platform on free ports with a fresh seeded database, the
// production build pointed at it, and that build served as `npm start` serves it. Tests read
// the addresses from process.env (workers start after this and inherit it).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { serveApp } from '../../scripts/serve-app.ts';
import { TEST_HARNESS_RATE_LIMITS } from '../../supabase/local/auth/limits.ts';
import { startPlatform } from '../../supabase/local/platform.ts';
import { freePort } from '../../supabase/local/wait.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export default async function setup() {
  // Two folders: the database's is handed over to the postgres user by the platform.
  const dataDir = await mkdtemp(join(tmpdir(), 'quinielazo-e2e-db-'));
  const outDir = await mkdtemp(join(tmpdir(), 'quinielazo-e2e-dist-'));
  const cleanUp = () => Promise.all([dataDir, outDir].map((dir) => rm(dir, { recursive: true, force: true })));
  const appPort = await freePort();
  const appUrl = `http://127.0.0.1:${appPort}`;
  const platform = await startPlatform({
    throwawayTestDatabase: true,
    authRateLimits: TEST_HARNESS_RATE_LIMITS,
    dataDir,
    scheduler: false,
    siteUrl: appUrl,
    ports: { api: await freePort(), db: await freePort(), inbox: await freePort(), smtp: await freePort(), app: appPort, mercadopago: await freePort() },
    log: (part, message) => {
      if (process.env.PLATFORM_LOG) process.stderr.write(`[${part}] ${message}\n`);
    },
  });
  let app: Awaited<ReturnType<typeof serveApp>> | undefined;
  try {
    process.env.VITE_SUPABASE_URL = platform.apiUrl;
    process.env.VITE_SUPABASE_ANON_KEY = platform.anonKey;
    await build({ root: ROOT, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    app = await serveApp({ port: appPort, dir: outDir, api: { url: platform.apiUrl, anonKey: platform.anonKey } });
  } catch (error) {
    await platform.stop();
    await cleanUp();
    throw error;
  }

  process.env.BASE_URL = app.url;
  process.env.SUPABASE_API_URL = platform.apiUrl;
  process.env.SUPABASE_ANON_KEY = platform.anonKey;
  process.env.SUPABASE_SERVICE_ROLE_KEY = platform.serviceRoleKey;
  process.env.INBOX_URL = platform.inboxUrl;
  process.env.MERCADOPAGO_URL = platform.mercadopagoUrl;
  process.env.DATABASE_URL_E2E = platform.dbUrl;

  return async () => {
    await app?.close();
    await platform.stop();
    await cleanUp();
  };
}
