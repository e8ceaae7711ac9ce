// Prerenders the public pages at build time (docs/decisions/speed.md, "Prerendered public pages"):
// builds src/app/entry-prerender.tsx for Node with the same Vite config, renders each page of
// PRERENDERED_PATHS with React's server renderer into the built index.html, and writes
// dist/index.html (the home page) and dist/<path>/index.html. The empty shell every other
// route (and the service worker) starts from is kept as dist/app-shell.html.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { joinOnArrivalPath, signUpPath } from '../src/features/leagues/invite-words.ts';

export const APP_SHELL = 'app-shell.html';
const ROOT_ELEMENT = '<div id="root"></div>';

interface PrerenderOptions {
  root: string;
  outDir: string;
  mode: string;
  configFile: string | false | undefined;
  /** The client build's chunks (Rollup's output bundle): which files a route's lazy chunks need. */
  chunks: ClientChunk[];
}

/** What the prerender needs of a chunk of the client build. */
export interface ClientChunk {
  fileName: string;
  /** The module the chunk stands for ("/…/src/routes/rules.tsx?tsr-split=component"). */
  facadeModuleId: string | null;
  /** The chunks it imports statically. */
  imports: string[];
}

interface ServerEntry {
  PRERENDERED_PATHS: string[];
  renderPage(path: string): Promise<{ markup: string; routeIds: string[] }>;
}

/** The page's stylesheet inside the page: the first paint waits for no other request (the
 * stylesheet is ~10 KB brotli; the app shell keeps the cached file). The file's link stays,
 * never fetched: of a type no browser supports (Chromium 150 fetches a `disabled` one, though it
 * never applies it). Vite's loader of a lazy chunk adds the stylesheet a chunk needs unless a
 * link to it is there, and the same sheet added again was parsed anew and the whole page's
 * style recomputed, a 60–80 ms task on the weekly page in Lighthouse's traces. */
async function inlineStylesheet(shell: string, outDir: string): Promise<string> {
  const link = /<link rel="stylesheet"[^>]* href="(\/assets\/[^"]+\.css)"[^>]*>/.exec(shell);
  if (!link) return shell;
  const css = await readFile(join(outDir, link[1]), 'utf8');
  return shell.replace(link[0], () => `<style>${css}</style><link rel="stylesheet" type="text/x-inlined" href="${link[1]}" disabled>`);
}

/** The app's scripts start after the prerendered page's first paint: the entry and the chunks
 * it imports are requested once a frame is on screen (module preloads, so they load in parallel),
 * so the page paints from its HTML alone, whatever the network (docs/decisions/speed.md). Starting a
 * request costs the main thread a few milliseconds on a slow phone: the preloads go a few per task
 * (PRELOADS_PER_TASK), so no task is long. The returned function adds a page's own chunks. */
function paintFirst(shell: string): (routeChunks: string[]) => string {
  const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\s*/.exec(shell);
  if (!script) return () => shell;
  const preloads = [...shell.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">\s*/g)];
  let page = shell.replace(script[0], '');
  for (const link of preloads) page = page.replace(link[0], '');
  const entryChunks = preloads.map((link) => link[1]);
  return (routeChunks) => {
    const chunks = JSON.stringify([...entryChunks, ...routeChunks.filter((chunk) => chunk !== script[1] && !entryChunks.includes(chunk))]);
    const start =
      `<script>(function(){var started=false;function add(type,url){var e=document.createElement(type==='script'?'script':'link');` +
      `e.crossOrigin='';if(type==='script'){e.type='module';e.src=url}else{e.rel='modulepreload';e.href=url}document.head.appendChild(e)}` +
      `function batch(urls){urls.splice(0,${PRELOADS_PER_TASK}).forEach(function(url){add('link',url)});if(urls.length)setTimeout(function(){batch(urls)},0)}` +
      `function start(){if(started)return;started=true;add('script',${JSON.stringify(script[1])});batch(${chunks})}` +
      `if(!onDemand()){requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,100);return}` +
      `['pointerdown','touchstart','keydown'].forEach(function(type){addEventListener(type,start,{once:true,passive:true,capture:true})});` +
      `if('serviceWorker' in navigator)addEventListener('load',function(){navigator.serviceWorker.register('/sw.js',{scope:'/'}).catch(function(){})});` +
      `${ON_DEMAND_CHECK}})();${INVITE_ROADS}</script>`;
    return page.replace('</body>', () => `${start}</body>`);
  };
}

/**
 * A page the server completed (the liga invitation, scripts/liga-preview.ts: its root carries
 * `data-app-on-demand`) needs no app for a visitor: it is read, and its links work, without
 * scripts. The app starts there at once only for whom it has something to show: a stored session
 * (a player: "Ya eres parte de esta liga", his one-tap join), an auth redirect (`#access_token`
 * from the sign-up mail, `?unirme=1` back from sign-in), or a referral link's `?ref=` (the app logs
 * its visit, as on any page; the invitation's own links carry none); otherwise at the visitor's
 * first touch or key, never while he only reads. Until then a player's phone hides the visitor's
 * actions, keeping their room (`data-visitor-only`), and the service worker is registered as the
 * app would (the page opens offline next time). docs/decisions/ligas.md, "The invitation page
 * without the app".
 */
const ON_DEMAND_CHECK =
  `function onDemand(){var root=document.getElementById('root');if(!root||!root.hasAttribute('data-app-on-demand'))return false;` +
  `if(location.hash.length>1||/[?&](unirme|ref)=/.test(location.search))return false;` +
  `try{for(var i=0;i<localStorage.length;i++)if(/^sb-.+-auth-token$/.test(localStorage.key(i)||'')){` +
  `document.querySelectorAll('[data-visitor-only]').forEach(function(e){e.style.visibility='hidden'});return false}}catch(e){}return true}`;

/**
 * A visitor on the road from a liga's invitation (the invitation, the sign-up with its liga, the
 * sign-in that comes back to join: src/features/leagues/invite-roads.ts) taps "Iniciar sesión" or
 * "Crear cuenta" before the app has hydrated the page: the prerendered links name no liga (the
 * server completes only the invitation, and the service worker serves every page as built), and
 * the tap lost the invitation. These few lines put the liga in those links at once, as the app
 * does after hydration and with the same paths (invite-words.ts).
 */
const CODE_MARK = 'CODIGO';
const INVITE_ROADS =
  `(function(){var s=new URLSearchParams(location.search),p=location.pathname,c=/^[A-Za-z0-9]{4,16}$/,m,code=null;` +
  `if((m=/^\\/liga\\/([A-Za-z0-9]{4,16})\\/?$/.exec(p)))code=m[1];` +
  `else if(p==='/signup'&&c.test(s.get('liga')||''))code=s.get('liga');` +
  `else if(p==='/login'&&(m=/^\\/liga\\/([A-Za-z0-9]{4,16})\\?unirme=1$/.exec(s.get('redirect')||'')))code=m[1];` +
  `if(!code)return;function to(t){return t.split(${JSON.stringify(CODE_MARK)}).join(encodeURIComponent(code))}` +
  `document.querySelectorAll('a[href="/signup"]').forEach(function(e){e.setAttribute('href',to(${JSON.stringify(signUpPath(CODE_MARK))}))});` +
  `document.querySelectorAll('a[href="/login"]').forEach(function(e){e.setAttribute('href',to(${JSON.stringify(`/login?redirect=${encodeURIComponent(joinOnArrivalPath(CODE_MARK))}`)}))})})()`;

/** Module preloads started per task (each costs the main thread 1–4 ms on this machine's
 * Chromium, ×4 on Lighthouse's phone). */
const PRELOADS_PER_TASK = 3;

/** Route id → source file, from the route tree the router plugin generates
 * (`import { Route as XRouteImport } from './routes/x'` … `XRouteImport.update({ id: '/x'`). */
async function routeFiles(root: string): Promise<Map<string, string>> {
  const tree = await readFile(join(root, 'src', 'routeTree.gen.ts'), 'utf8');
  const files = new Map<string, string>();
  for (const [, name, file] of tree.matchAll(/import \{ Route as (\w+)Import \} from '\.\/(routes\/[^']+)'/g)) {
    const id = new RegExp(`${name}Import\\.update\\(\\{\\s*id: '([^']+)'`).exec(tree)?.[1];
    if (id) files.set(id, `src/${file}.tsx`);
  }
  return files;
}

/**
 * The lazy chunks of a page's routes (its screen, skeleton and loader: vite.config.ts's code
 * splitting) and the chunks they import. The prerendered page preloads them with the entry's, so
 * they load while the entry does; otherwise the browser would find them only once the router
 * imports the screen, and its imports only once that chunk arrived (vite.config.ts announces none).
 */
function routeChunks(routeIds: string[], files: Map<string, string>, chunks: ClientChunk[], root: string): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const wanted = new Set<string>();
  const add = (fileName: string) => {
    if (wanted.has(fileName)) return;
    wanted.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) add(imported);
  };
  for (const id of routeIds) {
    if (id === '__root__') continue; // in the entry
    const file = files.get(id);
    if (!file) throw new Error(`[prerender] no source file for route ${id} in src/routeTree.gen.ts`);
    const lazy = chunks.filter((chunk) => chunk.facadeModuleId?.startsWith(`${join(root, file)}?tsr-split=`));
    if (!lazy.length) throw new Error(`[prerender] no lazy chunk of ${file} in the client build`);
    for (const chunk of lazy) add(chunk.fileName);
  }
  return [...wanted].map((fileName) => `/${fileName}`);
}

/** Writes the prerendered pages into `outDir`; returns the paths written. */
export async function prerender({ root, outDir, mode, configFile, chunks }: PrerenderOptions): Promise<string[]> {
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
      build: { ssr: 'src/app/entry-prerender.tsx', outDir: serverDir, emptyOutDir: true, copyPublicDir: false, minify: false },
    });
    const entry = (await import(pathToFileURL(join(serverDir, 'entry-prerender.js')).href)) as ServerEntry;
    const shell = await readFile(join(outDir, 'index.html'), 'utf8');
    if (!shell.includes(ROOT_ELEMENT)) throw new Error(`[prerender] ${ROOT_ELEMENT} not found in the built index.html`);
    await writeFile(join(outDir, APP_SHELL), shell);
    const page = paintFirst(await inlineStylesheet(shell, outDir));
    const files = await routeFiles(root);
    for (const path of entry.PRERENDERED_PATHS) {
      // React puts the resource hints it found (image preloads) first; they belong in <head>.
      const { markup: rendered, routeIds } = await entry.renderPage(path);
      const hints = /^(?:<link [^>]*\/>)*/.exec(rendered)?.[0] ?? '';
      const markup = rendered.slice(hints.length);
      const html = page(routeChunks(routeIds, files, chunks, root))
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
