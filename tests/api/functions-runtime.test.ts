// The functions host runs Edge Functions on real Deno, as hosted Supabase does: fixture
// functions (tests/fixtures/functions) report what the runtime itself says it is, a handler
// that needs a Node-only power fails, `verify_jwt = false` in config.toml is honoured, and
// closing the host ends its Deno process.
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JWT_SECRET } from '../../supabase/local/config.ts';
import { createFunctionsHost, type FunctionsHost } from '../../supabase/local/functions-host/index.ts';
import { freePort } from '../../supabase/local/wait.ts';
import { alive } from '../support/process-alive.ts';
import { TOKEN_TTL } from '../support/token-ttl.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const FIXTURES = join(ROOT, 'tests', 'fixtures', 'functions');
const PUBLIC_URL = 'http://127.0.0.1:54321';

let host: FunctionsHost;
/** What the host logged (Deno's stderr among it). */
const logged: string[] = [];
let server: Server;
let base: string;

const token = () =>
  new SignJWT({ role: 'anon' }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setExpirationTime(TOKEN_TTL).sign(new TextEncoder().encode(JWT_SECRET));

beforeAll(async () => {
  host = await createFunctionsHost(
    { dbUrl: 'postgresql://unused', apiUrl: PUBLIC_URL, siteUrl: 'http://localhost:5173', smtp: { host: '127.0.0.1', port: 1 }, log: (_scope: string, message: string) => void logged.push(message) },
    { dir: FIXTURES, configFile: join(FIXTURES, 'config.toml') },
  );
  server = createServer((req, res) => void host.handle(req, res, (req.url ?? '/').replace(/^\/functions\/v1/, '')));
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  base = `http://127.0.0.1:${port}/functions/v1`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  await host?.close();
});

describe('functions host on Deno', () => {
  it('runs a function on the Deno of node_modules, which reports its own version', async () => {
    // The binary asked directly, not through the host.
    const version = /^deno (\S+)/.exec(execFileSync(join(ROOT, 'node_modules', '.bin', 'deno'), ['--version']).toString())?.[1];
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    const r = await fetch(`${base}/runtime/a/b?x=1`, { headers: { authorization: `Bearer ${await token()}` } });
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body.userAgent).toBe(`Deno/${version}`);
    expect(body.deno).toBe(version);
    // The address it was called at, the platform's secrets through Deno.env, and not the host's own token.
    expect(body.url).toBe(`${PUBLIC_URL}/functions/v1/runtime/a/b?x=1`);
    expect(body.supabaseUrl).toBe(PUBLIC_URL);
    expect(body.hostToken).toBeNull();
    expect(body.forwardedFor).toBe('127.0.0.1');
  });

  it('fails a handler that needs a Node-only power (a subprocess) with a Spanish 500', async () => {
    const r = await fetch(`${base}/node-only`, { method: 'POST', headers: { authorization: `Bearer ${await token()}` } });
    expect(r.status).toBe(500);
    expect(await r.json()).toEqual({ error: 'Error interno de la función.' });
  });

  it('keeps serving every function after one leaves an uncaught error behind', async () => {
    const auth = { authorization: `Bearer ${await token()}` };
    expect((await fetch(`${base}/stray-errors`, { headers: auth })).status).toBe(200);
    // Both strays reach Deno's error handlers (they log them): only then is surviving them shown.
    await expect.poll(() => logged.join(''), { timeout: 30_000 }).toContain('uncaught error in a function: Error: stray throw');
    await expect.poll(() => logged.join('')).toContain('unhandled rejection in a function: Error: stray rejection');
    expect(host.process.exitCode).toBeNull();
    expect((await fetch(`${base}/runtime`, { headers: auth })).status).toBe(200);
  });

  it('checks the JWT unless config.toml says verify_jwt = false', async () => {
    expect((await fetch(`${base}/runtime`)).status).toBe(401);
    const open = await fetch(`${base}/open`);
    expect(open.status).toBe(200);
    expect(await open.json()).toEqual({ ok: true });
  });

  it('starts Deno again on the next request after a function ended it', async () => {
    const auth = { authorization: `Bearer ${await token()}` };
    const before = host.process.pid;
    expect((await fetch(`${base}/exits`, { headers: auth })).status).toBe(502);
    // The host learns of the exit from the process's exit event, a moment after the hang-up.
    await expect.poll(async () => (await fetch(`${base}/runtime`, { headers: auth })).status, { timeout: 30_000 }).toBe(200);
    expect(host.process.pid).not.toBe(before);
    expect(alive(before!)).toBe(false);
  });

  it('ends its Deno process when closed', async () => {
    const other = await createFunctionsHost(
      { dbUrl: 'postgresql://unused', apiUrl: PUBLIC_URL, siteUrl: 'http://localhost:5173', smtp: { host: '127.0.0.1', port: 1 }, log: () => {} },
      { dir: FIXTURES, configFile: join(FIXTURES, 'config.toml') },
    );
    const pid = other.process.pid!;
    expect(execFileSync('ps', ['-o', 'comm=', '-p', String(pid)]).toString().trim()).toBe('deno');
    await other.close();
    expect(alive(pid)).toBe(false);
  });
});
