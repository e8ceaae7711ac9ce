// Serves the built PWA (dist/) for `npm start` and the E2E tests: static files with the right
// content types and cache headers, the build's brotli or gzip copy when the browser takes it
// (scripts/precompress.ts), the prerendered public pages (scripts/prerender.ts), and the app
// shell for every other app route (SPA fallback).
// Run alone: npx tsx scripts/serve-app.ts [port] [dir]
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fetchLigaPreview, ligaCodeOf, withLigaInvite } from './liga-preview.ts';
import { limitConnections, listenLocal } from '../supabase/local/listen.ts';

export interface ServeAppOptions {
  port: number;
  dir: string;
  /** Interface to listen on (default loopback, 127.0.0.1 and ::1, or PLATFORM_HOST: supabase/local/listen.ts). */
  host?: string;
  /** The API the liga invitations' preview cards are read from (scripts/liga-preview.ts); without
   * it an invitation gets the generic card. */
  api?: { url: string; anonKey: string };
  /** The app's public URL, for the invitations' Open Graph tags (never the request's Host, which
   * the client writes). Default http://localhost:<port>, the platform's site URL. */
  siteUrl?: string;
}

export interface ServedApp {
  url: string;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

/** Why each policy: the shell and the service worker must be revalidated so an update is seen at
 * once; Vite's hashed assets never change under one name; crests and icons change about never
 * (a new one gets a new name), so a month is fine; the rest may be an hour old. */
export function cacheControl(urlPath: string): string {
  if (urlPath.endsWith('.html') || urlPath === '/sw.js' || urlPath.endsWith('.webmanifest')) return 'no-cache';
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (urlPath.startsWith('/crests/') || urlPath.startsWith('/icons/')) return 'public, max-age=2592000, stale-while-revalidate=86400';
  return 'public, max-age=3600';
}

/** The precompressed copy to send, by the browser's Accept-Encoding (brotli first). */
async function encodedCopy(req: IncomingMessage, file: FoundFile): Promise<{ encoding: 'br' | 'gzip'; path: string; size: number } | undefined> {
  const accepted = String(req.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
    .map(([name]) => name.trim().toLowerCase());
  for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']] as const) {
    if (!accepted.includes(encoding) && !accepted.includes('*')) continue;
    const info = await stat(file.path + suffix).catch(() => undefined);
    if (info?.isFile()) return { encoding, path: file.path + suffix, size: info.size };
  }
  return undefined;
}

interface FoundFile {
  path: string;
  urlPath: string;
  size: number;
  mtime: Date;
}

async function findFile(root: string, urlPath: string): Promise<FoundFile | undefined> {
  const path = resolve(root, `.${urlPath}`);
  if (path !== root && !path.startsWith(root + sep)) return undefined; // outside dist/
  try {
    const info = await stat(path);
    if (info.isFile()) return { path, urlPath, size: info.size, mtime: info.mtime };
    if (info.isDirectory()) return findFile(root, `${urlPath.replace(/\/$/, '')}/index.html`);
  } catch {
    return undefined;
  }
  return undefined;
}

function wantsHtml(req: IncomingMessage, urlPath: string): boolean {
  // A navigation to an app route: no file extension in the last segment, and HTML acceptable.
  const lastSegment = urlPath.split('/').pop() ?? '';
  return !lastSegment.includes('.') && (req.headers.accept ?? '*/*').match(/text\/html|\*\/\*/) !== null;
}

function send(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/** A liga's invitation (/liga/<code>): the prerendered invitation page with the liga's preview
 * card in its head and the invitation in its body, read per request (never cached: a renamed liga
 * or renewed code shows at once), compressed on the way out like the build's copies. */
async function sendLigaInvite(root: string, code: string, req: IncomingMessage, res: ServerResponse, api: ServeAppOptions['api'], siteUrl: string) {
  const template = await findFile(root, '/liga/_/index.html');
  if (!template) return false;
  const [html, preview] = await Promise.all([readFile(template.path, 'utf8'), api ? fetchLigaPreview(api, code) : undefined]);
  const pageUrl = new URL(`/liga/${code}`, siteUrl).href;
  const page = Buffer.from(withLigaInvite(html, preview, pageUrl, code));
  const accepted = String(req.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  const body = encoding === 'br' ? brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : encoding === 'gzip' ? gzipSync(page) : page;
  res.writeHead(200, {
    'Content-Type': CONTENT_TYPES['.html']!,
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding',
    'X-Content-Type-Options': 'nosniff',
    'Content-Length': body.length,
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

async function handle(root: string, req: IncomingMessage, res: ServerResponse, api: ServeAppOptions['api'], siteUrl: () => string) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    return send(res, 405, 'Método no permitido');
  }
  let urlPath: string;
  try {
    urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://app.local').pathname);
  } catch {
    return send(res, 400, 'Solicitud inválida');
  }
  if (urlPath.includes('\0')) return send(res, 400, 'Solicitud inválida');

  const ligaCode = ligaCodeOf(urlPath);
  if (ligaCode && wantsHtml(req, urlPath) && (await sendLigaInvite(root, ligaCode, req, res, api, siteUrl()))) return;

  let file = await findFile(root, urlPath);
  // The prerendered pages are files (dist/rules/index.html); every other app route gets the
  // empty shell (scripts/prerender.ts), or index.html in a build without prerendering.
  if (!file && wantsHtml(req, urlPath)) file = (await findFile(root, '/app-shell.html')) ?? (await findFile(root, '/index.html'));
  if (!file) return send(res, 404, 'No encontrado');

  const encoded = await encodedCopy(req, file);
  const etag = `W/"${file.size.toString(16)}-${file.mtime.getTime().toString(16)}${encoded ? `-${encoded.encoding}` : ''}"`;
  res.setHeader('Content-Type', CONTENT_TYPES[extname(file.path).toLowerCase()] ?? 'application/octet-stream');
  // Any file may have compressed copies: caches must key on the browser's encodings.
  res.setHeader('Vary', 'Accept-Encoding');
  if (encoded) res.setHeader('Content-Encoding', encoded.encoding);
  res.setHeader('Cache-Control', cacheControl(file.urlPath));
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', file.mtime.toUTCString());
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304);
    return res.end();
  }
  res.setHeader('Content-Length', encoded?.size ?? file.size);
  res.writeHead(200);
  if (req.method === 'HEAD') return res.end();
  createReadStream(encoded?.path ?? file.path)
    .on('error', () => res.destroy())
    .pipe(res);
}

export async function serveApp({ port, dir, host, api, siteUrl }: ServeAppOptions): Promise<ServedApp> {
  const root = resolve(dir);
  const indexInfo = await stat(join(root, 'index.html')).catch(() => undefined);
  if (!indexInfo?.isFile()) throw new Error(`${join(root, 'index.html')} not found: build the app first (npm run build)`);

  const server = createServer((req, res) => {
    handle(root, req, res, api, () => siteUrl ?? `http://localhost:${actualPort}`).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, 'Error interno');
      else res.destroy();
      console.error('[serve-app]', error);
    });
  });
  let actualPort: number;
  if (host) {
    limitConnections(server);
    await new Promise<void>((resolveListen, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolveListen());
    });
    actualPort = (server.address() as AddressInfo).port;
  } else actualPort = await listenLocal(server, port);
  const shown = !host || host === '0.0.0.0' ? '127.0.0.1' : host;
  return {
    url: `http://${shown}:${actualPort}`,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections();
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const port = Number(process.argv[2] ?? 5173);
  const dir = process.argv[3] ?? fileURLToPath(new URL('../dist', import.meta.url));
  const app = await serveApp({ port, dir });
  console.log(`Quinielazo en ${app.url}`);
}
