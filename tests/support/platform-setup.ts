// Vitest global setup for tests/api: one local platform per run, on free ports, with a
// fresh seeded database in a temporary folder. Tests read its addresses through `inject`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { TEST_HARNESS_RATE_LIMITS } from '../../supabase/local/auth/limits.ts';
import { startPlatform } from '../../supabase/local/platform.ts';
import { AUTH_JWT_EXPIRY_OVERRIDE } from './token-ttl.ts';
import { freePort } from '../../supabase/local/wait.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    inboxUrl: string;
    /** The MercadoPago stand-in (REST API, checkout page, /__local hooks). */
    mercadopagoUrl: string;
    dbUrl: string;
    anonKey: string;
    serviceRoleKey: string;
    smtpPort: number;
    /** Where a test's push receiver listens: the one local address the dispatcher may call. */
    pushReceiverPort: number;
    /** The lock a file on this platform holds while it runs (tests/support/shared-platform-lane.ts). */
    sharedPlatformLane: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), 'quinielazo-api-'));
  const laneDir = await mkdtemp(join(tmpdir(), 'quinielazo-api-lane-'));
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
  });
  project.provide('apiUrl', platform.apiUrl);
  project.provide('inboxUrl', platform.inboxUrl);
  project.provide('mercadopagoUrl', platform.mercadopagoUrl);
  project.provide('dbUrl', platform.dbUrl);
  project.provide('anonKey', platform.anonKey);
  project.provide('serviceRoleKey', platform.serviceRoleKey);
  project.provide('smtpPort', platform.ports.smtp);
  project.provide('pushReceiverPort', pushReceiverPort);
  project.provide('sharedPlatformLane', join(laneDir, 'held'));
  return async () => {
    await platform.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(laneDir, { recursive: true, force: true });
  };
}
