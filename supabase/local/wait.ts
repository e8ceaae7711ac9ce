/** Polls `check` until it returns true; throws after `timeoutMs` naming `what`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < until) {
    try {
      if (await check()) return;
    } catch (e) {
      lastError = e;
      if (e instanceof Error && /exited/.test(e.message)) throw e;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} not ready after ${timeoutMs} ms${lastError ? `: ${String(lastError)}` : ''}`);
}

// Ports handed out by this process: two calls never return the same one.
const handedOut = new Set<number>();

/** Whether nothing listens on `port` (on any address, as the servers here bind). */
async function isFree(port: number): Promise<boolean> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '0.0.0.0', () => srv.close(() => resolve(true)));
  });
}

/**
 * A free TCP port for a server started next. Not one the OS picks (port 0): those come from the
 * ephemeral range every outgoing connection draws from too (32768–60999 on Linux), and a bench
 * with Chromium, Lighthouse and a database opening connections took one between this check and
 * the server's listen (EADDRINUSE). A random port below that range is free of that race.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    if (handedOut.has(port) || !(await isFree(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error('No free TCP port between 20000 and 32000');
}
