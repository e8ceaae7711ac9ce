// Vitest global setup for tests/api and tests/contract: local platforms on free ports, each with
// a fresh seeded database in a temporary folder. The API tier gets SHARED_PLATFORMS, one per lane of files
// that share a platform (tests/support/shared-platform-lane.ts); the contract tier one. A test
// reads its platform's addresses through `inject`, which the lane points at its own platform.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { TEST_HARNESS_RATE_LIMITS } from '../../supabase/local/auth/limits.ts';
import { startPlatform } from '../../supabase/local/platform.ts';
import { freePort } from '../../supabase/local/wait.ts';
import { SHARED_PLATFORMS } from './api-lanes.ts';
import { AUTH_JWT_EXPIRY_OVERRIDE } from './token-ttl.ts';

/** What a test knows of the platform it runs on. */
export interface PlatformContext {
  apiUrl: string;
  inboxUrl: string;
  /** The MercadoPago stand-in (REST API, checkout page, /__local hooks). */
  mercadopagoUrl: string;
  /** The API-Football stand-in (its v3 API and /__local match clock). */
  footballUrl: string;
  dbUrl: string;
  /** The legacy JWT-based API keys. */
  anonKey: string;
  serviceRoleKey: string;
  /** The new API keys (`sb_publishable_…`, `sb_secret_…`). */
  publishableKey: string;
  secretKey: string;
  smtpPort: number;
  /** Where a test's push receiver listens: the one local address the dispatcher may call. */
  pushReceiverPort: number;
}

declare module 'vitest' {
  export interface ProvidedContext extends PlatformContext {
    /** Every shared platform, by lane, and the lock directory each lane's file holds while it runs. */
    sharedPlatforms: Array<PlatformContext & { lane: string }>;
  }
}

export default async function setup(project: TestProject) {
  const count = project.name === 'api' ? SHARED_PLATFORMS : 1;
  const laneDir = await mkdtemp(join(tmpdir(), 'quinielazo-api-lane-'));
  const started = await Promise.allSettled(Array.from({ length: count }, () => startShared()));
  const running = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = async () => {
    await Promise.all(running.map((r) => r.stop()));
    await rm(laneDir, { recursive: true, force: true });
  };
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  const contexts = running.map((r, i) => ({ ...r.context, lane: join(laneDir, `lane-${i}`) }));
  // A file outside the lanes (it starts platforms of its own) reads the first one, if anything.
  for (const [key, value] of Object.entries(running[0]!.context)) project.provide(key as keyof PlatformContext, value as never);
  project.provide('sharedPlatforms', contexts);
  return stopAll;
}

async function startShared(): Promise<{ context: PlatformContext; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'quinielazo-api-'));
  const pushReceiverPort = await freePort();
  const platform = await startPlatform({
    throwawayTestDatabase: true,
    authRateLimits: TEST_HARNESS_RATE_LIMITS,
    authJwtExpiry: AUTH_JWT_EXPIRY_OVERRIDE,
    dataDir,
    scheduler: false,
    pushReceiverPort,
    ports: { api: await freePort(), db: await freePort(), inbox: await freePort(), smtp: await freePort(), app: await freePort(), mercadopago: await freePort() },
    log: (part, m) => {
      if (process.env.PLATFORM_LOG) process.stderr.write(`[${part}] ${m}\n`);
    },
  }).catch(async (error) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    context: {
      apiUrl: platform.apiUrl,
      inboxUrl: platform.inboxUrl,
      mercadopagoUrl: platform.mercadopagoUrl,
      footballUrl: platform.footballUrl,
      dbUrl: platform.dbUrl,
      anonKey: platform.anonKey,
      serviceRoleKey: platform.serviceRoleKey,
      publishableKey: platform.publishableKey,
      secretKey: platform.secretKey,
      smtpPort: platform.ports.smtp,
      pushReceiverPort,
    },
    stop: async () => {
      await platform.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
