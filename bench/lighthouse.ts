// Lighthouse on calibrated phones, as a new visitor meets the app: the production build served
// by scripts/serve-app.ts against a fresh platform (the E2E global setup), Lighthouse's mobile
// settings (simulated slow 4G) in Debian's Chromium. The CPU slowdown is not a fixed 4×: each run
// loads the page once (Lighthouse's gather mode), with the host's benchmark index Lighthouse
// measures right before the load, and audits that load twice (audit mode): as the mid-tier phone
// (index 1,000: multiplier = host index / 1,000) and as the low-tier phone (index 264:
// host index / 264); bench/calibrate.ts. The figures then mean the same phone on any host.
// Each visitor route runs in a new, empty browser profile (a first visit: no cache, no service
// worker). The signed-in routes run in a profile where a player signed in, as a returning
// player's phone has it: his session and the installed service worker.
// BENCH_RUNS=<n> (or BENCH_LIGHTHOUSE_RUNS) runs each route n times per phone and prints the
// median of each figure: 3 by default, BENCH_RUNS=1 for a quicker look.
// BENCH_ROUTES=/leaderboard,/inicio runs only those routes (a quicker loop while working on one);
// BENCH_LIGHTHOUSE_OUT=<dir> also writes each route's full Lighthouse report there as JSON, and
// its trace (<route>.trace.json, opens in Chrome DevTools' Performance panel: which task blocked).
// BENCH_LIGHTHOUSE_THROTTLING=devtools applies Chrome's CPU throttling during each load instead
// of simulating it (one load per phone; see THROTTLING below).
// BENCH_LIGHTHOUSE_PROFILE=1 adds V8's sampling profiler to that trace (which functions ran; it
// slows the page a little, so its figures are not the ones to report).
// A phone has a colour emoji font; a bare Debian does not, and Chromium then searches every font
// for each emoji (7–50 ms of a task): install fonts-noto-color-emoji (.ci/run does) first.
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling as presets } from 'lighthouse/core/config/constants.js';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import startE2e from '../tests/support/e2e-setup.ts';
import { createPlayer, serviceWorkerInControl, signInPage, type E2ePlayer } from '../tests/support/e2e-players.ts';
import { hostBenchmarkIndex, multiplierFor, PHONES, type Phone } from './calibrate.ts';
import { PHONE_ROUTES } from './phone-routes.ts';

const only = process.env.BENCH_ROUTES?.split(',').map((r) => r.trim());
const picked = (routes: string[]) => (only ? routes.filter((r) => only.includes(r)) : routes);
const VISITOR_ROUTES = picked(PHONE_ROUTES.filter((r) => !r.signedIn).map((r) => r.path));
const PLAYER_ROUTES = picked(PHONE_ROUTES.filter((r) => r.signedIn).map((r) => r.path));
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_OUT;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
/**
 * How the phone's CPU is slowed. `simulate` (the default): Lighthouse's simulation, one load whose
 * observed tasks are multiplied for each phone. `devtools` (BENCH_LIGHTHOUSE_THROTTLING=devtools):
 * Chrome's own CPU throttling applied during the load, as DevTools applies its calibrated phones,
 * one load per phone. They differ where work yields by the clock (React's scheduler gives the
 * thread back every 5 ms of elapsed time: on a throttled CPU the slices stay 5 ms, in the
 * simulation each becomes 5 ms × the multiplier) and where a slower CPU changes what runs when;
 * neither met the low-tier phone on 2026-12-03 (docs/performance.md).
 */
const THROTTLING = process.env.BENCH_LIGHTHOUSE_THROTTLING === 'devtools' ? 'devtools' : 'simulate';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Issue 46's targets: on the mid-tier phone performance ≥ 95 and TBT ≤ 100 ms; on the low-tier
 * phone LCP ≤ 2.5 s and TBT ≤ 300 ms. */
export const TARGETS = {
  mid: { performance: 95, tbt: 100 },
  low: { lcp: 2500, tbt: 300 },
} as const;

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's benchmarkIndex of the load the audit simulated. */
  cpu: number;
  /** The accessibility and best-practices audits that failed, so a score under 100 says why. */
  failed: string[];
}

export interface RouteFigures {
  route: string;
  /** The host's benchmark index (Lighthouse's, measured right before each run's page load): the
   * median, and each run's. */
  hostIndex: number;
  hostIndexes: number[];
  multiplier: Record<Phone, number>;
  phones: Record<Phone, Figures & { tbtRuns: number[] }>;
}

export function met(f: RouteFigures): { mid: boolean; low: boolean } {
  return {
    mid: f.phones.mid.performance >= TARGETS.mid.performance && f.phones.mid.tbt <= TARGETS.mid.tbt,
    low: f.phones.low.lcp <= TARGETS.low.lcp && f.phones.low.tbt <= TARGETS.low.tbt,
  };
}

/** One page load, gathered once (Lighthouse's -G): its trace, and the host's benchmark index
 * Lighthouse measured right before it. Both phones are then simulated from this same load. */
function gatherFlags(keepStorage: boolean, throttlingMethod: 'simulate' | 'devtools' = 'simulate') {
  return {
    logLevel: 'error' as const,
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    throttlingMethod,
    // Signed-in routes keep the profile's session; visitors start from nothing.
    disableStorageReset: keepStorage,
    ...(process.env.BENCH_LIGHTHOUSE_PROFILE ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
  };
}

function launchChrome(userDataDir: string) {
  return chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, userDataDir });
}

async function gather(url: string, userDataDir: string, keepStorage: boolean, dir: string): Promise<number> {
  const chrome = await launchChrome(userDataDir);
  try {
    await lighthouse(url, { port: chrome.port, gatherMode: dir, ...gatherFlags(keepStorage) });
  } finally {
    chrome.kill();
  }
  const artifacts = JSON.parse(await readFile(join(dir, 'artifacts.json'), 'utf8')) as { BenchmarkIndex: number };
  return artifacts.BenchmarkIndex;
}

/** The audits of a gathered load on one phone (Lighthouse's -A): Lighthouse's mobile network
 * (simulated slow 4G) and the phone's calibrated CPU slowdown. */
async function audit(dir: string, keepStorage: boolean, cpuSlowdownMultiplier: number, name: string): Promise<Figures> {
  // Lighthouse refuses to audit with other settings than it gathered with; the simulation is
  // the audit's alone, so the saved settings take the phone's throttling.
  const throttling = { ...presets.mobileSlow4G, cpuSlowdownMultiplier };
  const file = join(dir, 'artifacts.json');
  const artifacts = JSON.parse(await readFile(file, 'utf8')) as { settings: { throttling: unknown } };
  artifacts.settings.throttling = throttling;
  await writeFile(file, JSON.stringify(artifacts));
  const result = await lighthouse(undefined, { output: 'json', auditMode: dir, ...gatherFlags(keepStorage), throttling });
  return figuresOf(result, name, result?.lhr.environment.benchmarkIndex ?? NaN);
}

/**
 * One page load on one phone with Chrome's CPU throttling applied during it (Lighthouse's
 * `devtools` method), the slowdown from the host's index measured right before the load, and
 * Lighthouse's slow 4G applied to the network as DevTools applies it.
 */
async function loadOnPhone(url: string, userDataDir: string, keepStorage: boolean, phone: Phone, name: string): Promise<Figures & { multiplier: number }> {
  const index = await hostBenchmarkIndex(1);
  const multiplier = multiplierFor(index, phone);
  const chrome = await launchChrome(userDataDir);
  try {
    const throttling = { ...presets.mobileSlow4G, cpuSlowdownMultiplier: multiplier };
    const result = await lighthouse(url, { port: chrome.port, output: 'json', ...gatherFlags(keepStorage, 'devtools'), throttling });
    return { ...(await figuresOf(result, name, index)), multiplier };
  } finally {
    chrome.kill();
  }
}

async function figuresOf(result: Awaited<ReturnType<typeof lighthouse>>, name: string, hostIndex: number): Promise<Figures> {
  if (!result) throw new Error(`Lighthouse returned nothing for ${name}`);
  if (REPORTS_DIR) {
    await mkdir(REPORTS_DIR, { recursive: true });
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
    cpu: hostIndex,
    failed,
  };
}

/** A browser profile with a signed-in player (the app keeps the session in localStorage). */
async function signedInProfile(baseURL: string, player: E2ePlayer): Promise<string> {
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
    await signInPage(page, player);
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
 * WhatsApp contact opens it); `/ligas/:id` with a liga of the signed-in player; any other route
 * as it is. */
async function withLiga(route: string, player: E2ePlayer | undefined): Promise<string> {
  if (route.includes(':code')) {
    if (!ligaCode) {
      const owner = await createPlayer('lhliga');
      const { data, error } = await owner.api.rpc('create_league', { name: 'La quiniela de la oficina', prize_note: 'El último paga los tacos' });
      if (error) throw error;
      ligaCode = data[0]!.code;
    }
    return route.replace(':code', ligaCode);
  }
  if (route.includes(':id')) {
    const { data, error } = await player!.api.rpc('create_league', { name: 'Los compas del barrio' });
    if (error) throw error;
    return route.replace(':id', data[0]!.id);
  }
  return route;
}

const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The median of each figure over a route's runs on one phone, every run's TBT beside it. */
function median(runs: Figures[]): Figures & { tbtRuns: number[] } {
  const mid = (pick: (f: Figures) => number) => middle(runs.map(pick));
  return {
    performance: mid((f) => f.performance),
    accessibility: mid((f) => f.accessibility),
    bestPractices: mid((f) => f.bestPractices),
    lcp: mid((f) => f.lcp),
    fcp: mid((f) => f.fcp),
    tbt: mid((f) => f.tbt),
    cls: mid((f) => f.cls),
    cpu: mid((f) => f.cpu),
    failed: [...new Set(runs.flatMap((f) => f.failed))],
    tbtRuns: runs.map((r) => r.tbt),
  };
}

export async function benchLighthouse(): Promise<RouteFigures[]> {
  const stop = await startE2e();
  const base = process.env.BASE_URL!;
  const player = PLAYER_ROUTES.length ? await createPlayer('lighthouse') : undefined;
  const playerDir = player ? await signedInProfile(base, player) : undefined;
  const figures: RouteFigures[] = [];
  const routes = [...VISITOR_ROUTES.map((r) => ({ route: r, signedIn: false })), ...PLAYER_ROUTES.map((r) => ({ route: r, signedIn: true }))];
  try {
    for (const { route, signedIn } of routes) {
      const path = await withLiga(route, player);
      const indexes: number[] = [];
      const runs: Record<Phone, Figures[]> = { mid: [], low: [] };
      const multipliers: Record<Phone, number[]> = { mid: [], low: [] };
      for (let run = 1; run <= RUNS; run++) {
        // Each run: the host's index measured right before a load, and each phone's slowdown from
        // that index (the calibration follows the host run by run): one load per phone when Chrome
        // throttles it, one load for both when Lighthouse simulates them.
        const name = (phone: Phone) => `${route.replace(/\W+/g, '_') || '_'}${signedIn ? '-player' : ''}-${phone}-${run}`;
        if (THROTTLING === 'devtools') {
          for (const phone of ['mid', 'low'] as const) {
            // A visitor's every load is a first visit: a new, empty profile each time.
            const visitorDir = signedIn ? undefined : await mkdtemp(join(tmpdir(), 'quinielazo-lh-visitor-'));
            try {
              const figures = await loadOnPhone(base + path, visitorDir ?? playerDir!, signedIn, phone, name(phone));
              indexes.push(figures.cpu);
              multipliers[phone].push(figures.multiplier);
              runs[phone].push(figures);
            } finally {
              if (visitorDir) await rm(visitorDir, { recursive: true, force: true });
            }
          }
          continue;
        }
        const artifactsDir = await mkdtemp(join(tmpdir(), 'quinielazo-lh-artifacts-'));
        const visitorDir = signedIn ? undefined : await mkdtemp(join(tmpdir(), 'quinielazo-lh-visitor-'));
        try {
          const index = await gather(base + path, visitorDir ?? playerDir!, signedIn, artifactsDir);
          indexes.push(index);
          for (const phone of ['mid', 'low'] as const) {
            const multiplier = multiplierFor(index, phone);
            multipliers[phone].push(multiplier);
            runs[phone].push(await audit(artifactsDir, signedIn, multiplier, name(phone)));
          }
        } finally {
          await rm(artifactsDir, { recursive: true, force: true });
          if (visitorDir) await rm(visitorDir, { recursive: true, force: true });
        }
      }
      const f: RouteFigures = {
        route: `${route}${signedIn ? ' (jugador)' : ''}`,
        hostIndex: middle(indexes),
        hostIndexes: indexes,
        multiplier: { mid: middle(multipliers.mid), low: middle(multipliers.low) },
        phones: { mid: median(runs.mid), low: median(runs.low) },
      };
      printRoute(f);
      figures.push(f);
    }
  } finally {
    await stop();
    if (playerDir) await rm(playerDir, { recursive: true, force: true });
  }
  console.log(
    `targets: ${PHONES.mid.name} phone (index ${PHONES.mid.index}) performance ≥ ${TARGETS.mid.performance}, TBT ≤ ${TARGETS.mid.tbt} ms; ` +
      `${PHONES.low.name} phone (index ${PHONES.low.index}) LCP ≤ ${TARGETS.low.lcp} ms, TBT ≤ ${TARGETS.low.tbt} ms; accessibility and best practices 100; ` +
      `CPU slowdown ${THROTTLING === 'simulate' ? 'simulated by Lighthouse' : 'applied by Chrome during each load'}`,
  );
  const midMet = figures.filter((f) => met(f).mid).length;
  const lowMet = figures.filter((f) => met(f).low).length;
  console.log(`met: mid-tier ${midMet} of ${figures.length} routes, low-tier ${lowMet} of ${figures.length} (median of ${RUNS} run${RUNS > 1 ? 's' : ''} per phone)`);
  return figures;
}

function printRoute(f: RouteFigures) {
  const { mid, low } = f.phones;
  const ok = met(f);
  const runs = (p: Figures & { tbtRuns: number[] }) => (p.tbtRuns.length > 1 ? ` [${p.tbtRuns.map((t) => t.toFixed(0)).join('/')}]` : '');
  console.log(
    `${f.route.padEnd(34)} host index ${f.hostIndex.toFixed(0).padStart(5)}${f.hostIndexes.length > 1 ? ` [${f.hostIndexes.map((i) => i.toFixed(0)).join('/')}]` : ''}` +
      `  mid ×${f.multiplier.mid.toFixed(2)}: perf ${String(mid.performance).padStart(3)} TBT ${mid.tbt.toFixed(0).padStart(5)} ms${runs(mid)} LCP ${mid.lcp.toFixed(0).padStart(5)} ms ${ok.mid ? 'met' : 'NOT met'}` +
      `  low ×${f.multiplier.low.toFixed(2)}: perf ${String(low.performance).padStart(3)} TBT ${low.tbt.toFixed(0).padStart(5)} ms${runs(low)} LCP ${low.lcp.toFixed(0).padStart(5)} ms ${ok.low ? 'met' : 'NOT met'}` +
      `  a11y ${mid.accessibility} best ${mid.bestPractices} CLS ${mid.cls.toFixed(3)}` +
      // A host slower than a phone is not slowed down (×1): that figure is a slower phone's.
      (f.hostIndex < PHONES.mid.index ? `  (host slower than the ${f.hostIndex < PHONES.low.index ? 'low' : 'mid'}-tier phone: its figures are pessimistic)` : ''),
  );
  for (const failed of new Set([...mid.failed, ...low.failed])) console.log(`  failed: ${failed}`);
}
