// `npm run attack:rerun`: the third outside attack's three platform-wide findings (issue 41),
// replayed at their full size against a fresh platform configured as `npm start` is, and
// counted as the attack counted them: requests, 5xx, and probes of other routes that stalled.
//   flood  one anonymous socket sends 20,000 broadcast frames to a channel with 100 subscribers,
//          while 60 REST probes run one after another;
//   burst  300 wrong passwords over 10 addresses at once, while 20 probes run;
//   idle   21,000 TCP connections opened and never used, while 200 new requests are made.
// A probe "stalls" past STALL_MS (the attack's probes timed out at 30 s). Figures, not a test:
// the API tier holds the behaviour (tests/api/attacks/realtime-flood, sign-in-burst, idle-connections).
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startPlatform } from '../supabase/local/platform.ts';
import { freePort } from '../supabase/local/wait.ts';

const STALL_MS = 5_000;
const PROBE_TIMEOUT_MS = 30_000;

// --- idle holder (a child process: one process may hold at most `ulimit -n` sockets) ---
if (process.argv[2] === '--hold') {
  const [port, count] = [Number(process.argv[3]), Number(process.argv[4])];
  let opened = 0;
  let refused = 0;
  let closedByServer = 0;
  const sockets = [];
  for (let i = 0; i < count; i++) {
    const s = connect(port, '127.0.0.1');
    let connected = false;
    s.on('error', () => {});
    s.once('connect', () => {
      connected = true;
      opened++;
    });
    s.once('close', () => (connected ? closedByServer++ : refused++));
    sockets.push(s);
    if (i % 500 === 499) await new Promise((r) => setImmediate(r));
  }
  process.on('message', () => process.send!({ opened, refused, closedByServer }));
  process.send!({ ready: true });
} else {
  await main();
}

interface Probe {
  status: number | 'timeout' | 'reset';
  ms: number;
}

async function probe(url: string, headers: Record<string, string>): Promise<Probe> {
  const t0 = performance.now();
  try {
    const r = await fetch(url, { headers, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await r.arrayBuffer();
    return { status: r.status, ms: performance.now() - t0 };
  } catch (e) {
    return { status: (e as Error).name === 'TimeoutError' ? 'timeout' : 'reset', ms: performance.now() - t0 };
  }
}

function probeLine(probes: Probe[]): string {
  const ms = probes.map((p) => p.ms).sort((a, b) => a - b);
  const count = (f: (p: Probe) => boolean) => probes.filter(f).length;
  return `${probes.length} probes: ${count((p) => p.status === 200)} answered 200, ${count((p) => typeof p.status === 'number' && p.status >= 500)} 5xx, ${count((p) => p.status === 'timeout')} timed out, ${count((p) => p.status === 'reset')} reset; ${count((p) => p.ms > STALL_MS)} stalled past ${STALL_MS / 1000} s; median ${ms[Math.floor(ms.length / 2)]!.toFixed(0)} ms, max ${ms.at(-1)!.toFixed(0)} ms`;
}

function statuses(codes: Array<number | string>): string {
  const m = new Map<string, number>();
  for (const c of codes) m.set(String(c), (m.get(String(c)) ?? 0) + 1);
  return [...m].sort().map(([k, v]) => `${v} × ${k}`).join(', ');
}

async function flood(apiUrl: string, anonKey: string, probeUrl: string) {
  const topic = `realtime:flood-${randomUUID()}`;
  const ws = (): Promise<WebSocket> =>
    new Promise((resolve, reject) => {
      const s = new WebSocket(`${apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${anonKey}&vsn=2.0.0`);
      s.once('open', () => resolve(s)).once('error', reject);
    });
  const join = (s: WebSocket) =>
    new Promise<void>((resolve) => {
      const ref = randomUUID();
      s.on('message', function joined(data) {
        if (JSON.parse(String(data))[1] === ref) {
          s.off('message', joined);
          resolve();
        }
      });
      s.send(JSON.stringify(['1', ref, topic, 'phx_join', { config: { broadcast: { self: false }, presence: { key: '' }, private: false } }]));
    });
  let delivered = 0;
  const subscribers = await Promise.all(Array.from({ length: 100 }, ws));
  for (const s of subscribers) {
    await join(s);
    s.on('message', (data) => {
      if (String(data).includes('"broadcast"')) delivered++;
    });
  }
  const attacker = await ws();
  await join(attacker);
  // Hosted shuts an over-limit channel down (phx_close, then a system error) before the socket.
  let channelShutAfter: number | null = null;
  attacker.on('message', (data) => {
    if (channelShutAfter === null && /"phx_close"|"phx_error"/.test(String(data))) channelShutAfter = sent;
  });
  let attackerClosedAfter: number | null = null;
  let sent = 0;
  attacker.on('close', () => (attackerClosedAfter = sent));
  const sending = (async () => {
    for (; sent < 20_000 && attackerClosedAfter === null; sent++) {
      attacker.send(JSON.stringify(['1', null, topic, 'broadcast', { type: 'broadcast', event: 'flood', payload: { n: sent } }]));
      if (sent % 200 === 199) await new Promise((r) => setImmediate(r));
    }
  })();
  const probes: Probe[] = [];
  for (let i = 0; i < 60; i++) probes.push(await probe(probeUrl, { apikey: anonKey }));
  await sending;
  console.log(
    `flood: ${sent} frames sent; the attacker's channel ${channelShutAfter === null ? 'was never shut' : `was shut by the server after ${channelShutAfter} frames`}, his socket ${attackerClosedAfter === null ? 'left open' : `closed after ${attackerClosedAfter} frames`}; ${delivered} broadcasts reached the 100 subscribers (${(delivered / 100).toFixed(0)} frames each)`,
  );
  console.log(`flood: ${probeLine(probes)}`);
  for (const s of [...subscribers, attacker]) s.terminate();
}

async function burst(apiUrl: string, anonKey: string, serviceKey: string, probeUrl: string) {
  const accounts = await Promise.all(
    Array.from({ length: 10 }, async () => {
      const email = `rafaga-${randomUUID().slice(0, 8)}@attack.quinielazo.test`;
      const r = await fetch(`${apiUrl}/auth/v1/admin/users`, {
        method: 'POST',
        headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Correcta123', email_confirm: true, user_metadata: { username: `rafaga_${randomUUID().slice(0, 8)}` } }),
      });
      if (!r.ok) throw new Error(`admin createUser: ${r.status} ${await r.text()}`);
      return email;
    }),
  );
  const answers = Array.from({ length: 300 }, (_, i) =>
    fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: accounts[i % 10], password: `Incorrecta${i}` }),
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    }).then(
      async (r) => `${r.status} ${((await r.json()) as { error_code?: string }).error_code ?? ''}`.trim(),
      (e: Error) => (e.name === 'TimeoutError' ? 'timeout' : 'reset'),
    ),
  );
  const probes: Probe[] = [];
  for (let i = 0; i < 20; i++) probes.push(await probe(probeUrl, { apikey: anonKey }));
  console.log(`burst: 300 wrong passwords answered ${statuses(await Promise.all(answers))}`);
  console.log(`burst: ${probeLine(probes)}`);
}

async function idle(apiPort: number, anonKey: string, probeUrl: string) {
  // Three holders of 7,000 each: a process here may hold 20,000 descriptors.
  const holders = Array.from({ length: 3 }, () => fork(import.meta.filename, ['--hold', String(apiPort), '7000'], { execArgv: ['--import', 'tsx'] }));
  await Promise.all(holders.map((h) => new Promise((r) => h.once('message', r))));
  const probes: Probe[] = [];
  for (let i = 0; i < 200; i++) probes.push(await probe(probeUrl, { apikey: anonKey }));
  const counts = await Promise.all(holders.map((h) => new Promise<{ opened: number; refused: number; closedByServer: number }>((r) => { h.once('message', r as never); h.send('count'); })));
  const sum = (k: 'opened' | 'refused' | 'closedByServer') => counts.reduce((n, c) => n + c[k], 0);
  console.log(`idle: 21,000 connections tried: ${sum('opened')} opened, ${sum('closedByServer')} closed by the server by the end of the probes, ${sum('refused')} refused at connect`);
  console.log(`idle: ${probeLine(probes)}`);
  for (const h of holders) h.kill();
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'quinielazo-attack-'));
  const ports = { api: await freePort(), db: await freePort(), inbox: await freePort(), smtp: await freePort(), app: await freePort(), mercadopago: await freePort() };
  const platform = await startPlatform({ dataDir, ports, throwawayTestDatabase: true, scheduler: false });
  const probeUrl = `${platform.apiUrl}/rest/v1/clubs?select=id&limit=1`;
  const asked = process.argv.slice(2);
  const runs = asked.length ? asked : ['flood', 'burst', 'idle'];
  try {
    console.log(`Attack rerun against a fresh platform (npm start's settings) at ${platform.apiUrl}`);
    if (runs.includes('flood')) await flood(platform.apiUrl, platform.anonKey, probeUrl);
    if (runs.includes('burst')) await burst(platform.apiUrl, platform.anonKey, platform.serviceRoleKey, probeUrl);
    if (runs.includes('idle')) await idle(platform.ports.api, platform.anonKey, probeUrl);
  } finally {
    await platform.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
