// `npm run test:loaded`: `npm test` while another process keeps one core busy the whole time,
// to prove no test depends on a quiet machine (waits are for states, never durations; no test
// bounds a time). The load is a plain busy loop per core asked for (`LOAD_CORES`, default 1),
// at normal priority, so it takes its full share from the suite.
import { spawn } from 'node:child_process';

const cores = Number(process.env.LOAD_CORES ?? 1);
const burners = Array.from({ length: cores }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopLoad = () => burners.forEach((b) => b.kill('SIGKILL'));
process.on('SIGINT', () => {
  stopLoad();
  process.exit(130);
});

console.log(`npm test beside ${cores} busy core(s) (pids ${burners.map((b) => b.pid).join(', ')})`);
const started = Date.now();
const code = await new Promise<number>((done) => {
  const child = spawn('npm', ['test'], { stdio: 'inherit' });
  child.on('close', (c) => done(c ?? 1));
});
stopLoad();
console.log(`\nnpm test under load: ${code === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
process.exitCode = code;
