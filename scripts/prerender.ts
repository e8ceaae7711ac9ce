// Prerenders the public pages at build time (docs/decisions.md, "Prerendered public pages"):
// builds src/entry-prerender.tsx for Node with the same Vite config, renders each page of
// PRERENDERED_PATHS with React's server renderer into the built index.html, and writes
// dist/index.html (the home page) and dist/<path>/index.html. The empty shell every other
// route (and the service worker) starts from is kept as dist/app-shell.html.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

export const APP_SHELL = 'app-shell.html';
const ROOT_ELEMENT = '<div id="root"></div>';

interface PrerenderOptions {
  root: string;
  outDir: string;
  mode: string;
  configFile: string | false | undefined;
}

interface ServerEntry {
  PRERENDERED_PATHS: string[];
  renderPage(path: string): Promise<string>;
}

/** The page's stylesheet inside the page: the first paint waits for no other request (the
 * stylesheet is ~10 KB brotli; the app shell keeps the cached file). */
async function inlineStylesheet(shell: string, outDir: string): Promise<string> {
  const link = /<link rel="stylesheet"[^>]* href="(\/assets\/[^"]+\.css)"[^>]*>/.exec(shell);
  if (!link) return shell;
  const css = await readFile(join(outDir, link[1]), 'utf8');
  return shell.replace(link[0], () => `<style>${css}</style>`);
}

/** The app's scripts start after the prerendered page's first paint: the entry and the chunks
 * it imports are requested once a frame is on screen (module preloads, so they load in parallel),
 * so the page paints from its HTML alone, whatever the network (docs/decisions.md). Starting a
 * request costs the main thread a few milliseconds on a slow phone: the preloads go four per task,
 * so no task is long. */
function paintFirst(shell: string): string {
  const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\s*/.exec(shell);
  if (!script) return shell;
  const preloads = [...shell.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">\s*/g)];
  let page = shell.replace(script[0], '');
  for (const link of preloads) page = page.replace(link[0], '');
  const chunks = JSON.stringify(preloads.map((link) => link[1]));
  const start =
    `<script>(function(){var started=false;function add(type,url){var e=document.createElement(type==='script'?'script':'link');` +
    `e.crossOrigin='';if(type==='script'){e.type='module';e.src=url}else{e.rel='modulepreload';e.href=url}document.head.appendChild(e)}` +
    `function batch(urls){urls.splice(0,4).forEach(function(url){add('link',url)});if(urls.length)setTimeout(function(){batch(urls)},0)}` +
    `function start(){if(started)return;started=true;add('script',${JSON.stringify(script[1])});batch(${chunks})}` +
    `requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,100)})()</script>`;
  return page.replace('</body>', () => `${start}</body>`);
}

/** Writes the prerendered pages into `outDir`; returns the paths written. */
export async function prerender({ root, outDir, mode, configFile }: PrerenderOptions): Promise<string[]> {
  // Inside the project, so the server bundle's bare imports (react, …) resolve from node_modules.
  const cache = join(root, 'node_modules', '.cache');
  await mkdir(cache, { recursive: true });
  const serverDir = await mkdtemp(join(cache, 'quinielazo-prerender-'));
  try {
    await build({
      root,
      mode,
      configFile,
      logLevel: 'warn',
      build: { ssr: 'src/entry-prerender.tsx', outDir: serverDir, emptyOutDir: true, copyPublicDir: false, minify: false },
    });
    const entry = (await import(pathToFileURL(join(serverDir, 'entry-prerender.js')).href)) as ServerEntry;
    const shell = await readFile(join(outDir, 'index.html'), 'utf8');
    if (!shell.includes(ROOT_ELEMENT)) throw new Error(`[prerender] ${ROOT_ELEMENT} not found in the built index.html`);
    await writeFile(join(outDir, APP_SHELL), shell);
    const page = paintFirst(await inlineStylesheet(shell, outDir));
    for (const path of entry.PRERENDERED_PATHS) {
      // React puts the resource hints it found (image preloads) first; they belong in <head>.
      const rendered = await entry.renderPage(path);
      const hints = /^(?:<link [^>]*\/>)*/.exec(rendered)?.[0] ?? '';
      const markup = rendered.slice(hints.length);
      const html = page
        .replace('</head>', () => `${hints}</head>`)
        .replace(ROOT_ELEMENT, () => `<div id="root" data-prerendered="${path}">${markup}</div>`);
      const file = path === '/' ? join(outDir, 'index.html') : join(outDir, path.slice(1), 'index.html');
      await mkdir(join(file, '..'), { recursive: true });
      await writeFile(file, html);
    }
    return entry.PRERENDERED_PATHS;
  } finally {
    await rm(serverDir, { recursive: true, force: true });
  }
}
