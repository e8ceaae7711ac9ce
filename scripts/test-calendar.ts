// `npm run test:calendar`: every test tier (unit, API, contract, E2E) with the clocks moved to
// another date, to prove the suite holds on any day. `TEST_DATE=<ISO date with offset>` runs
// once at that date; without it, once at each edge date below. `TEST_TIERS=api` picks tiers;
// `-- <file>` runs only that file in each tier (`TEST_TIERS=e2e npm run test:calendar -- tests/e2e/x.spec.ts`).
//
// Debian's libfaketime (LD_PRELOAD) shifts node, PostgreSQL, Deno and Chromium by an offset
// (`FAKETIME=-N`: every process counts on from the same shifted instant; `@date` would restart
// each later process's clock at that date). PostgREST is a static binary and keeps the real
// clock: it refuses a token issued in its future (JWTIssuedAtFuture, 30 s of skew) and takes one
// until the real clock passes its `exp`. So the dates lie in the past, and the harness's
// platforms issue tokens that live as long as the shift and a day (docs/testing.md).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';

const MEXICO_CITY = '-06:00'; // no daylight saving time since October 2022

/** The edges a Mexican month and year have, all in the past (see above). */
const EDGE_DATES: Array<[string, string]> = [
  [`2026-11-01T00:05:00${MEXICO_CITY}`, "a month's first hour"],
  [`2026-10-31T23:05:00${MEXICO_CITY}`, "a month's last hour"],
  [`2026-01-01T00:05:00${MEXICO_CITY}`, "a year's first hour"],
  [`2025-12-31T23:05:00${MEXICO_CITY}`, "a year's last hour"],
  [`2024-02-29T12:00:00${MEXICO_CITY}`, 'a leap day'],
  [`2026-11-30T23:57:00${MEXICO_CITY}`, "a run that crosses midnight at a month's end"],
  // Quiet hours (23:00–08:00) end during the run: a push about something due after 08:00 is held.
  [`2026-11-16T07:05:00${MEXICO_CITY}`, "quiet hours' last hour"],
];

/** `TEST_TIERS=api,e2e` runs only those (default: every tier but the static checks). */
const TIERS = (process.env.TEST_TIERS ?? 'unit,api,contract,e2e').split(',').map((t) => `test:${t.trim()}`);
const LIBFAKETIME = ['/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1', '/usr/lib/aarch64-linux-gnu/faketime/libfaketimeMT.so.1', '/usr/lib/faketime/libfaketimeMT.so.1'];
const DAY = 86_400;

function libfaketime(): string {
  const found = LIBFAKETIME.find((p) => existsSync(p));
  if (found) return found;
  console.log("Installing Debian's faketime (libfaketime)…");
  spawnSync('sh', ['-c', 'apt-get install -y -qq faketime >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq faketime >/dev/null; }'], { stdio: 'inherit' });
  const installed = LIBFAKETIME.find((p) => existsSync(p));
  if (!installed) throw new Error("libfaketime is missing: install Debian's faketime package (apt-get install faketime)");
  return installed;
}

/**
 * libfaketime (0.9.10, Debian's) gives a process a semaphore and a shared-memory object named after
 * its pid (/dev/shm/sem.faketime_sem_<pid>, faketime_shm_<pid>; its children open the parent's,
 * or, as another user, make their own) and never removes them. A PostgreSQL process (it runs as
 * `postgres` when the harness is root) given the pid of a root process that left its pair cannot
 * make its own and stops: "sem_open failed and recreation attempts failed: Permission denied",
 * and no database. So the pairs of processes no longer running are removed before each date and
 * every few seconds while it runs (pids come round in minutes).
 */
function removeFaketimeLeftovers(): void {
  let names: string[];
  try {
    names = readdirSync('/dev/shm');
  } catch {
    return;
  }
  for (const name of names) {
    const pid = /^(?:sem\.faketime_sem|faketime_shm)_(\d+)$/.exec(name)?.[1];
    if (!pid || existsSync(`/proc/${pid}`)) continue;
    try {
      rmSync(`/dev/shm/${name}`, { force: true });
    } catch {
      // Another user's, and this harness is not root: then PostgreSQL runs as this user too.
    }
  }
}

/** What follows `--` goes to every tier's command (a spec or a test file, to look at one case at a date). */
const PASSED_ON = process.argv.slice(2);

function run(command: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((done) => {
    const child = spawn('npm', ['run', '--silent', command, ...(PASSED_ON.length ? ['--', ...PASSED_ON] : [])], { stdio: 'inherit', env });
    child.on('close', (code) => done(code ?? 1));
  });
}

async function atDate(date: string, lib: string): Promise<{ ok: boolean; minutes: string; tiers: string[] }> {
  const target = Date.parse(date);
  if (Number.isNaN(target)) throw new Error(`TEST_DATE ${date} is not an ISO date (e.g. 2026-11-30T23:57:00-06:00)`);
  const offset = Math.round((target - Date.now()) / 1000);
  if (offset > -60) throw new Error(`TEST_DATE ${date} is not in the past: the static PostgREST keeps the real clock and refuses tokens issued in its future`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LD_PRELOAD: [lib, process.env.LD_PRELOAD].filter(Boolean).join(' '),
    // The monotonic clock moves with it: Chromium stalls when only the wall clock moves
    // (FAKETIME_DONT_FAKE_MONOTONIC=1: a timer of 100 ms took 5 s, a new tab failed).
    FAKETIME: String(offset),
    QUINIELAZO_TEST_JWT_EXPIRY: String(-offset + DAY),
  };
  const shown = spawnSync('date', ['--iso-8601=seconds'], { env, encoding: 'utf8' }).stdout.trim();
  console.log(`\n=== npm run test:calendar at ${date} (the processes' clock reads ${shown}; shift ${offset} s) ===\n`);
  const started = Date.now();
  removeFaketimeLeftovers();
  const sweeper = setInterval(removeFaketimeLeftovers, 5_000);
  const tiers: string[] = [];
  let ok = true;
  for (const tier of TIERS) {
    const t0 = Date.now();
    const code = await run(tier, env);
    tiers.push(`${tier} ${code === 0 ? 'passed' : 'FAILED'} (${((Date.now() - t0) / 60_000).toFixed(1)} min)`);
    if (code !== 0) ok = false;
  }
  clearInterval(sweeper);
  removeFaketimeLeftovers();
  return { ok, minutes: ((Date.now() - started) / 60_000).toFixed(1), tiers };
}

const lib = libfaketime();
const dates: Array<[string, string]> = process.env.TEST_DATE ? [[process.env.TEST_DATE, 'TEST_DATE']] : EDGE_DATES;
const results: string[] = [];
let allPassed = true;
for (const [date, why] of dates) {
  const r = await atDate(date, lib);
  allPassed &&= r.ok;
  results.push(`${r.ok ? '✓' : '✗'} ${date} (${why}), ${r.minutes} min: ${r.tiers.join(', ')}`);
}
console.log(`\n=== test:calendar ===\n${results.join('\n')}`);
process.exitCode = allPassed ? 0 : 1;
