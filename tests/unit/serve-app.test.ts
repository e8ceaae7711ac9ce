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
