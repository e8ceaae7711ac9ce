// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of a built app, once at
// build time, so the app server (scripts/serve-app.ts) and a CDN send compressed bytes without
// compressing per request. Node's own zlib does both at maximum quality; a plugin package would
// wrap the same calls, so none is added (docs/decisions/speed.md, "First-load budget"). The files are
// compressed a few at a time, one per core: the same bytes, in a fraction of the wall time.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Worth compressing: text formats (images other than SVG are compressed already). */
const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.txt', '.xml']);
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** Compresses every text file of `dir`; returns how many files got compressed copies. */
export async function precompress(dir: string): Promise<number> {
  const queue: string[] = [];
  for await (const path of files(dir)) {
    if (TEXT.has(extname(path).toLowerCase()) && (await stat(path)).size >= MIN_BYTES) queue.push(path);
  }
  const count = queue.length;
  // zlib's async calls run on libuv's thread pool (4 threads): one file per core keeps every core busy.
  const lane = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) await compressFile(path);
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, lane));
  return count;
}

async function compressFile(path: string): Promise<void> {
  const body = await readFile(path);
  const [br, gzipped] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gz(body, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
}
