// The app server sends the build's compressed copies by Accept-Encoding (brotli first), with
// Vary, and the cache policy each kind of file needs.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress.ts';
import { serveApp, type ServedApp } from '../../scripts/serve-app.ts';

let dir: string;
let app: ServedApp;
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"fila ${i}"`).join(',')}];\n`;
const html = `<!doctype html><html><body><div id="root"></div>${'<!-- relleno -->'.repeat(100)}</body></html>`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quinielazo-serve-'));
  await mkdir(join(dir, 'assets'));
  await mkdir(join(dir, 'crests'));
  await writeFile(join(dir, 'index.html'), html);
  await writeFile(join(dir, 'assets', 'index-abc123.js'), script);
  await writeFile(join(dir, 'assets', 'tiny-1.js'), 'export {};\n');
  await writeFile(join(dir, 'crests', 'leon.png'), Buffer.alloc(2048, 7));
  expect(await precompress(dir)).toBe(2); // index.html and the big script; not tiny, not the PNG
  app = await serveApp({ port: 0, dir });
});

afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

interface RawResponse {
  headers: { get(name: string): string | null };
  body: Buffer;
}

/** A GET that keeps the bytes as sent (fetch would decompress them). */
function get(path: string, encoding?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(app.url + path, { headers: encoding === undefined ? {} : { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const value = (name: string) => res.headers[name.toLowerCase()];
        resolve({ headers: { get: (name) => (value(name) === undefined ? null : String(value(name))) }, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}


describe('compression', () => {
  it('sends brotli when the browser takes it, and the bytes are the file', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const body = res.body;
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('sends gzip to a browser without brotli, and plain bytes to one that takes neither', async () => {
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get('/assets/index-abc123.js', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((plain.body).toString()).toBe(script);
    const refused = await get('/assets/index-abc123.js', 'br;q=0, gzip;q=0');
    expect(refused.headers.get('content-encoding')).toBeNull();
  });

  it('compresses the SPA fallback too, and gives each encoding its own ETag', async () => {
    const route = await get('/leaderboard', 'br');
    expect(route.headers.get('content-type')).toMatch(/text\/html/);
    expect(brotliDecompressSync(route.body).toString()).toBe(html);
    const gz = await get('/leaderboard', 'gzip');
    expect(gz.headers.get('etag')).not.toBe(route.headers.get('etag'));
  });
});

describe('cache policy', () => {
  it('revalidates the shell, keeps hashed assets forever and crests for a month', async () => {
    expect((await get('/')).headers.get('cache-control')).toBe('no-cache');
    expect((await get('/assets/tiny-1.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/crests/leon.png')).headers.get('cache-control')).toMatch(/^public, max-age=2592000/);
  });
});

describe('prerendered pages', () => {
  let built: string;
  let site: ServedApp;
  const page = (name: string) => `<!doctype html><html><body><div id="root"><h1>${name}</h1></div></body></html>`;
  const shell = '<!doctype html><html><body><div id="root"></div></body></html>';

  beforeAll(async () => {
    built = await mkdtemp(join(tmpdir(), 'quinielazo-serve-prerendered-'));
    await mkdir(join(built, 'rules'));
    await mkdir(join(built, 'blog'));
    await writeFile(join(built, 'index.html'), page('Inicio'));
    await writeFile(join(built, 'app-shell.html'), shell);
    await writeFile(join(built, 'rules', 'index.html'), page('Reglas'));
    await writeFile(join(built, 'blog', 'index.html'), page('Blog'));
    await writeFile(join(built, 'blog', 'banner.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    site = await serveApp({ port: 0, dir: built });
  });

  afterAll(async () => {
    await site.close();
    await rm(built, { recursive: true, force: true });
  });

  const html = async (path: string) => {
    const res = await fetch(site.url + path, { headers: { accept: 'text/html' } });
    return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), body: await res.text() };
  };

  it('sends each prerendered page at its path, with or without the trailing slash, revalidated', async () => {
    expect(await html('/')).toMatchObject({ status: 200, body: page('Inicio'), cache: 'no-cache' });
    expect(await html('/rules')).toMatchObject({ status: 200, body: page('Reglas'), cache: 'no-cache' });
    expect((await html('/rules/')).body).toBe(page('Reglas'));
    expect((await html('/blog')).body).toBe(page('Blog'));
    expect((await html('/rules')).type).toMatch(/^text\/html/);
  });

  it('sends the empty app shell, not the home page, for every other app route', async () => {
    for (const path of ['/inicio', '/picks?quiniela=current', '/blog/resumen-julio', '/rules/otra']) {
      expect(await html(path), path).toMatchObject({ status: 200, body: shell, cache: 'no-cache' });
    }
    // A missing file is not an app route.
    expect((await html('/blog/no-existe.svg')).status).toBe(404);
    expect((await html('/blog/banner.svg')).type).toBe('image/svg+xml');
  });
});

// Issue 41, item 10: `Host: [` on /liga/<code> answered 500 (the page's URL was built from the
// Host header), and the invitation's Open Graph tags echoed whatever Host the request carried.
describe('the invitation page and the Host header', () => {
  let built: string;
  let site: ServedApp;
  const template = '<!doctype html><html><head><title>Liga</title><meta name="description" content="x" /></head><body><main id="contenido"></main><div id="root"></div></body></html>';

  beforeAll(async () => {
    built = await mkdtemp(join(tmpdir(), 'quinielazo-serve-liga-'));
    await mkdir(join(built, 'liga', '_'), { recursive: true });
    await writeFile(join(built, 'index.html'), template);
    await writeFile(join(built, 'liga', '_', 'index.html'), template);
    site = await serveApp({ port: 0, dir: built, siteUrl: 'https://quinielazo.example' });
  });

  afterAll(async () => {
    await site.close();
    await rm(built, { recursive: true, force: true });
  });

  /** A GET with a Host header of our choosing (fetch will not send one). */
  const withHost = (path: string, host: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(site.url + path, { headers: { host, accept: 'text/html' } }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });

  it('answers a malformed Host with the page, not a 500', async () => {
    for (const host of ['[', '[::1', 'a b', '']) {
      expect((await withHost('/liga/ABCD2345', host)).status, host).toBe(200);
    }
  });

  it("writes the configured site URL in the card's tags, never the request's Host", async () => {
    const { status, body } = await withHost('/liga/ABCD2345', 'evil.example');
    expect(status).toBe(200);
    expect(body).not.toContain('evil.example');
    expect(body).toContain('<meta property="og:url" content="https://quinielazo.example/liga/ABCD2345" />');
    expect(body).toContain('<meta property="og:image" content="https://quinielazo.example/og/liga.png" />');
  });
});
