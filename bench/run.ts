// `npm run bench`: the figures later work is measured against, on this machine, against a
// fresh local platform with the demo seed: the gateway under load, scoring and the leaderboard
// at 100,000 players, the first-load JavaScript, and the offline picks in a real browser.
// `npm run bench -- gateway auth rush pgbench chat scoring leagues boost push live million keys bundle pwa inp lighthouse` picks sections
// (default: all; `million` builds a million players on a platform of its own, ~20 min; `live`
// opens 100,000 Realtime screens on a platform of its own, sized for them: Realtime as a cluster).
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { TEST_HARNESS_RATE_LIMITS } from '../supabase/local/auth/limits.ts';
import { startPlatform, type PlatformOptions } from '../supabase/local/platform.ts';
import { freePort } from '../supabase/local/wait.ts';
import { build } from 'vite';
import { firstLoadJs, routeLoadJs } from './first-load.ts';
import { PHONE_ROUTES } from './phone-routes.ts';
import type { LoadResult, LoadSpec } from './load.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchPicksPwa } from './picks-pwa.ts';
import { benchInp } from './inp.ts';
import { benchPush, printPush } from './push.ts';
import { benchRush } from './rush.ts';
import { benchScoring } from './scoring.ts';
import { benchLeagues } from './leagues.ts';
import { benchAuthTiming } from './auth-timing.ts';
import { benchBoost } from './boost.ts';
import { benchChatFanout } from './chat-fanout.ts';
import { benchMillion } from './million.ts';
import { benchKeys } from './keys.ts';
import { benchLiveGoal, liveNodes } from './live-goal.ts';
import { benchPgbench } from './pgbench.ts';
import { hostBenchmarkIndex } from './calibrate.ts';

const ALL = ['gateway', 'auth', 'rush', 'pgbench', 'chat', 'scoring', 'leagues', 'boost', 'push', 'live', 'million', 'keys', 'bundle', 'pwa', 'inp', 'lighthouse'] as const;
const asked = process.argv.slice(2).filter((a) => (ALL as readonly string[]).includes(a));
const sections = new Set(asked.length ? asked : ALL);

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

function load(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'load-cli.ts'), JSON.stringify(spec)], { maxBuffer: 1 << 20 }, (err, stdout) =>
      err ? reject(err) : resolve(JSON.parse(stdout) as LoadResult),
    );
  });
}

function report(name: string, r: LoadResult) {
  console.log(
    `${name.padEnd(44)} ${r.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   ${r.requests} requests, ${r.errors} errors`,
  );
}

function heading(title: string) {
  console.log(`\n== ${title} ==`);
}

/** A fresh seeded platform on free ports; `throwaway` trades crash safety for speed, as the tests do. */
async function benchPlatform(dataDir: string, throwaway: boolean, pushReceiverPort?: number, capacity?: PlatformOptions['capacity'], log?: PlatformOptions['log']) {
  return startPlatform({
    log,
    throwawayTestDatabase: throwaway,
    pushReceiverPort,
    capacity,
    authRateLimits: TEST_HARNESS_RATE_LIMITS,
    dataDir,
    scheduler: false,
    ports: { api: await freePort(), db: await freePort(), inbox: await freePort(), smtp: await freePort(), app: await freePort(), mercadopago: await freePort() },
  });
}

async function withDurablePlatform(run: (p: Awaited<ReturnType<typeof benchPlatform>>) => Promise<void>) {
  const dir = await mkdtemp(join(tmpdir(), 'quinielazo-bench-durable-'));
  const durable = await benchPlatform(dir, false);
  try {
    await run(durable);
  } finally {
    await durable.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

async function withOwnPlatform(run: (p: Awaited<ReturnType<typeof benchPlatform>>) => Promise<void>, capacity?: Parameters<typeof benchPlatform>[3], log?: Parameters<typeof benchPlatform>[4]) {
  const dir = await mkdtemp(join(tmpdir(), 'quinielazo-bench-own-'));
  const own = await benchPlatform(dir, true, undefined, capacity, log);
  try {
    await run(own);
  } finally {
    await own.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

// The host's speed (Lighthouse's benchmark index; a Pixel 5 class phone is 1,000): the figures
// in seconds move with it, the ratios and the calibrated phones do not.
console.log(`npm run bench, ${new Date().toISOString()}, host benchmark index ${(await hostBenchmarkIndex()).toFixed(0)}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
const dataDir = await mkdtemp(join(tmpdir(), 'quinielazo-bench-'));
const pushReceiverPort = await freePort();
const platform = await benchPlatform(dataDir, true, pushReceiverPort);
try {
  if (sections.has('gateway')) await benchGateway();
  if (sections.has('auth')) {
    heading('Auth: a registered address beside an unknown one (median of interleaved pairs)');
    await benchAuthTiming(platform);
  }
  if (sections.has('rush')) {
    heading('The Saturday rush, throwaway database (fsync and synchronous commit off)');
    await benchRush(platform);
    // The figures that matter: npm start's database keeps every acknowledged write through a crash.
    heading("The Saturday rush, npm start's durable database (fsync and synchronous commit on)");
    await withDurablePlatform((durable) => benchRush(durable));
  }
  if (sections.has('pgbench')) {
    heading("The rush per player: the product's 12-pick save beside a bare upsert, with pgbench (database CPU per save)");
    await benchPgbench(platform);
  }
  if (sections.has('chat')) {
    heading(`Round chat: one message to ${process.env.BENCH_CHAT_SUBSCRIBERS ?? 500} Realtime subscribers (postgres_changes, as the app, then Broadcast)`);
    await benchChatFanout(platform);
    await benchChatFanout(platform, 'broadcast');
  }
  if (sections.has('scoring')) {
    heading('Scoring and leaderboard at 100,000 players');
    await benchScoring(platform.dbUrl, { url: platform.apiUrl, anonKey: platform.anonKey });
  }
  if (sections.has('leagues')) {
    heading('Ligas: 100,000 players in 10,000 ligas, beside the global leaderboard');
    await benchLeagues(platform.dbUrl, { url: platform.apiUrl, anonKey: platform.anonKey });
  }
  if (sections.has('boost')) {
    heading('Boost: one game with 100,000 answers');
    await benchBoost(platform.dbUrl);
  }
  if (sections.has('push')) {
    heading('Reminders: queueing at 100,000 players, dispatching pushes');
    printPush(await benchPush(platform, pushReceiverPort));
  }
} finally {
  await platform.stop();
  await rm(dataDir, { recursive: true, force: true });
}

if (sections.has('live')) {
  const screens = Number(process.env.BENCH_LIVE_SCREENS ?? 100_000);
  heading(`Match day: a goal from the stand-in's match clock to ${screens.toLocaleString('en')} real Realtime screens, on a Realtime cluster, target ≤ 10 s`);
  // A project sized for them: hosted's defaults (100 events a second, the gateway's 8,192
  // connections, one process's open files) would refuse the crowd; hosted runs Realtime as a cluster too.
  await withOwnPlatform((own) => benchLiveGoal(own).then(() => undefined), {
    realtimeEventsPerSecond: 10 * screens,
    gatewayMaxConnections: screens + 10_000,
    realtimeNodes: liveNodes(screens),
  }, (part, m) => {
    // What a node says of a broadcast it could not hand on, or of its own trouble, is part of the figure.
    // A node process's stderr comes in chunks of lines with their stacks: the lines that say what, once each.
    if (part !== 'realtime') return;
    for (const line of m.split('\n')) if (/relay|exited|cut off|LISTEN|drain failed|pool error|MessagePerSecond|error handling/.test(line)) console.log(`  [realtime] ${line}`);
  });
}

if (sections.has('million')) {
  heading('A million players: scoring, rankings, Boost and reminders at 100,000 and 1,000,000');
  await withOwnPlatform((own) => benchMillion(own).then(() => undefined));
}

if (sections.has('keys')) {
  heading(`Foreign keys on the referees' tables at ${Number(process.env.KEYS_PLAYERS ?? 1_000_000).toLocaleString('en')} players: one row per player with and without them (issue 43)`);
  await withOwnPlatform((own) => benchKeys(own).then(() => undefined));
}

if (sections.has('bundle')) {
  heading('First-load JavaScript, per route (gzip)');
  const outDir = await mkdtemp(join(tmpdir(), 'quinielazo-bench-dist-'));
  await build({ root: join(import.meta.dirname, '..'), mode: 'local-platform', logLevel: 'silent', build: { outDir, emptyOutDir: true, manifest: true } });
  const first = firstLoadJs(outDir);
  console.log(`every route, the entry: ${(first.totalGzipBytes / 1024).toFixed(1)} KB gzip in ${first.files.length} files (target ≤ 150 KB); largest: ${first.files
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .slice(0, 3)
    .map((f) => `${f.file.replace('/assets/', '')} ${(f.gzipBytes / 1024).toFixed(1)} KB`)
    .join(', ')}`);
  for (const { path, sources } of PHONE_ROUTES) {
    const r = routeLoadJs(outDir, sources);
    console.log(`${path.padEnd(26)} ${(r.totalGzipBytes / 1024).toFixed(1).padStart(6)} KB gzip in ${r.files.length} files (target ≤ 150 KB)`);
  }
  await rm(outDir, { recursive: true, force: true });
}

if (sections.has('pwa')) {
  heading('Offline picks in Chromium (390×844)');
  await benchPicksPwa();
}

if (sections.has('inp')) {
  heading('The tap on a calibrated low-tier phone: INP (Event Timing), p75 of 24 taps while the outbox sends');
  await benchInp();
}

if (sections.has('lighthouse')) {
  heading('Lighthouse on calibrated phones: mid-tier (index 1,000) and low-tier (index 264), simulated slow 4G');
  await benchLighthouse();
}

async function benchGateway() {
  heading('Gateway');
  const supabase = createClient(platform.apiUrl, platform.anonKey, { auth: { persistSession: false }, realtime: { transport: ws as never } });
  const { data: round, error } = await supabase
    .from('quinielas')
    .select('id, matches(id)')
    .gt('deadline', new Date().toISOString())
    .eq('results_saved', false)
    .order('deadline')
    .limit(1)
    .single();
  if (error || !round) throw new Error(`no open round in the seed: ${error?.message}`);
  const { data: session, error: signInError } = await supabase.auth.signInWithPassword({ email: 'ana@quinielazo.mx', password: 'Jugador123' });
  if (signInError || !session.session) throw new Error(`demo player could not sign in: ${signInError?.message}`);

  console.log(`Gateway ${platform.apiUrl}: ${CONNECTIONS} concurrent connections, ${SECONDS} s per scenario\n`);
  const readPath =
    `/rest/v1/quinielas?select=id,name,week,deadline,matches(id,match_order,home_team,away_team,home_club:clubs!matches_home_club_id_fkey(id,name,logo_url),away_club:clubs!matches_away_club_id_fkey(id,name,logo_url))` +
    `&id=eq.${round.id}`;
  report(
    'read open round (nested matches + clubs)',
    await load({
      url: platform.apiUrl + readPath,
      method: 'GET',
      headers: { apikey: platform.anonKey, accept: 'application/json' },
      connections: CONNECTIONS,
      seconds: SECONDS,
    }),
  );

  const userId = session.user.id;
  const results = ['Local', 'Empate', 'Visita'];
  const picks = (round.matches as Array<{ id: number }>).map((m, i) => ({ user_id: userId, match_id: m.id, quiniela_id: round.id, result: results[i % 3] }));
  report(
    "upsert a player's 12 picks",
    await load({
      url: `${platform.apiUrl}/rest/v1/picks?on_conflict=user_id,match_id`,
      method: 'POST',
      headers: {
        apikey: platform.anonKey,
        authorization: `Bearer ${session.session.access_token}`,
        'content-type': 'application/json',
        prefer: 'resolution=merge-duplicates,return=minimal',
      },
      body: JSON.stringify(picks),
      connections: CONNECTIONS,
      seconds: SECONDS,
    }),
  );
}
