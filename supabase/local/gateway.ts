// One HTTP server on the API port, routing Supabase's four paths to the parts that serve them,
// with the CORS headers hosted Supabase sends.
import { Agent, createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { capBody, KONG_TOO_LARGE, type BodyCap } from './body-limit.ts';
import { FUNCTION_BODY_CAP } from './functions-host/index.ts';
import { defaultKeyRing, type KeyRing } from './keys.ts';
import { limitConnections, listenLocal } from './listen.ts';
import type { MountedService } from './service.ts';

/** Open connections the gateway keeps at most: the file descriptors' limit is often 20,000 for
 * the whole platform, and 21,000 idle connections once took them all. */
const GATEWAY_MAX_CONNECTIONS = 8_192;

/** Default wait for an upstream's answer before the gateway gives up with 504. */
const UPSTREAM_TIMEOUT_MS = 30_000;

/**
 * Request body caps per route. A round's picks are under 2 KB, so 1 MB for PostgREST is
 * generous; auth requests are an e-mail, a password and a little metadata; the functions host's
 * own 64 KB; and Realtime's broadcast API takes what hosted Realtime's Plug.Parsers takes (8 MB).
 */
const BODY_CAPS = new Map<string, BodyCap>([
  ['/rest/v1', { bytes: 1024 * 1024, refusal: KONG_TOO_LARGE }],
  ['/auth/v1', { bytes: 256 * 1024, refusal: KONG_TOO_LARGE }],
  ['/functions/v1', FUNCTION_BODY_CAP],
  ['/realtime/v1', { bytes: 8_000_000, refusal: KONG_TOO_LARGE }],
]);

/**
 * The longest request line the gateway takes: Kong's nginx reads it into one 8 KB buffer
 * (large_client_header_buffers) and answers longer ones 414. Past ~14 KB PostgREST's
 * Content-Location, the URL again, overflowed the proxy's 16 KB header limit into a 502.
 */
const MAX_REQUEST_LINE_BYTES = 8 * 1024;
const URI_TOO_LONG = 'URI too long\n';

function tooLongRequestLine(req: IncomingMessage): boolean {
  return Buffer.byteLength(`${req.method} ${req.url} HTTP/${req.httpVersion}\r\n`) > MAX_REQUEST_LINE_BYTES;
}

const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD',
  'access-control-allow-headers':
    'authorization, x-client-info, apikey, content-type, content-profile, accept-profile, prefer, range, x-upsert, x-supabase-api-version, accept, x-region',
  'access-control-expose-headers': 'content-range, content-location, x-supabase-api-version, range, x-total-count',
  'access-control-max-age': '86400',
};

export interface GatewayRoutes {
  restUrl: string; // PostgREST, proxied as is
  auth: MountedService;
  realtime: MountedService;
  functions: MountedService;
  /** The project's API and signing keys (default: the fixed local ones). */
  keys?: KeyRing;
}

export function startGateway(port: number, routes: GatewayRoutes, log: (m: string) => void, opts: { upstreamTimeoutMs?: number; maxConnections?: number } = {}): Promise<Server> {
  const rest = new URL(routes.restUrl);
  const timeoutMs = opts.upstreamTimeoutMs ?? UPSTREAM_TIMEOUT_MS;
  const keys = routes.keys ?? defaultKeyRing();
  const server = createServer(async (req, res) => {
    // A hung upstream (PostgREST, a stuck query, a function) must not hold the caller forever.
    const timer = setTimeout(() => {
      if (res.headersSent) return void res.destroy();
      res.writeHead(504, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'The upstream server is timing out' }));
    }, timeoutMs);
    res.once('close', () => clearTimeout(timer));
    res.once('finish', () => clearTimeout(timer));
    try {
      for (const [k, v] of Object.entries(CORS_HEADERS)) res.setHeader(k, v);
      if (req.method === 'OPTIONS') {
        res.writeHead(204).end();
        return;
      }
      const url = req.url ?? '/';
      if (tooLongRequestLine(req)) return void res.writeHead(414, { 'content-type': 'text/plain; charset=utf-8' }).end(URI_TOO_LONG);
      const [prefix, rest_] = splitPrefix(url);
      const cap = BODY_CAPS.get(prefix);
      const capped = cap ? await capBody(req, res, cap) : req;
      if (!capped) return;
      req = capped;
      if (prefix) {
        const refused = await checkApiKey(keys, req, prefix, rest_);
        if (refused) return void res.writeHead(refused.status, { 'content-type': 'application/json', ...refused.headers }).end(JSON.stringify(refused.body));
      }
      switch (prefix) {
        case '/rest/v1': {
          const refusal = tokenWithoutExpiry(req);
          if (refusal) return void res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify(refusal));
          return proxy(req, res, rest, rest_);
        }
        case '/auth/v1':
          return await routes.auth.handle(req, res, rest_);
        case '/realtime/v1':
          return await routes.realtime.handle(req, res, rest_);
        case '/functions/v1':
          return await routes.functions.handle(req, res, rest_);
        default:
          res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'no Route matched with those values' }));
      }
    } catch (e) {
      log(`gateway error on ${req.method} ${req.url}: ${(e as Error).stack ?? e}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'An invalid response was received from the upstream server' }));
    }
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (tooLongRequestLine(req)) return void socket.end(`HTTP/1.1 414 URI Too Long\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${URI_TOO_LONG.length}\r\nconnection: close\r\n\r\n${URI_TOO_LONG}`);
    const [prefix, rest_] = splitPrefix(req.url ?? '/');
    if (prefix !== '/realtime/v1' || !routes.realtime.upgrade) return void socket.destroy();
    void checkApiKey(keys, req, prefix, rest_).then((refused) => {
      if (!refused) return routes.realtime.upgrade!(req, socket, head, rest_);
      const body = JSON.stringify(refused.body);
      const extra = Object.entries(refused.headers ?? {}).map(([k, v]) => `${k}: ${v}\r\n`).join('');
      socket.end(`HTTP/1.1 ${refused.status} Unauthorized\r\ncontent-type: application/json\r\n${extra}content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
    }, () => socket.destroy());
  });
  // Idle, header and request timeouts (a kept-alive connection included: idle sockets must not
  // hold shutdown) and a cap on connections, as Kong has (listen.ts). The API takes the most.
  limitConnections(server, { maxConnections: opts.maxConnections ?? GATEWAY_MAX_CONNECTIONS });
  return listenLocal(server, port).then(() => server);
}

interface Refusal {
  status: number;
  body: Record<string, string>;
  headers?: Record<string, string>;
}

/** Auth routes the Supabase gateway serves without an apikey: links opened from an e-mail, OAuth, the JWKS. */
const OPEN_AUTH_ROUTES = /^\/(verify|callback|authorize|\.well-known\/jwks\.json)\/?(\?|$)/;

// Hosted's answers (the bodies and the sb-error-code header as hosted Supabase's API gateway
// sends them; pinned by tests/contract/api-keys.test.ts).
const NO_API_KEY: Refusal = {
  status: 401,
  body: { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' },
  headers: { 'sb-error-code': 'UNAUTHORIZED_MISSING_API_KEY' },
};
const INVALID_API_KEY: Refusal = {
  status: 401,
  body: { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' },
};
const SECRET_KEY_IN_BROWSER: Refusal = { status: 401, body: { message: 'Forbidden use of secret API key in browser' } };
const LEGACY_KEYS_DISABLED: Refusal = {
  status: 401,
  body: { message: 'Legacy API keys are disabled', hint: 'Your legacy API keys (anon, service_role) were disabled. Re-enable them in the Supabase dashboard, or use the new publishable and secret API keys.' },
};

/** Browsers send a User-Agent starting `Mozilla/5.0`; Node's fetch, Deno, curl and the SDKs outside one do not. */
function fromBrowser(req: IncomingMessage): boolean {
  return /^Mozilla\//.test(req.headers['user-agent'] ?? '');
}

/**
 * The API key check hosted Supabase's gateway makes before any service sees a request
 * (docs: guides/api/api-keys):
 * - `apikey` (header, or `?apikey=` as websockets send it) must be a key of the project: a
 *   publishable or secret key, or, until they are switched off, the legacy anon/service_role JWT;
 * - a secret key from a browser (matched on the User-Agent) is always 401;
 * - a publishable or secret key is not a JWT: the services get a short JWT of its role
 *   (anon / service_role) in `Authorization` instead, when none was sent or the one sent is the
 *   apikey itself; a user's session JWT there is passed on as is;
 * - a new key sent only as `Authorization: Bearer` without `apikey` is 401 UNAUTHORIZED_MISSING_API_KEY;
 * - once the legacy API keys are switched off, the anon/service_role JWTs are 401 as apikey or bearer;
 * - a request without an apikey is 401 UNAUTHORIZED_MISSING_API_KEY on /rest/v1, /auth/v1 (but its
 *   open routes) and /realtime/v1, a user's JWT in Authorization or not: the Supabase gateway puts
 *   key-auth on those routes ("Every request to your Supabase project carries an API key",
 *   guides/api/api-keys; supabase/supabase docker/volumes/api/kong.yml). /functions/v1 has no
 *   key-auth there: a function is reached without one (a webhook) and checks its caller itself.
 */
async function checkApiKey(keys: KeyRing, req: IncomingMessage, prefix: string, tail: string): Promise<Refusal | undefined> {
  if (prefix === '/auth/v1' && OPEN_AUTH_ROUTES.test(tail)) return undefined;
  const header = req.headers.apikey;
  const apikey = typeof header === 'string' ? header : (new URL(tail, 'http://gateway.local').searchParams.get('apikey') ?? undefined);
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  // Switched off, the legacy anon/service_role JWTs are refused wherever they are sent.
  if (bearer && keys.classifyApiKey(bearer).kind === 'legacy-disabled') return LEGACY_KEYS_DISABLED;
  if (!apikey) {
    if (prefix === '/functions/v1' && !bearer?.startsWith('sb_')) return undefined;
    return NO_API_KEY;
  }
  const verdict = keys.classifyApiKey(apikey);
  switch (verdict.kind) {
    case 'invalid':
      return INVALID_API_KEY;
    case 'legacy-disabled':
      return LEGACY_KEYS_DISABLED;
    case 'legacy':
      return undefined;
    case 'new':
      if (verdict.type === 'secret' && fromBrowser(req)) return SECRET_KEY_IN_BROWSER;
      if (!bearer || bearer === apikey) req.headers.authorization = `Bearer ${await keys.apiKeyJwt(verdict.role)}`;
      return undefined;
  }
}

/**
 * PostgREST accepts a correctly signed token with no `exp`, valid forever. Supabase's keys and
 * sessions all carry one, so such a token (or one signed neither ES256 nor HS256) is refused here.
 */
function tokenWithoutExpiry(req: IncomingMessage): { code: string; message: string } | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const token = bearer ?? (typeof req.headers.apikey === 'string' ? req.headers.apikey : undefined);
  if (!token || token.split('.').length !== 3) return undefined;
  try {
    const alg = decodeProtectedHeader(token).alg;
    if (alg !== 'HS256' && alg !== 'ES256') return { code: 'PGRST301', message: 'JWT algorithm must be ES256 or HS256' };
    if (typeof decodeJwt(token).exp !== 'number') return { code: 'PGRST301', message: 'JWT must carry an expiry (exp claim)' };
  } catch {
    return undefined; // not a JWT at all: PostgREST answers that itself
  }
  return undefined;
}

function splitPrefix(url: string): [string, string] {
  const m = /^(\/(?:rest|auth|realtime|functions)\/v1)(\/.*|\?.*)?$/.exec(url);
  if (!m) return ['', url];
  const tail = m[2] ?? '/';
  return [m[1], tail.startsWith('?') ? '/' + tail : tail];
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host']);

function proxy(req: IncomingMessage, res: ServerResponse, target: URL, path: string): Promise<void> {
  return new Promise((resolve) => {
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = v;
    // Supabase's gateway turns the apikey into the bearer token when no Authorization is sent.
    if (!headers.authorization && typeof headers.apikey === 'string') headers.authorization = `Bearer ${headers.apikey}`;
    // As Kong does: the address this connection came from goes last in x-forwarded-for, after
    // whatever the client sent, so the database reads the caller's address there and nowhere a
    // client can write it (internal.request_source(), the liga codes' guessing limit).
    const peer = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    const sent = req.headers['x-forwarded-for'];
    const prior = Array.isArray(sent) ? sent.join(', ') : sent;
    headers['x-forwarded-for'] = prior ? `${prior}, ${peer}` : peer;
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path, headers, agent: proxyAgent },
      (up) => {
        const out: Record<string, string | string[]> = {};
        for (const [k, v] of Object.entries(up.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) out[k] = v;
        res.writeHead(up.statusCode ?? 502, out);
        up.pipe(res);
        up.on('end', resolve);
      },
    );
    // The response closing (timeout, client gone) abandons the upstream request too.
    res.once('close', () => upstream.destroy());
    upstream.on('error', (e) => {
      if (res.writableEnded) return resolve();
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `upstream error: ${e.message}` }));
      resolve();
    });
    req.pipe(upstream);
  });
}

const proxyAgent = new Agent({ keepAlive: true, maxSockets: 256 });
