// When the database is down, an admin function says so (503, in Spanish) instead of telling an
// admin he is not one: the failed is_admin check is an outage, not a verdict (issue 13).
// A platform of its own, whose postgres this test stops.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type Platform } from '../../supabase/local/platform.ts';
import { freePort } from '../../supabase/local/wait.ts';
import { JWT_EXPIRY } from '../support/token-ttl.ts';

let platform: Platform;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'quinielazo-outage-'));
  platform = await startPlatform({
    dataDir,
    seed: false,
    scheduler: false,
    ports: { api: await freePort(), db: await freePort(), inbox: await freePort(), smtp: await freePort(), app: await freePort(), mercadopago: await freePort() },
  });
}, 120_000);

afterAll(async () => {
  await platform?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function call(name: string, token: string) {
  const r = await fetch(`${platform.apiUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, apikey: platform.publishableKey, 'content-type': 'application/json' },
    body: JSON.stringify({ quinielaId: 1, subject: 'Hola', htmlBody: '<p>Hola</p>', recipients: [{ email: 'nadie@example.com' }] }),
  });
  return { status: r.status, body: await r.json() };
}

describe('admin functions while the database is down', () => {
  it('answer 503 with a Spanish message, not 403', { timeout: 60_000 }, async () => {
    // Signed as Auth signs (ES256, the platform's key): the functions verify it without the database.
    const iat = Math.floor(Date.now() / 1000);
    const token = await platform.keys.sign({ role: 'authenticated', aud: 'authenticated', email: 'alguien@example.com', sub: randomUUID(), iat, exp: iat + JWT_EXPIRY });
    // With the database up, the same caller is simply not an admin.
    expect(await call('send-custom-email', token)).toEqual({ status: 403, body: { error: 'Acceso restringido a administradores.' } });

    const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(postmaster, 'SIGINT'); // fast shutdown
    const down = { status: 503, body: { error: 'No pudimos comprobar tus permisos: la base de datos no está disponible. Intenta de nuevo en unos minutos.' } };
    await expect.poll(() => call('send-custom-email', token), { timeout: 30_000, interval: 250 }).toEqual(down);
    for (const name of ['send-scores-email', 'quinielazo-reminder']) expect(await call(name, token)).toEqual(down);
  });
});
