// The JavaScript a first visit loads: index.html's entry script and every module it
// preloads (what the browser fetches before the first route renders), gzip-compressed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface FirstLoad {
  files: Array<{ file: string; gzipBytes: number }>;
  totalGzipBytes: number;
}

export function firstLoadJs(distDir: string): FirstLoad {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const srcs = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1]);
  const files = [...new Set(srcs)].map((src) => ({ file: src, gzipBytes: gzipSync(readFileSync(join(distDir, src)), { level: 9 }).length }));
  return { files, totalGzipBytes: files.reduce((a, f) => a + f.gzipBytes, 0) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = firstLoadJs(process.argv[2] ?? 'dist');
  for (const f of r.files.sort((a, b) => b.gzipBytes - a.gzipBytes)) console.log(`${(f.gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${f.file}`);
  console.log(`${(r.totalGzipBytes / 1024).toFixed(1).padStart(7)} KB  first-load JS, gzip`);
}
