// Serves every supabase/functions/<name> at /functions/v1/<name> the way hosted Supabase does:
// on real Deno (one long-lived process running main.ts, which loads each function's index.ts),
// with the per-function `verify_jwt` of supabase/config.toml checked before the function runs,
// and the secrets a hosted project injects as the Deno process's environment. This Node side
// is the platform's gateway in front: JWT check, body limit, then a proxy to Deno.
// Folders starting with '_' are shared code, not functions.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { Agent, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  ANON_KEY,
  FOOTBALL_API_KEY_LOCAL,
  MERCADOPAGO_ACCESS_TOKEN_LOCAL,
  MERCADOPAGO_WEBHOOK_SECRET_LOCAL,
  SERVICE_ROLE_KEY,
  VAPID_PRIVATE_KEY,
  VAPID_PUBLIC_KEY,
  VAPID_SUBJECT,
} from '../config.ts';
import { SUPABASE_DIR } from '../database.ts';
import { defaultKeyRing } from '../keys.ts';
import type { BodyCap } from '../body-limit.ts';
import type { MountedService, PlatformContext } from '../service.ts';

const FUNCTIONS_DIR = join(SUPABASE_DIR, 'functions');
/** Request bodies above this answer 413 before any function runs (the gateway applies it). */
export const FUNCTION_BODY_CAP: BodyCap = { bytes: 64 * 1024, refusal: { error: 'La petición es demasiado grande (máximo 64 KB).' } };
const MAX_BODY_BYTES = FUNCTION_BODY_CAP.bytes;
const DRAIN_MAX = 16 * 1024 * 1024;

const MAIN = join(import.meta.dirname, 'main.ts');
const require = createRequire(import.meta.url);

/** The Deno binary of the `deno` npm package (its postinstall puts it next to package.json). */
function denoPath(): string {
  return join(dirname(require.resolve('deno/package.json')), process.platform === 'win32' ? 'deno.exe' : 'deno');
}

function functionNames(dir = FUNCTIONS_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('_') && existsSync(join(dir, d.name, 'index.ts')))
    .map((d) => d.name)
    .sort();
}

/** `[functions.<name>] verify_jwt` of a config.toml; true when absent, as the Supabase CLI defaults. */
function verifyJwtSettings(configFile: string, names: string[]): Map<string, boolean> {
  const toml = existsSync(configFile) ? readFileSync(configFile, 'utf8') : '';
  return new Map(
    names.map((name) => {
      const header = `[functions.${name}]`.replace(/[.[\]]/g, '\\$&');
      const section = new RegExp(`^${header}\\s*$([\\s\\S]*?)(?=^\\[|(?![\\s\\S]))`, 'm').exec(toml)?.[1] ?? '';
      return [name, /^\s*verify_jwt\s*=\s*(true|false)/m.exec(section)?.[1] !== 'false'];
    }),
  );
}

export interface FunctionsHostOptions {
  /** The functions folder (default supabase/functions); its deno.json, when present, is Deno's config. */
  dir?: string;
  /** The config.toml with the `[functions.<name>]` sections (default supabase/config.toml). */
  configFile?: string;
}

export interface FunctionsHost extends MountedService {
  /** The Deno process (for tests that check the process tree). */
  process: ChildProcess;
}

export async function createFunctionsHost(ctx: PlatformContext, opts: FunctionsHostOptions = {}): Promise<FunctionsHost> {
  const dir = opts.dir ?? FUNCTIONS_DIR;
  const names = functionNames(dir);
  const verifyJwt = verifyJwtSettings(opts.configFile ?? join(SUPABASE_DIR, 'config.toml'), names);
  const hostToken = randomBytes(24).toString('hex');
  let deno = await startDeno(ctx, dir, names, hostToken);
  let restarting: Promise<RunningDeno> | null = null;
  let closed = false;
  // Hosted Supabase boots a fresh worker after one dies (a function calling Deno.exit, say);
  // so does this host, on the next request.
  const running = (): Promise<RunningDeno> => {
    if (!deno.exited()) return Promise.resolve(deno);
    ctx.log('functions', 'Deno exited; starting it again');
    restarting ??= startDeno(ctx, dir, names, hostToken)
      .then((fresh) => (deno = fresh))
      .finally(() => (restarting = null));
    return restarting;
  };
  const keys = ctx.keys ?? defaultKeyRing();
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });

  return {
    get process() {
      return deno.child;
    },
    async handle(req: IncomingMessage, res: ServerResponse, path: string) {
      const name = /^\/([^/?]*)/.exec(path)?.[1] ?? '';
      if (!names.includes(name)) return send(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
      if (verifyJwt.get(name)) {
        // Hosted Supabase verifies the caller's JWT before the function runs: against the
        // project's signing keys (the JWKS, and the legacy HS256 secret until it is revoked), and
        // a token that never expires is no token.
        const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
        if (!token) return send(res, 401, { code: 401, message: 'Missing authorization header' });
        try {
          await keys.verify(token);
        } catch {
          return send(res, 401, { code: 401, message: 'Invalid JWT' });
        }
      }
      const body = await readBody(req, MAX_BODY_BYTES);
      if (!body) return send(res, 413, FUNCTION_BODY_CAP.refusal);
      if (closed) return send(res, 503, { error: 'Las funciones se están deteniendo.' });
      const target = await running().catch((e: Error) => {
        ctx.log('functions', e.message);
        return null;
      });
      if (!target) return send(res, 503, { error: 'Las funciones no están disponibles: Deno no pudo arrancar.' });
      await forward(req, res, target.port, path, body, hostToken, agent);
    },
    close: async () => {
      closed = true;
      agent.destroy();
      await restarting?.catch(() => {});
      await deno.stop();
    },
  };
}

/** The Deno process's whole environment: the secrets a hosted project injects into every function (`.env` adds the project's own, see startDeno). */
function functionEnv(ctx: PlatformContext, hostToken: string): Record<string, string> {
  const keys = ctx.keys ?? defaultKeyRing();
  const env: Record<string, string> = {
    SUPABASE_URL: ctx.apiUrl,
    // The new keys as hosted injects them (docs: guides/functions/secrets, "Default secrets"):
    // JSON dictionaries of the project's publishable and secret keys, and the JWKS.
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: keys.publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: keys.secretKey }),
    SUPABASE_JWKS: JSON.stringify(keys.jwks()),
    // Legacy keys, still injected by hosted; the product's functions no longer use them.
    SUPABASE_ANON_KEY: ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
    SUPABASE_DB_URL: ctx.dbUrl,
    SITE_URL: ctx.siteUrl,
    SMTP_HOST: ctx.smtp.host,
    SMTP_PORT: String(ctx.smtp.port),
    VAPID_PUBLIC_KEY,
    VAPID_PRIVATE_KEY,
    VAPID_SUBJECT,
    // The tests' and the bench's push receiver, its host and port only (supabase/functions/_shared/push-hosts.ts).
    ...(ctx.pushEndpointHosts ? { PUSH_ENDPOINT_HOSTS: ctx.pushEndpointHosts } : {}),
    // The local MercadoPago; production leaves MERCADOPAGO_API_URL unset and talks to MercadoPago.
    ...(ctx.mercadopagoUrl ? { MERCADOPAGO_API_URL: ctx.mercadopagoUrl } : {}),
    MERCADOPAGO_ACCESS_TOKEN: MERCADOPAGO_ACCESS_TOKEN_LOCAL,
    // The local API-Football, unless the shell that started the platform names another (the real
    // one, docs/local-football.md); production leaves FOOTBALL_API_URL unset and sets its own key.
    ...(process.env.FOOTBALL_API_URL || ctx.footballUrl ? { FOOTBALL_API_URL: process.env.FOOTBALL_API_URL || ctx.footballUrl! } : {}),
    FOOTBALL_API_KEY: process.env.FOOTBALL_API_KEY || FOOTBALL_API_KEY_LOCAL,
    MERCADOPAGO_WEBHOOK_SECRET: MERCADOPAGO_WEBHOOK_SECRET_LOCAL,
    FUNCTIONS_HOST_TOKEN: hostToken,
    DENO_NO_UPDATE_CHECK: '1',
    NO_COLOR: '1',
  };
  // Where Deno keeps its cache of transpiled modules; and libfaketime's settings, so that a test
  // run moved to another date (npm run test:calendar) moves the functions' clock with the rest.
  const passed = ['HOME', 'DENO_DIR', 'XDG_CACHE_HOME', 'PATH', 'LD_PRELOAD', 'FAKETIME'];
  for (const name of passed) if (process.env[name]) env[name] = process.env[name]!;
  return env;
}

interface RunningDeno {
  child: ChildProcess;
  port: number;
  exited(): boolean;
  stop(): Promise<void>;
}

async function startDeno(ctx: PlatformContext, dir: string, names: string[], hostToken: string): Promise<RunningDeno> {
  const config = join(dir, 'deno.json');
  const dotenv = join(dir, '.env');
  const args = [
    'run',
    '--no-prompt',
    '--no-lock',
    // npm packages come from the project's node_modules (npm install), never downloaded here.
    '--node-modules-dir=manual',
    ...(existsSync(config) ? [`--config=${config}`] : ['--no-config']),
    // The project's own secrets, as `supabase functions serve` reads them; the platform's win.
    ...(existsSync(dotenv) ? [`--env-file=${dotenv}`] : []),
    // What an Edge Function may do on hosted Supabase: the network and its secrets. No
    // subprocesses, no file writes, no FFI: a handler that needs them fails here too.
    '--allow-net',
    '--allow-env',
    `--allow-read=${dir}`,
    MAIN,
    dir,
    ...names,
  ];
  const started = Date.now();
  const child = spawn(denoPath(), args, { env: functionEnv(ctx, hostToken), stdio: ['ignore', 'pipe', 'pipe'] });
  let exited = false;
  let stderr = '';
  // If this process ends without stop() (a crash, a test runner exiting), take Deno along.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exitedPromise = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      process.off('exit', killOnExit);
      resolve();
    }),
  );
  child.stderr?.on('data', (d) => {
    if (stderr.length < 20_000) stderr += d;
    ctx.log('functions', String(d));
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`Deno functions host not ready after 30 s:\n${stderr}`));
    }, 30_000);
    const onData = (d: Buffer) => {
      out += d;
      const m = /\{"listening":(\d+)\}\n/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      ctx.log('functions', `Deno ${names.length} functions ready on port ${m[1]} in ${Date.now() - started} ms`);
      child.stdout?.off('data', onData);
      child.stdout?.on('data', (more) => ctx.log('functions', String(more)));
      resolve(Number(m[1]));
    };
    child.stdout?.on('data', onData);
    void exitedPromise.then(() => {
      clearTimeout(timer);
      reject(new Error(`Deno functions host exited during start-up:\n${stderr}`));
    });
  });
  return {
    child,
    port,
    exited: () => exited,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      await Promise.race([exitedPromise, new Promise((r) => setTimeout(r, 3000))]);
      if (!exited) child.kill('SIGKILL');
      await exitedPromise;
    },
  };
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'content-length', 'x-functions-host-token', 'x-forwarded-for']);

function forward(req: IncomingMessage, res: ServerResponse, port: number, path: string, body: Buffer, hostToken: string, agent: Agent): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = v;
  headers['content-length'] = String(body.length);
  headers['x-functions-host-token'] = hostToken;
  // The caller's address as Supabase's edge passes it; set here from the socket, never taken from the client.
  headers['x-forwarded-for'] = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  return new Promise((resolve) => {
    const upstream = httpRequest({ host: '127.0.0.1', port, method: req.method, path, headers, agent }, (up) => {
      // The gateway answered 504 while the function ran (a slow start under load): its late
      // answer is dropped, not written over the sent one (that threw and ended `npm start`).
      if (res.headersSent) {
        up.resume();
        return resolve();
      }
      const out: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(up.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) out[k] = v;
      res.writeHead(up.statusCode ?? 502, out);
      up.pipe(res);
      up.on('end', resolve);
      up.on('error', () => resolve());
    });
    upstream.on('error', (e) => {
      if (!res.headersSent) send(res, 502, { error: `Las funciones no respondieron: ${e.message}` });
      else res.end();
      resolve();
    });
    upstream.end(body);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * The whole body, or null when it exceeds `limit` bytes (declared or sent). An oversized body is
 * read to its end and dropped, so the client gets the answer instead of a broken pipe; one
 * beyond DRAIN_MAX is cut off.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > DRAIN_MAX) {
      req.destroy();
      resolve(null);
      return;
    }
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= limit) chunks.push(c);
      else if (size > DRAIN_MAX) {
        req.destroy();
        resolve(null);
      }
    });
    req.on('end', () => resolve(size > limit || declared > limit ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
