// Mounts every supabase/functions/<name>/handler.ts at /functions/v1/<name>, the way hosted
// Supabase serves Edge Functions: the same Web-standard handler, the same JWT check, the same
// secrets as environment variables. Folders starting with '_' are shared code, not functions.
import { existsSync, readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { jwtVerify } from 'jose';
import { ANON_KEY, JWT_SECRET, SERVICE_ROLE_KEY } from '../config.ts';
import { SUPABASE_DIR } from '../database.ts';
import type { MountedService, PlatformContext } from '../service.ts';

type Handler = (req: Request) => Promise<Response> | Response;

export const FUNCTIONS_DIR = join(SUPABASE_DIR, 'functions');

export function functionNames(dir = FUNCTIONS_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('_') && existsSync(join(dir, d.name, 'handler.ts')))
    .map((d) => d.name)
    .sort();
}

export async function createFunctionsHost(ctx: PlatformContext): Promise<MountedService> {
  // Secrets a hosted project injects into every function.
  Object.assign(process.env, {
    SUPABASE_URL: ctx.apiUrl,
    SUPABASE_ANON_KEY: ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
    SUPABASE_DB_URL: ctx.dbUrl,
    SITE_URL: ctx.siteUrl,
    SMTP_HOST: ctx.smtp.host,
    SMTP_PORT: String(ctx.smtp.port),
  });
  const handlers = new Map<string, Handler>();
  for (const name of functionNames()) {
    const mod = await import(pathToFileURL(join(FUNCTIONS_DIR, name, 'handler.ts')).href);
    handlers.set(name, mod.default as Handler);
  }
  const secret = new TextEncoder().encode(JWT_SECRET);

  return {
    async handle(req: IncomingMessage, res: ServerResponse, path: string) {
      const url = new URL(path, ctx.apiUrl);
      const name = url.pathname.split('/')[1] ?? '';
      const handler = handlers.get(name);
      if (!handler) return send(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
      // Hosted Supabase verifies the caller's JWT before the function runs (verify_jwt = true).
      const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (!token) return send(res, 401, { code: 401, message: 'Missing authorization header' });
      try {
        await jwtVerify(token, secret);
      } catch {
        return send(res, 401, { code: 401, message: 'Invalid JWT' });
      }
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      const request = new Request(`${ctx.apiUrl}/functions/v1${url.pathname}${url.search}`, {
        method: req.method,
        headers,
        body: body ? new Uint8Array(body) : undefined,
      });
      let response: Response;
      try {
        response = await handler(request);
      } catch (e) {
        ctx.log('functions', `${name} threw: ${(e as Error).stack ?? e}`);
        return send(res, 500, { error: 'Error interno de la función.' });
      }
      const out: Record<string, string> = {};
      response.headers.forEach((v, k) => (out[k] = v));
      res.writeHead(response.status, out);
      res.end(Buffer.from(await response.arrayBuffer()));
    },
    close: async () => {},
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
