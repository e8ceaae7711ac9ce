// An auth server of a test's own, with config.toml's real [auth.rate_limit], on the shared
// database and inbox. The shared test platform raises the per-IP limits (its players all come
// from 127.0.0.1); a test of the real limits, or of state that must survive a restart, starts
// one of these and talks to it from distinct loopback addresses (127.0.0.x) to play distinct
// clients.
import { createServer, request, type Server } from 'node:http';
import { afterAll, inject } from 'vitest';
import { createAuth } from '../../supabase/local/auth/index.ts';
import { ANON_KEY } from '../../supabase/local/config.ts';
import type { MountedService } from '../../supabase/local/service.ts';

const servers: Array<{ server: Server; auth: MountedService }> = [];
let nextHost = 2;

/** A loopback source address no other test of this file used: a fresh client for per-IP limits. */
export const freshIp = () => `127.0.0.${nextHost++}`;

afterAll(async () => {
  for (const { server, auth } of servers) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await auth.close();
  }
});

/**
 * Starts a private auth server (a restart, as far as its memory goes) and returns its base URL;
 * with `configFile`, one honouring that config.toml's [auth] settings instead of the product's.
 */
export async function privateAuth(opts: { configFile?: string; siteUrl?: string } = {}): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;
  const auth = createAuth({
    dbUrl: inject('dbUrl'),
    apiUrl: base,
    siteUrl: opts.siteUrl ?? 'http://localhost:5173',
    smtp: { host: '127.0.0.1', port: inject('smtpPort') },
    log: () => {},
  }, { configFile: opts.configFile });
  server.on('request', (req, res) => void auth.handle(req, res, (req.url ?? '/').replace(/^\/auth\/v1/, '') || '/'));
  servers.push({ server, auth });
  return base;
}

export interface Answer {
  status: number;
  body: Record<string, any>;
  location?: string;
  ms: number;
}

/** One auth call from a given source address (fetch cannot choose it). A string body is sent as is. */
export function call(base: string, from: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL(`/auth/v1${path}`, base);
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        localAddress: from,
        headers: { apikey: ANON_KEY, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01', ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          let parsed: Record<string, any>;
          try {
            parsed = text ? JSON.parse(text) : {};
          } catch {
            parsed = { text };
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, location: res.headers.location, ms: performance.now() - t0 });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
