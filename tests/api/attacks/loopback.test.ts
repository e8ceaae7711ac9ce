// Finding (issue 27, item 9): the local MercadoPago's /__local hooks, which credit Pro entries
// without a token, listened on every interface: anyone on the same network could pay himself
// on a developer's machine. So did the gateway and the inbox. Every local server now listens on
// loopback only (127.0.0.1 and ::1, so `localhost` works whichever it resolves to), unless
// PLATFORM_HOST says otherwise.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { serveApp } from '../../../scripts/serve-app.ts';
import { listenLocal } from '../../../supabase/local/listen.ts';

/** This machine's addresses on its networks (what a neighbour on the Wi-Fi would connect to). */
const outside = Object.values(networkInterfaces())
  .flat()
  .filter((a) => a && !a.internal && !(a.family === 'IPv6' && a.address.startsWith('fe80')))
  .map((a) => a!.address);
const hasIpv6Loopback = Object.values(networkInterfaces())
  .flat()
  .some((a) => a?.internal && a.address === '::1');

/** 'open' or the connection error's code. */
function tryConnect(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const s = connect({ host, port, timeout: 3000 });
    s.once('connect', () => {
      s.destroy();
      resolve('open');
    });
    s.once('timeout', () => {
      s.destroy();
      resolve('ETIMEDOUT');
    });
    s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
  });
}

const dirs: string[] = [];
const apps: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  for (const a of apps) await a.close();
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function platformPorts(): Promise<Record<string, number>> {
  const app = await mkdtemp(join(tmpdir(), 'quinielazo-loopback-'));
  dirs.push(app);
  await writeFile(join(app, 'index.html'), '<!doctype html><title>Quinielazo</title>');
  const served = await serveApp({ port: 0, dir: app });
  apps.push(served);
  return {
    gateway: Number(new URL(inject('apiUrl')).port),
    inbox: Number(new URL(inject('inboxUrl')).port),
    mercadopago: Number(new URL(inject('mercadopagoUrl')).port),
    smtp: inject('smtpPort'),
    app: Number(new URL(served.url).port),
  };
}

describe('attack: the local servers from the network', () => {
  it.skipIf(outside.length === 0)("refuse a connection to the machine's network addresses", async () => {
    for (const [name, port] of Object.entries(await platformPorts())) {
      for (const address of outside) expect(`${name} ${address}: ${await tryConnect(address, port)}`).toBe(`${name} ${address}: ECONNREFUSED`);
    }
  });

  it('answer on loopback: 127.0.0.1, ::1 and localhost', async () => {
    for (const [name, port] of Object.entries(await platformPorts())) {
      expect(`${name}: ${await tryConnect('127.0.0.1', port)}`).toBe(`${name}: open`);
      // SMTP's only clients are the platform's own mailers, which dial 127.0.0.1.
      if (name === 'smtp') continue;
      if (hasIpv6Loopback) expect(`${name} ::1: ${await tryConnect('::1', port)}`).toBe(`${name} ::1: open`);
      // As the browser opens the app: by name, whichever address `localhost` resolves to first.
      const r = await fetch(`http://localhost:${port}/`);
      expect(r.status, name).toBeLessThan(500);
    }
    // The MercadoPago hooks answer a local caller as before.
    const hooks = await fetch(`${inject('mercadopagoUrl')}/__local/deliveries`);
    expect(hooks.status).toBe(200);
  });

  it.skipIf(outside.length === 0)('listen on the network only when PLATFORM_HOST says so', async () => {
    const server = createServer((_, res) => res.end('ok'));
    const before = process.env.PLATFORM_HOST;
    process.env.PLATFORM_HOST = '0.0.0.0';
    try {
      const port = await listenLocal(server, 0);
      const ipv4 = outside.filter((a) => !a.includes(':'));
      for (const address of ipv4) expect(await tryConnect(address, port)).toBe('open');
    } finally {
      if (before === undefined) delete process.env.PLATFORM_HOST;
      else process.env.PLATFORM_HOST = before;
      server.close();
    }
  });
});
