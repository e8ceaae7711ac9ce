// freePort() reserves its port across processes (supabase/local/wait.ts): the API tier's shared
// platforms, the contract tier's and a test's own start at once in different processes, and a
// port one of them found free was taken by another before its listen (EADDRINUSE, twice in one
// day of runs). Another process's reservation holds while it lives and is taken over once it died.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { reservePort } from '../../supabase/local/wait.ts';

const CHILD = `
import { freePort } from ${JSON.stringify(new URL('../../supabase/local/wait.ts', import.meta.url).pathname)};
console.log(await freePort());
process.stdin.resume();
`;

describe('freePort across processes', () => {
  it('never hands out a port another living process reserved, and takes it over once it has died', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    const port = Number(line);
    expect(port).toBeGreaterThanOrEqual(20000);

    expect(reservePort(port)).toBe(false);

    // SIGKILL: no exit handler runs, as when a test worker is killed, so the file stays behind.
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(reservePort(port)).toBe(true);
  });
});
