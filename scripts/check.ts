// The static checks side by side (npm run check; npm test runs it first): the type check of the
// app and of the service worker, ESLint and knip, so on a machine of two or more cores they take
// the time of the longest (ESLint) instead of the sum. The type check is TypeScript 7's native
// compiler (`typescript-go`, docs/decisions/testing.md): a quarter of TypeScript 6's CPU. Each
// one's output is printed whole when it ends; the exit code is 1 if any failed.
import { spawn } from 'node:child_process';

// TypeScript 7 under its own name: vite, typescript-eslint and knip use TypeScript 6's JavaScript
// API, which TypeScript 7 no longer has, and both install a `tsc` binary.
const TSC = 'node_modules/typescript-go/bin/tsc';

const CHECKS: Array<[name: string, command: string[]]> = [
  ['eslint', ['eslint', '.', '--max-warnings=0']],
  ['tsc (app, platform, tests)', [TSC, '-p', 'tsconfig.json']],
  ['tsc (service worker)', [TSC, '-p', 'service-worker/tsconfig.json']],
  ['knip', ['knip']],
];

function run([name, [command, ...args]]: (typeof CHECKS)[number]): Promise<boolean> {
  const started = Date.now();
  return new Promise((done) => {
    // The package's own binaries, as npm scripts find them.
    const child = spawn(command.includes('/') ? command : `node_modules/.bin/${command}`, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => (output += `${error}\n`));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? '✓' : '✗'} ${name} (${seconds} s)\n${output ? `${output.trimEnd()}\n` : ''}`);
      done(code === 0);
    });
  });
}

const results = await Promise.all(CHECKS.map(run));
process.exitCode = results.every(Boolean) ? 0 : 1;
