// `npm test`: the static checks, then every test tier, stopping at the first that fails, and a
// table of where the time went. Each step is its own npm script, to run alone.
import { spawn } from 'node:child_process';

const STEPS = ['check', 'test:unit', 'test:api', 'test:contract', 'test:e2e'];

function run(script: string): Promise<number> {
  return new Promise((done) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: 'inherit' });
    child.on('close', (code) => done(code ?? 1));
  });
}

const started = Date.now();
const times: string[] = [];
let failed: string | undefined;
for (const step of STEPS) {
  const t0 = Date.now();
  const code = await run(step);
  times.push(`${code === 0 ? '✓' : '✗'} ${step.padEnd(14)} ${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s`);
  if (code !== 0) {
    failed = step;
    break;
  }
}
console.log(`\nnpm test: ${failed ? `${failed} FAILED` : 'passed'} in ${((Date.now() - started) / 60_000).toFixed(1)} min\n${times.join('\n')}`);
process.exitCode = failed ? 1 : 0;
