import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
// This process's reservation files, removed when it exits.
const reservations = new Set<string>();
const reservationDir = join(tmpdir(), 'quinielazo-ports');

/** Whether nothing listens on `port` (on any address, as the servers here bind). */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '0.0.0.0', () => srv.close(() => resolve(true)));
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Reserves `port` across processes: a file named after it, created exclusively, holding the
 * reserving process's pid. Tests start platforms in several processes at once (the API tier's
 * shared platforms, the contract tier's, a test's own), and a port found free in one was taken
 * by another before its listen (EADDRINUSE). A reservation whose process has died is taken over.
 */
export function reservePort(port: number): boolean {
  if (reservations.size === 0) {
    mkdirSync(reservationDir, { recursive: true });
    process.once('exit', () => {
      for (const file of reservations) rmSync(file, { force: true });
    });
  }
  const file = join(reservationDir, String(port));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      reservations.add(file);
      return true;
    } catch {
      let holder = 0;
      try { holder = Number(readFileSync(file, 'utf8')); } catch { /* removed meanwhile */ }
      if (holder && alive(holder)) return false;
      rmSync(file, { force: true });
    }
  }
  return false;
}

/**
 * A free TCP port for a server started next. Not one the OS picks (port 0): those come from the
 * ephemeral range every outgoing connection draws from too (32768–60999 on Linux), and a bench
 * with Chromium, Lighthouse and a database opening connections took one between this check and
 * the server's listen (EADDRINUSE). A random port below that range is free of that race, and
 * its reservation keeps the other processes' platforms off it.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    if (handedOut.has(port) || !reservePort(port)) continue;
    handedOut.add(port);
    if (await isFree(port)) return port;
  }
  throw new Error('No free TCP port between 20000 and 32000');
}
