// Starts the whole local Supabase platform: database, PostgREST, auth, realtime, functions,
// mail, the MercadoPago and API-Football stand-ins and scheduler behind one gateway. Used by `npm start` and by every test tier.
import type { Server } from 'node:http';
import { join } from 'node:path';
import { ANON_KEY, DEFAULT_PORTS, SERVICE_ROLE_KEY, type PlatformPorts } from './config.ts';
import { prepareDatabase, startDatabase, SUPABASE_DIR } from './database.ts';
import { startGateway } from './gateway.ts';
import { KeyRing } from './keys.ts';
import { startPostgrest } from './postgrest.ts';
import { createAuth } from './auth/index.ts';
import { loadAuthSettings } from './auth/settings.ts';
import { PROJECT_CONFIG_FILE, platformConfigFile } from './config-toml.ts';
import type { AuthRateLimits } from './auth/limits.ts';
import { prepareRealtime, startRealtime } from './realtime/index.ts';
import { planRealtimeCluster } from './realtime/cluster.ts';
import { createFunctionsHost } from './functions-host/index.ts';
import { startMail } from './mail/index.ts';
import { startMercadoPago } from './mercadopago/index.ts';
import { startFootball } from './football/index.ts';
import { startScheduler } from './scheduler.ts';
import type { PlatformContext } from './service.ts';
import { freePort } from './wait.ts';

export interface PlatformOptions {
  ports?: Partial<PlatformPorts>;
  /** Where the database cluster lives; a fresh folder means a fresh, seeded database. */
  dataDir?: string;
  /** Seed the database when it is created (default true). */
  seed?: boolean;
  /** Public URL of the app, used in auth e-mails and redirects. */
  siteUrl?: string;
  /** Run timed jobs (reminders, Boost scoring, rank snapshots). Tests turn this off. */
  scheduler?: boolean;
  /** A test run's database, deleted afterwards: crash-unsafe speed settings (never for `npm start`). */
  throwawayTestDatabase?: boolean;
  /** Overrides of config.toml's [auth.rate_limit]. */
  authRateLimits?: Partial<AuthRateLimits>;
  /** Overrides config.toml's [auth] jwt_expiry (the test harness, at a shifted date). */
  authJwtExpiry?: number;
  /** New passwords hashed at GoTrue's test cost (supabase/local/auth/password.ts): the E2E tier only. */
  authQuickPasswordHashes?: boolean;
  /**
   * The config.toml whose [auth] settings the auth server honours (default: `SUPABASE_CONFIG`,
   * else supabase/config.toml). Supabase's own test suites run with theirs (scripts/supabase-suites.md).
   */
  configFile?: string;
  /**
   * The port a test or bench push receiver (tests/support/push-receiver.ts) listens on at
   * 127.0.0.1: the only non-push-service address the dispatcher may call. None for `npm start`.
   */
  pushReceiverPort?: number;
  /** How long the gateway waits for an upstream before answering 504 (default 30 s). */
  upstreamTimeoutMs?: number;
  /**
   * A bigger project than hosted's defaults, for the bench that opens 100,000 screens
   * (bench/live-goal.ts): Realtime's events per second (hosted's tenant max_events_per_second,
   * default 100) and the connections the gateway holds (default 8,192); and Realtime as a
   * cluster of `realtimeNodes` processes (default 1: realtime/cluster.ts). Never for `npm start`.
   */
  capacity?: { realtimeEventsPerSecond?: number; gatewayMaxConnections?: number; realtimeNodes?: number };
  log?: (part: string, message: string) => void;
}

export interface Platform {
  apiUrl: string;
  /** PostgREST itself, behind the gateway (for measuring the gateway's overhead). */
  restUrl: string;
  inboxUrl: string;
  /** The MercadoPago stand-in: REST API (what MERCADOPAGO_API_URL points at), checkout page, /__local hooks. */
  mercadopagoUrl: string;
  /** The API-Football stand-in: its v3 API (what FOOTBALL_API_URL points at) and /__local hooks. */
  footballUrl: string;
  dbUrl: string;
  ports: PlatformPorts;
  /** The legacy JWT-based API keys (work until `keys.setLegacyApiKeys(false)`). */
  anonKey: string;
  serviceRoleKey: string;
  /** The new API keys: `sb_publishable_…` (acts as anon) and `sb_secret_…` (acts as service_role). */
  publishableKey: string;
  secretKey: string;
  /** This platform's API and JWT signing keys: rotate, revoke, switch the legacy keys off (supabase/local/keys.ts). */
  keys: KeyRing;
  /** Whether this start created (and seeded) the database. */
  created: boolean;
  /** With capacity.realtimeNodes > 1: the Realtime nodes besides the gateway's, each its own process (http://127.0.0.1:<port>/realtime/v1). */
  realtimeNodes: string[];
  /** Process ids of the children, for crash and hang tests. */
  pids: { postgres: number | undefined; postgrest: number | undefined; functions: number | undefined };
  stop(): Promise<void>;
}

export async function startPlatform(opts: PlatformOptions = {}): Promise<Platform> {
  const ports: PlatformPorts = { ...DEFAULT_PORTS, ...opts.ports };
  // A caller that picks its own ports (the tests) and names none for the football stand-in gets a free one.
  if (opts.ports && opts.ports.football === undefined) ports.football = await freePort();
  const log = opts.log ?? (() => {});
  const stops: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch((e) => log('platform', `stop failed: ${e}`));
    stops.length = 0;
  };
  try {
    const db = await startDatabase({
      port: ports.db,
      dataDir: opts.dataDir ?? join(SUPABASE_DIR, '..', '.local', 'db'),
      throwawayTestDatabase: opts.throwawayTestDatabase,
      log: (m) => log('db', m),
    });
    stops.push(() => db.stop());
    await prepareDatabase(db.url, { seed: db.created && opts.seed !== false, log: (m) => log('db', m) });
    await prepareRealtime(db.url);

    const keys = KeyRing.create();
    if (opts.authJwtExpiry) keys.apiKeyJwtTtl = Math.max(keys.apiKeyJwtTtl, opts.authJwtExpiry);
    const postgrest = await startPostgrest({
      dbUrl: db.authenticatorUrl,
      port: await freePort(),
      adminPort: await freePort(),
      jwtKeys: () => keys.postgrestJwks(),
      log: (m) => log('rest', m),
    });
    stops.push(() => postgrest.stop());
    keys.onChange(() => postgrest.reloadJwtKeys());

    const mail = await startMail({ smtpPort: ports.smtp, inboxPort: ports.inbox, log: (m) => log('mail', m) });
    stops.push(() => mail.close());

    const mercadopago = await startMercadoPago({ port: ports.mercadopago, log: (m) => log('mercadopago', m) });
    stops.push(() => mercadopago.close());

    const football = await startFootball({ port: ports.football, log: (m) => log('football', m) });
    stops.push(() => football.close());

    const apiUrl = `http://127.0.0.1:${ports.api}`;
    const configFile = opts.configFile ?? platformConfigFile();
    // The product's site_url is this platform's app, wherever its port moved; another project's
    // file is taken as written (GoTrue's fallback redirect).
    const configSiteUrl = configFile === PROJECT_CONFIG_FILE ? undefined : loadAuthSettings(configFile).siteUrl;
    const ctx: PlatformContext = {
      dbUrl: db.url,
      apiUrl,
      siteUrl: opts.siteUrl ?? configSiteUrl ?? `http://localhost:${ports.app}`,
      smtp: { host: '127.0.0.1', port: ports.smtp },
      mercadopagoUrl: mercadopago.url,
      footballUrl: football.url,
      pushEndpointHosts: opts.pushReceiverPort ? `127.0.0.1:${opts.pushReceiverPort}` : undefined,
      realtimeEventsPerSecond: opts.capacity?.realtimeEventsPerSecond,
      keys,
      log,
    };
    const auth = createAuth(ctx, { rateLimits: opts.authRateLimits, configFile, jwtExpiry: opts.authJwtExpiry, quickPasswordHashes: opts.authQuickPasswordHashes });
    stops.push(() => auth.close());
    const cluster =
      (opts.capacity?.realtimeNodes ?? 1) > 1
        ? await planRealtimeCluster({
            dbUrl: db.url,
            apiUrl,
            count: opts.capacity!.realtimeNodes!,
            eventsPerSecond: opts.capacity?.realtimeEventsPerSecond,
            maxConnections: opts.capacity?.gatewayMaxConnections,
            log: (m) => log('realtime', m),
          })
        : undefined;
    const realtime = await startRealtime(cluster ? { ...ctx, realtimeNode: cluster.main.node, realtimePeers: cluster.main.peers } : ctx);
    stops.push(() => realtime.close());
    if (cluster) {
      stops.push(() => cluster.stop());
      await cluster.start();
    }
    const functions = await createFunctionsHost(ctx);
    stops.push(() => functions.close());

    const gateway: Server = await startGateway(
      ports.api,
      { restUrl: postgrest.url, auth, realtime, functions, keys },
      (m) => log('gateway', m),
      { upstreamTimeoutMs: opts.upstreamTimeoutMs, maxConnections: opts.capacity?.gatewayMaxConnections },
    );
    stops.push(async () => {
      // No new connections; every open HTTP one (keep-alive, a response still streaming, a body
      // still arriving) is closed at once. Realtime's websockets left the HTTP server when they
      // upgraded and are closed by Realtime itself; until then server.close() waits for them.
      const closed = new Promise<void>((r) => gateway.close(() => r()));
      gateway.closeAllConnections();
      await realtime.close();
      await closed;
    });

    if (opts.scheduler !== false) {
      const scheduler = startScheduler(ctx);
      stops.push(() => scheduler.close());
    }

    return {
      apiUrl,
      restUrl: postgrest.url,
      inboxUrl: `http://127.0.0.1:${ports.inbox}`,
      mercadopagoUrl: mercadopago.url,
      footballUrl: football.url,
      dbUrl: db.url,
      ports,
      anonKey: ANON_KEY,
      serviceRoleKey: SERVICE_ROLE_KEY,
      publishableKey: keys.publishableKey,
      secretKey: keys.secretKey,
      keys,
      realtimeNodes: cluster?.nodes ?? [],
      created: db.created,
      pids: { postgres: db.pid, postgrest: postgrest.process.pid, functions: functions.process.pid },
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
