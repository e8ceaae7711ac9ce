// The admin screens cost players nothing: a production build's first load (the app shell's module
// script, its modulepreloads and every static import they pull in) holds no admin screen code.
// And a prerendered page announces its own screen's scripts with the entry's (scripts/prerender.ts),
// so they load beside the entry instead of after it has run.
// Builds into a temporary folder so it checks the current source, not a stale dist/.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Strings only admin screens show (docs/product.md#validation and #messages, admin-only RPC names). */
const ADMIN_MARKERS = [
  'Quiniela y partidos creados exitosamente.',
  'Todos los partidos deben tener equipos locales y visitantes seleccionados.',
  'Esta quiniela aún no tiene todos los resultados',
  'Ingresa un ID de quiniela válido.',
  'Quienes más refieren',
  'admin_create_round',
  'simulate_round_scores',
  'send-custom-email',
];

let outDir: string;
let assets: Map<string, string>;
let firstLoad: Set<string>;

/** The static imports of a built file, as files of the build ("assets/x.js"). */
function importsOf(file: string): string[] {
  const dir = file.slice(0, file.lastIndexOf('/') + 1);
  return staticImports(assets.get(file) ?? '').map((spec) => (spec.startsWith('./') ? dir + spec.slice(2) : spec.replace(/^\//, '')));
}

/** Static `import … from "./x.js"` / `import "./x.js"` / `export … from` specifiers; dynamic import() excluded. */
function staticImports(code: string): string[] {
  const found: string[] = [];
  const re = /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.js)["']/g;
  for (let m = re.exec(code); m; m = re.exec(code)) found.push(m[1]);
  return found;
}

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'quinielazo-bundle-'));
  await build({ root: ROOT, mode: 'local-platform', logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  assets = new Map();
  for (const file of await readdir(join(outDir, 'assets'))) {
    if (file.endsWith('.js')) assets.set(`assets/${file}`, await readFile(join(outDir, 'assets', file), 'utf8'));
  }
  // The app shell keeps Vite's script tags (index.html is the prerendered home, scripts/prerender.ts).
  const html = await readFile(join(outDir, 'app-shell.html'), 'utf8');
  const entries = [
    ...[...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g)].map((m) => m[1]),
  ];
  firstLoad = new Set();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (firstLoad.has(file)) continue;
    firstLoad.add(file);
    if (!assets.has(file)) throw new Error(`first-load file ${file} is not in the build`);
    queue.push(...importsOf(file));
  }
}, 180_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe("the player's first load", () => {
  it('is found: the entry module and its static imports', () => {
    expect([...firstLoad].some((f) => /^assets\/index-[\w-]+\.js$/.test(f))).toBe(true);
    expect(firstLoad.size).toBeGreaterThan(1);
  });

  it('contains no admin screen code, while the build does ship it in lazy chunks', () => {
    for (const marker of ADMIN_MARKERS) {
      const holders = [...assets].filter(([, code]) => code.includes(marker)).map(([f]) => f);
      expect(holders, `"${marker}" should be somewhere in the build`).not.toEqual([]);
      expect(holders.filter((f) => firstLoad.has(f)), `"${marker}" must not be in the first load`).toEqual([]);
    }
  });
});

/** Prerendered pages and a string only their own screen's chunk holds (the page's lazy chunk). */
const PAGE_SCREENS = [
  { page: 'index.html', marker: 'Juega la quiniela de la Liga MX y gana premios cada mes' },
  { page: 'rules/index.html', marker: 'Todo lo que necesitas saber para sumar puntos y ganar premios cada mes.' },
  { page: 'leaderboard/index.html', marker: 'Toca a un jugador para ver el detalle de sus puntos' },
];

describe('a prerendered page', () => {
  it.each(PAGE_SCREENS)("$page preloads its screen's chunk and everything it imports, with the entry", async ({ page, marker }) => {
    const html = await readFile(join(outDir, page), 'utf8');
    const listed = JSON.parse(/batch\((\[[^\]]*\])\)/.exec(html)?.[1] ?? '[]') as string[];
    const entry = /add\('script',"\/([^"]+)"\)/.exec(html)?.[1];
    const preloaded = new Set([entry, ...listed.map((url) => url.replace(/^\//, ''))]);
    const screens = [...assets].filter(([, code]) => code.includes(marker)).map(([file]) => file);
    expect(screens).toHaveLength(1);
    const needed = new Set<string>();
    const queue = [...screens];
    while (queue.length > 0) {
      const file = queue.shift()!;
      if (needed.has(file)) continue;
      needed.add(file);
      queue.push(...importsOf(file));
    }
    expect([...needed].filter((file) => !preloaded.has(file))).toEqual([]);
    // The entry is the page's script, not also a preload.
    expect(listed).not.toContain(`/${entry}`);
  });
});
