// Lighthouse on a phone, as a new visitor meets the app: the production build served by
// scripts/serve-app.ts against a fresh platform (the E2E global setup), Lighthouse's default
// mobile settings (simulated slow 4G, 4× CPU slowdown) in Debian's Chromium, one run per route.
// Each visitor route runs in a new, empty browser profile (a first visit: no cache, no service
// worker). The signed-in routes run in a profile where a player signed in, as a returning
// player's phone has it: his session and the installed service worker.
// BENCH_ROUTES=/leaderboard,/inicio runs only those routes (a quicker loop while working on one);
// BENCH_LIGHTHOUSE_OUT=<dir> also writes each route's full Lighthouse report there as JSON, and
// its trace (<route>.trace.json, opens in Chrome DevTools' Performance panel: which task blocked).
// BENCH_LIGHTHOUSE_PROFILE=1 adds V8's sampling profiler to that trace (which functions ran; it
// slows the page a little, so its figures are not the ones to report).
// A phone has a colour emoji font; a bare Debian does not, and Chromium then searches every font
// for each emoji (7–50 ms of a task): install fonts-noto-color-emoji (.ci/run does) first.
// BENCH_LIGHTHOUSE_RUNS=<n> runs each route n times (odd: 3, 5) and prints the median of each
// figure (total blocking time moves by 2× between runs of the same build on this 2-core machine).
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import startE2e from '../tests/support/e2e-setup.ts';
import { createPlayer, serviceWorkerInControl, signInPage } from '../tests/support/e2e-players.ts';
import { PHONE_ROUTES } from './phone-routes.ts';

const only = process.env.BENCH_ROUTES?.split(',').map((r) => r.trim());
const picked = (routes: string[]) => (only ? routes.filter((r) => only.includes(r)) : routes);
const VISITOR_ROUTES = picked(PHONE_ROUTES.filter((r) => !r.signedIn).map((r) => r.path));
const PLAYER_ROUTES = picked(PHONE_ROUTES.filter((r) => r.signedIn).map((r) => r.path));
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_OUT;
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1));
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

interface Figures {
  route: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's measure of the machine's speed during the run (its `benchmarkIndex`; higher is
   * faster). This machine's moves by 2× within minutes, and TBT with it: read TBT beside it. */
  cpu: number;
  /** The accessibility and best-practices audits that failed, so a score under 100 says why. */
  failed: string[];
}

async function audit(url: string, userDataDir: string, keepStorage: boolean, run: number): Promise<Omit<Figures, 'route'>> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    userDataDir,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // Signed-in routes keep the profile's session; visitors start from nothing.
      disableStorageReset: keepStorage,
      ...(process.env.BENCH_LIGHTHOUSE_PROFILE ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (REPORTS_DIR) {
      await mkdir(REPORTS_DIR, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_') || '_'}${keepStorage ? '-player' : ''}${RUNS > 1 ? `-${run + 1}` : ''}`;
      await writeFile(join(REPORTS_DIR, `${name}.json`), JSON.stringify(result.lhr));
      await writeFile(join(REPORTS_DIR, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
    }
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const failed = ['accessibility', 'best-practices'].flatMap((id) =>
      (categories[id]?.auditRefs ?? []).filter((ref) => (audits[ref.id]?.score ?? 1) < 1 && ref.weight > 0).map((ref) => {
        const items = (audits[ref.id]?.details as { items?: unknown[] } | undefined)?.items ?? [];
        return `${ref.id}${items.length ? `: ${JSON.stringify(items.slice(0, 2)).slice(0, 300)}` : ''}`;
      }),
    );
    const value = (id: string) => audits[id]?.numericValue ?? NaN;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcp: value('largest-contentful-paint'),
      fcp: value('first-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      cpu: result.lhr.environment.benchmarkIndex,
      failed,
    };
  } finally {
    chrome.kill();
  }
}

/** A browser profile with a signed-in player (the app keeps the session in localStorage). */
async function signedInProfile(baseURL: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'quinielazo-lh-player-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROME_FLAGS.filter((f) => !f.startsWith('--headless')),
    baseURL,
  });
  try {
    // signInPage only arranges the session: the phone must open the app once to keep it in its
    // storage and install the service worker, as a returning player's phone has them.
    const page = await context.newPage();
    await signInPage(page, await createPlayer('lighthouse'));
    await page.goto('/inicio');
    await page.getByRole('region', { name: 'Partidos de la semana' }).waitFor();
    await serviceWorkerInControl(page);
  } finally {
    await context.close();
  }
  return dir;
}

let ligaCode: string | undefined;

/** `/liga/:code` with the code of a liga made for the bench (one owner, its invitation as a
 * WhatsApp contact opens it); any other route as it is. */
async function withLigaCode(route: string): Promise<string> {
  if (!route.includes(':code')) return route;
  if (!ligaCode) {
    const owner = await createPlayer('lhliga');
    const { data, error } = await owner.api.rpc('create_league', { name: 'La quiniela de la oficina', prize_note: 'El último paga los tacos' });
    if (error) throw error;
    ligaCode = data[0]!.code;
  }
  return route.replace(':code', ligaCode);
}

/** Runs a route's audit RUNS times: the median of each figure, every run's TBT beside it. */
async function median(route: string, audit: (run: number) => Promise<Omit<Figures, 'route'>>): Promise<Figures> {
  const runs: Omit<Figures, 'route'>[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await audit(run));
  const mid = (pick: (f: Omit<Figures, 'route'>) => number) => runs.map(pick).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
  return {
    route: RUNS > 1 ? `${route} [TBT ${runs.map((r) => r.tbt.toFixed(0)).join('/')} · CPU ${runs.map((r) => r.cpu.toFixed(0)).join('/')}]` : route,
    performance: mid((f) => f.performance),
    accessibility: mid((f) => f.accessibility),
    bestPractices: mid((f) => f.bestPractices),
    lcp: mid((f) => f.lcp),
    fcp: mid((f) => f.fcp),
    tbt: mid((f) => f.tbt),
    cls: mid((f) => f.cls),
    cpu: mid((f) => f.cpu),
    failed: [...new Set(runs.flatMap((f) => f.failed))],
  };
}

export async function benchLighthouse(): Promise<Figures[]> {
  const stop = await startE2e();
  const base = process.env.BASE_URL!;
  const playerDir = PLAYER_ROUTES.length ? await signedInProfile(base) : undefined;
  const figures: Figures[] = [];
  try {
    for (const route of VISITOR_ROUTES) {
      figures.push(
        await median(route, async (run) => {
          const visitorDir = await mkdtemp(join(tmpdir(), 'quinielazo-lh-visitor-'));
          try {
            return await audit(base + (await withLigaCode(route)), visitorDir, false, run);
          } finally {
            await rm(visitorDir, { recursive: true, force: true });
          }
        }),
      );
    }
    for (const route of PLAYER_ROUTES) figures.push(await median(`${route} (jugador)`, (run) => audit(base + route, playerDir!, true, run)));
  } finally {
    await stop();
    if (playerDir) await rm(playerDir, { recursive: true, force: true });
  }
  console.log('route'.padEnd(34), 'perf', 'a11y', 'best', '   FCP ms', '   LCP ms', '  TBT ms', '   CLS', '   CPU');
  for (const f of figures) {
    console.log(
      f.route.padEnd(34),
      String(f.performance).padStart(4),
      String(f.accessibility).padStart(4),
      String(f.bestPractices).padStart(4),
      f.fcp.toFixed(0).padStart(9),
      f.lcp.toFixed(0).padStart(9),
      f.tbt.toFixed(0).padStart(8),
      f.cls.toFixed(3).padStart(6),
      f.cpu.toFixed(0).padStart(6),
    );
    for (const audit of f.failed) console.log(`  failed: ${audit}`);
  }
  console.log('targets: performance ≥ 95, accessibility 100, best practices 100, LCP ≤ 2000 ms, TBT ≤ 150 ms, CLS ≤ 0.02');
  console.log("CPU: Lighthouse's benchmarkIndex during the run (higher is faster); compare TBT only between runs at a like CPU");
  return figures;
}
