// The JavaScript a first visit loads: index.html's entry script, every module it preloads,
// and every module those import statically (what the browser fetches before the first route
// renders), gzip-compressed. Following static imports keeps the figure honest whatever
// build.modulePreload says: a chunk the entry imports is loaded whether or not it is preloaded.
import { readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface FirstLoad {
  files: Array<{ file: string; gzipBytes: number }>;
  totalGzipBytes: number;
}

/** Static `import … from "./x.js"` / `import "./x.js"` / `export … from` specifiers of a built chunk; dynamic import() excluded. */
function staticImports(code: string): string[] {
  const found: string[] = [];
  const re = /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.js)["']/g;
  for (let m = re.exec(code); m; m = re.exec(code)) found.push(m[1]);
  return found;
}

export function firstLoadJs(distDir: string): FirstLoad {
  // The app shell holds the entry's script tags as Vite wrote them (index.html is the prerendered
  // home page, whose scripts start from an inline loader: the same files).
  const html = readFileSync(join(distDir, 'app-shell.html'), 'utf8');
  const srcs = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1]);
  const seen = new Set<string>();
  const queue = [...srcs];
  while (queue.length > 0) {
    const src = queue.shift()!;
    if (seen.has(src)) continue;
    seen.add(src);
    for (const spec of staticImports(readFileSync(join(distDir, src), 'utf8'))) {
      queue.push(spec.startsWith('.') ? posix.join(dirname(src), spec) : spec);
    }
  }
  const files = [...seen].map((src) => ({ file: src, gzipBytes: gzipSync(readFileSync(join(distDir, src)), { level: 9 }).length }));
  return { files, totalGzipBytes: files.reduce((a, f) => a + f.gzipBytes, 0) };
}

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
}

/**
 * The JavaScript a first visit to one route loads: the entry's (above) plus the route files'
 * chunks (TanStack Router splits each route into its screen and its loader) and everything
 * they import statically, from the build's manifest (`build.manifest: true`).
 */
export function routeLoadJs(distDir: string, sources: string[]): FirstLoad {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const seen = new Set(firstLoadJs(distDir).files.map((f) => f.file));
  const queue = Object.entries(manifest)
    .filter(([key]) => sources.includes(key.split('?')[0]))
    .map(([key]) => key);
  if (queue.length === 0) throw new Error(`no chunk of ${sources.join(', ')} in the manifest`);
  const keys = new Set<string>();
  while (queue.length > 0) {
    const key = queue.shift()!;
    if (keys.has(key)) continue;
    keys.add(key);
    seen.add(`/${manifest[key].file}`);
    queue.push(...(manifest[key].imports ?? []));
  }
  const files = [...seen].map((src) => ({ file: src, gzipBytes: gzipSync(readFileSync(join(distDir, src)), { level: 9 }).length }));
  return { files, totalGzipBytes: files.reduce((a, f) => a + f.gzipBytes, 0) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = firstLoadJs(process.argv[2] ?? 'dist');
  for (const f of r.files.sort((a, b) => b.gzipBytes - a.gzipBytes)) console.log(`${(f.gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${f.file}`);
  console.log(`${(r.totalGzipBytes / 1024).toFixed(1).padStart(7)} KB  first-load JS, gzip`);
}
