// `npm test`: the static checks and every test tier, stopping after the first group that fails,
// and a table of where the time went. Each step is its own npm script, to run alone. The checks
// and the unit tier run side by side (the checks print each result whole when it ends), so do the
// API and contract tiers (each on platforms of its own); the E2E tier runs alone, after them.
import { spawn } from 'node:child_process';

const GROUPS = [['check', 'test:unit'], ['test:api', 'test:contract'], ['test:e2e']];

function run(script: string): Promise<{ script: string; ok: boolean; seconds: number }> {
  const t0 = Date.now();
  return new Promise((done) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: 'inherit' });
    child.on('close', (code) => done({ script, ok: code === 0, seconds: (Date.now() - t0) / 1000 }));
  });
}

const started = Date.now();
const times: string[] = [];
let failed: string[] = [];
for (const group of GROUPS) {
  const t0 = Date.now();
  const results = await Promise.all(group.map(run));
  for (const r of results) times.push(`${r.ok ? '✓' : '✗'} ${r.script.padEnd(14)} ${r.seconds.toFixed(0).padStart(4)} s`);
  if (group.length > 1) times.push(`  (side by side: ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  failed = results.filter((r) => !r.ok).map((r) => r.script);
  if (failed.length) break;
}
console.log(`\nnpm test: ${failed.length ? `${failed.join(', ')} FAILED` : 'passed'} in ${((Date.now() - started) / 60_000).toFixed(1)} min\n${times.join('\n')}`);
process.exitCode = failed.length ? 1 : 0;
