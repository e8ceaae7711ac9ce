// `npm start`: the whole product on this machine, like `supabase start` plus the app.
// Starts the local platform (creating and seeding the database on first run), builds the
// PWA against it, serves it, prints where everything is, and stops every child on Ctrl-C.
import { join } from 'node:path';
import { build } from 'vite';
import { serveApp } from '../../scripts/serve-app.ts';
import { FOOTBALL_API_KEY_LOCAL, JWT_SECRET, MERCADOPAGO_ACCESS_TOKEN_LOCAL } from './config.ts';
import { SUPABASE_DIR } from './database.ts';
import { startPlatform, type Platform } from './platform.ts';

const ROOT = join(SUPABASE_DIR, '..');
const verbose = process.argv.includes('--verbose') || !!process.env.PLATFORM_LOG;
const started = Date.now();
const stops: Array<() => Promise<unknown>> = [];
let starting: Promise<Platform> | undefined;
let stopping = false;

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping Quinielazo…');
  for (const stop of stops.reverse()) await stop().catch((e) => console.error(e));
  // Stopped while the platform was still starting (creating and seeding the database takes
  // seconds): let it finish, or fail (it then stops what it started), and stop it, so no
  // PostgreSQL is left holding the port and the data directory. stop() twice is harmless.
  await starting?.then((platform) => platform.stop(), () => undefined);
  process.exit(code);
}
// The platform stops every part in order (gateway, PostgREST, then postgres).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(0));

async function main() {
  const dataDir = process.env.QUINIELAZO_DATA_DIR ?? join(ROOT, '.local', 'db');
  console.log('Starting the local platform (PostgreSQL, PostgREST, auth, realtime, functions, mail, MercadoPago, API-Football)…');
  starting = startPlatform({
    dataDir,
    log: (part, m) => {
      if (verbose) process.stderr.write(`[${part}] ${m.trimEnd()}\n`);
    },
  });
  const platform = await starting;
  stops.push(() => platform.stop());
  if (stopping) return;

  const publicApiUrl = `http://localhost:${platform.ports.api}`;
  console.log('Building the app…');
  process.env.VITE_SUPABASE_URL = process.env.VITE_SUPABASE_URL || publicApiUrl;
  process.env.VITE_SUPABASE_PUBLISHABLE_KEY = process.env.VITE_SUPABASE_PUBLISHABLE_KEY || platform.publishableKey;
  // QUINIELAZO_APP_DIR: the tests' own `npm start` builds elsewhere, not over the dist/ a
  // developer's running `npm start` serves.
  const appDir = process.env.QUINIELAZO_APP_DIR ?? join(ROOT, 'dist');
  await build({ root: ROOT, logLevel: verbose ? 'info' : 'warn', build: { outDir: appDir, emptyOutDir: true } });
  if (stopping) return;
  const app = await serveApp({ port: platform.ports.app, dir: appDir, api: { url: platform.apiUrl, anonKey: platform.publishableKey } });
  stops.push(() => app.close());

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`
Quinielazo is ready in ${seconds} s${platform.created ? ' (new database, seeded with demo data)' : ''}.

         App URL: http://localhost:${platform.ports.app}
         API URL: ${publicApiUrl}
          DB URL: postgresql://postgres:postgres@127.0.0.1:${platform.ports.db}/postgres
      Inbox URL: http://localhost:${platform.ports.inbox}   (SMTP 127.0.0.1:${platform.ports.smtp})
     MercadoPago: ${platform.mercadopagoUrl}   (local stand-in; access token ${MERCADOPAGO_ACCESS_TOKEN_LOCAL})
   API-Football: ${platform.footballUrl}   (local stand-in; x-apisports-key ${FOOTBALL_API_KEY_LOCAL})
 Publishable key: ${platform.publishableKey}   (the app's key)
      Secret key: ${platform.secretKey}   (servers, functions, jobs; never a browser)
        JWKS URL: ${publicApiUrl}/auth/v1/.well-known/jwks.json   (ES256 signing key ${platform.keys.currentKid})

Legacy keys (work until switched off; the product uses none of them):
      JWT secret: ${JWT_SECRET}
        anon key: ${platform.anonKey}
service_role key: ${platform.serviceRoleKey}

Demo accounts:
  admin@quinielazo.mx / Admin1234     (admin)
  See README.md for the ~20 player accounts (password Jugador123).

Ctrl-C stops everything.`);
}

main().catch(async (e) => {
  // The message says what to do; the stack is for --verbose.
  console.error(`Quinielazo could not start: ${e instanceof Error ? (verbose ? e.stack : e.message) : String(e)}`);
  await shutdown(1);
});
