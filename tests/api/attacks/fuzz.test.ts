// A bounded fuzz run, as an attacker's script would do it: malformed JSON, wrong types, huge
// and NUL-laden strings, sent to every auth endpoint, every public RPC (listed live from
// pg_proc) and every function. Every answer must be below 500, a 4xx must say what was wrong,
// nothing may hang, and the platform must still serve afterwards. Fixed seed, fixed count.
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { serveApp } from '../../../scripts/serve-app.ts';
import { SUPABASE_DIR } from '../../../supabase/local/database.ts';
import { db } from '../../support/clients.ts';
import { createPlayer } from '../../support/players.ts';

const SEED = 0x5eed1234;
const PER_TARGET = 12;
const REQUEST_TIMEOUT_MS = 10_000;

afterAll(async () => {
  await db().end();
});

/** mulberry32: a tiny deterministic PRNG, so a failure replays exactly. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = prng(SEED);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];

const NUL = '\u0000';
const HUGE = 'Ñ'.repeat(200_000);
function value(depth = 0): unknown {
  const kinds = [
    () => HUGE,
    () => `a${NUL}b${NUL}`,
    () => `${NUL}@example.com`,
    () => 'x'.repeat(Math.floor(rand() * 5000)),
    () => -Math.floor(rand() * 1e12),
    () => rand() * 1e308 * 10,
    () => Infinity,
    () => true,
    () => null,
    () => '',
    () => "'; drop table public.picks; --",
    () => '../../etc/passwd',
    () => '2026-13-45T99:99:99Z',
    () => '\ud800',
    () => '⚽️🏆'.repeat(1000),
    () => randomUUID(),
    () => (depth < 3 ? [value(depth + 1), value(depth + 1)] : []),
    () => (depth < 3 ? { [pick(['a', NUL, 'email', '__proto__'])]: value(depth + 1) } : {}),
  ];
  return pick(kinds)();
}

/** A request body: malformed JSON, a wrong top-level type, or the expected keys with wrong values. */
function body(keys: string[]): string {
  const shapes = [
    () => '{',
    () => '{"email": "a@b.c",',
    () => `{"a": "${NUL}"}`,
    () => '[1, 2, 3]',
    () => '"just a string"',
    () => 'null',
    () => '9'.repeat(5000),
    () => '['.repeat(5000) + ']'.repeat(5000),
    () => JSON.stringify(Object.fromEntries(keys.map((k) => [k, value()]))),
    () => JSON.stringify(Object.fromEntries(keys.map((k) => [k, value()]))),
    () => JSON.stringify(Object.fromEntries(keys.map((k) => [k, value()]))),
  ];
  return pick(shapes)();
}

interface Target {
  label: string;
  method: string;
  url: string;
  keys: string[];
  headers: Record<string, string>;
}

const counts = { requests: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
const failures: string[] = [];

async function send(t: Target, payload: string | undefined): Promise<void> {
  counts.requests++;
  let status: number;
  let text: string;
  try {
    const r = await fetch(t.url, {
      method: t.method,
      headers: { 'content-type': 'application/json', ...t.headers },
      body: payload,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    status = r.status;
    text = await r.text();
  } catch (e) {
    counts['5xx']++;
    failures.push(`${t.label}: no answer (${(e as Error).name}: ${String((e as { cause?: unknown }).cause ?? (e as Error).message)}) for ${payload?.slice(0, 80)}`);
    return;
  }
  const bucket = `${Math.floor(status / 100)}xx` as keyof typeof counts;
  if (bucket in counts) counts[bucket]++;
  if (status >= 500) failures.push(`${t.label}: ${status} ${text.slice(0, 160)} for ${payload?.slice(0, 80)}`);
  else if (status >= 400) {
    // A clear message: GoTrue's msg/message, PostgREST's message, a function's error.
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: judged below */
    }
    const message = parsed.message ?? parsed.msg ?? parsed.error ?? parsed.error_description;
    if (typeof message !== 'string' || !message.trim()) failures.push(`${t.label}: ${status} without a message: ${text.slice(0, 160)}`);
  }
}

describe('bounded fuzz', () => {
  it('every auth endpoint, public RPC and function answers malformed input below 500, with a message, and the platform still serves', { timeout: 120_000 }, async () => {
    const started = Date.now();
    const apiUrl = inject('apiUrl');
    const anon = { apikey: inject('anonKey'), 'x-supabase-api-version': '2024-01-01' };
    const service = { apikey: inject('serviceRoleKey'), authorization: `Bearer ${inject('serviceRoleKey')}`, 'x-supabase-api-version': '2024-01-01' };
    const player = await createPlayer();
    const asPlayer = { apikey: inject('anonKey'), authorization: `Bearer ${player.accessToken}`, 'x-supabase-api-version': '2024-01-01' };

    const authKeys = ['email', 'password', 'data', 'type', 'token', 'token_hash', 'refresh_token', 'auth_code', 'code_verifier', 'code_challenge', 'code_challenge_method', 'create_user'];
    const authRoutes: Array<[string, string, Record<string, string>]> = [
      ['POST', '/signup', anon],
      ['POST', '/token?grant_type=password', anon],
      ['POST', '/token?grant_type=refresh_token', anon],
      ['POST', '/token?grant_type=pkce', anon],
      ['POST', '/token?grant_type=%00', anon],
      ['POST', '/verify', anon],
      ['POST', '/recover', anon],
      ['POST', '/otp', anon],
      ['POST', '/magiclink', anon],
      ['POST', '/resend', anon],
      ['PUT', '/user', asPlayer],
      ['POST', '/logout?scope=%00', asPlayer],
      ['POST', '/admin/users', service],
      ['PUT', `/admin/users/${randomUUID()}`, service],
    ];
    const targets: Target[] = authRoutes.map(([method, path, headers]) => ({ label: `auth ${method} ${path}`, method, url: `${apiUrl}/auth/v1${path}`, keys: authKeys, headers }));

    // Every RPC PostgREST exposes in public, with its own argument names.
    const { rows: rpcs } = await db().query<{ name: string; args: string[] | null }>(
      `select p.proname as name, p.proargnames as args
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype
          and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
        order by 1`,
    );
    expect(rpcs.length).toBeGreaterThan(0);
    for (const r of rpcs) {
      for (const [who, headers] of [['anon', anon], ['player', asPlayer]] as const) {
        targets.push({ label: `rpc ${r.name} as ${who}`, method: 'POST', url: `${apiUrl}/rest/v1/rpc/${r.name}`, keys: (r.args ?? []).filter(Boolean), headers });
      }
    }

    // Every function the platform serves.
    const functions = readdirSync(join(SUPABASE_DIR, 'functions'), { withFileTypes: true }).filter((d) => d.isDirectory() && !d.name.startsWith('_'));
    expect(functions.length).toBeGreaterThan(0);
    for (const f of functions) {
      for (const [who, headers] of [['anon', { ...anon, authorization: `Bearer ${inject('anonKey')}` }], ['player', asPlayer]] as const) {
        targets.push({ label: `function ${f.name} as ${who}`, method: 'POST', url: `${apiUrl}/functions/v1/${f.name}`, keys: ['name', 'email', 'message', 'subject', 'html', 'round_id', 'quiniela_id', 'audience'], headers });
      }
    }

    for (const t of targets) {
      for (let i = 0; i < PER_TARGET; i++) await send(t, body(t.keys));
    }
    // Auth input that names an Object member where a handler or key is picked, and JSON nested
    // past a parser's stack (issue 27: both were 500s).
    const authTargets = targets.filter((t) => t.label.startsWith('auth '));
    for (const t of authTargets) {
      await send(t, `{"data":${'['.repeat(50_000)}${']'.repeat(50_000)}}`);
      for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
        await send(t, JSON.stringify({ type: name, email: 'jugador@example.com', token: '123456', token_hash: name, [name]: name, data: { [name]: name } }));
      }
    }
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      for (const q of [`type=${name}&token=abc`, `type=signup&token=${name}`, `grant_type=${name}`]) {
        await send({ label: `auth GET /verify?${q}`, method: 'GET', url: `${apiUrl}/auth/v1/verify?${q}`, keys: [], headers: anon }, undefined);
        await send({ label: `auth POST /token?${q}`, method: 'POST', url: `${apiUrl}/auth/v1/token?${q}`, keys: [], headers: anon }, '{}');
      }
    }
    // Query-string fuzz on the read side too.
    for (const q of ['page=-5&per_page=abc', 'page=%00', 'per_page=99999999999999999999']) {
      await send({ label: `auth GET /admin/users?${q}`, method: 'GET', url: `${apiUrl}/auth/v1/admin/users?${q}`, keys: [], headers: service }, undefined);
    }

    const seconds = (Date.now() - started) / 1000;
    console.log(
      `fuzz (seed ${SEED.toString(16)}): ${counts.requests} requests to ${targets.length} targets (${rpcs.length} RPCs, ${functions.length} functions) in ${seconds.toFixed(1)} s — ` +
        `2xx ${counts['2xx']}, 3xx ${counts['3xx']}, 4xx ${counts['4xx']}, 5xx ${counts['5xx']}`,
    );
    if (failures.length) console.log(failures.join('\n'));

    // Still serving: auth, PostgREST, realtime and the database answer as before.
    expect((await fetch(`${apiUrl}/auth/v1/health`, { headers: anon })).status).toBe(200);
    expect((await fetch(`${apiUrl}/rest/v1/quinielas?select=id&limit=1`, { headers: anon })).status).toBe(200);
    expect((await fetch(`${apiUrl}/realtime/v1/api/health`, { headers: anon })).status).toBe(200);
    expect((await player.client.from('profiles').select('id').eq('id', player.id)).data).toEqual([{ id: player.id }]);

    expect(failures).toEqual([]);
  });

  // Finding (issue 27, item 7): GET /auth/v1/verify?type=constructor answered 500, the input
  // picking a handler through a plain object's inherited keys. Everywhere input picks a handler
  // or a key, the names every object inherits must be nothing special.
  const INHERITED = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];

  it('every route of the app server and every table read through the gateway answers junk below 500, and both still serve', { timeout: 120_000 }, async () => {
    const apiUrl = inject('apiUrl');
    const anonKey = inject('anonKey');
    const dir = await mkdtemp(join(tmpdir(), 'quinielazo-fuzz-app-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><html><head><title>Quinielazo</title></head><body><div id="root"></div></body></html>');
    const app = await serveApp({ port: 0, dir, api: { url: apiUrl, anonKey } });
    const owner = await createPlayer();
    const { data: liga, error } = await owner.client.rpc('create_league', { name: 'Liga del fuzz' });
    if (error) throw error;
    const bits = ['liga', (liga as Array<{ code: string }>)[0]!.code, 'rules', 'picks', 'assets', '..', '%2e%2e', '%00', '%ZZ', '%c0%af', 'ñ', '⚽', 'x'.repeat(3000), '', '?', '#', ';', '\\', 'index.html', 'sw.js'];
    const methods = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'];
    const hosts = ['localhost', '[', 'evil.example', '', 'a'.repeat(300), 'localhost:99999'];
    const accepts = ['text/html', '*/*', 'application/json', '', 'text/html;q=0'];
    /** A raw request, so the path, the method and the Host go out exactly as written. */
    const raw = (path: string, method: string, host: string, accept: string) =>
      new Promise<number | string>((resolve) => {
        // What a browser would put on the wire: anything outside printable ASCII percent-encoded.
        const wire = path.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
        const req = request(`${app.url}/`, { method, path: wire, headers: { host, accept }, timeout: REQUEST_TIMEOUT_MS }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('timeout', () => req.destroy(new Error('timeout')));
        req.on('error', (e) => resolve(`no answer: ${e.message}`));
        req.end();
      });
    const found: string[] = [];
    let requests = 0;
    try {
      for (let i = 0; i < 300; i++) {
        const path = '/' + Array.from({ length: 1 + Math.floor(rand() * 4) }, () => pick(bits)).join('/') + (rand() < 0.3 ? `?${pick(bits)}=${pick(bits)}` : '');
        const [method, host, accept] = [pick(methods), pick(hosts), pick(accepts)];
        const status = await raw(path, method, host, accept);
        requests++;
        if (typeof status !== 'number' || status >= 500) found.push(`app ${method} ${path.slice(0, 80)} (Host ${host.slice(0, 20)}, Accept ${accept}): ${status}`);
      }
      // Every table and view PostgREST exposes, read with filters, orders and ranges that make no sense.
      const { rows: relations } = await db().query<{ name: string }>(
        `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'v', 'm') order by 1`,
      );
      const queries = ['select=%00', 'select=*,nope(*)', 'id=eq.%00', 'id=gt.\'', 'order=nope.desc', 'limit=-1', 'offset=99999999999999999999', 'or=(id.eq.1', 'id=in.(' + '1,'.repeat(2000) + '1)', 'and=(a.eq.1,b.eq.2)'];
      for (const r of relations) {
        for (const q of queries) {
          const res = await fetch(`${apiUrl}/rest/v1/${r.name}?${q}`, { headers: { apikey: anonKey, range: pick(['0-9', '-5', 'abc', '9999999999999999999-1']) }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).catch((e: Error) => e);
          requests++;
          if (res instanceof Error) found.push(`rest GET ${r.name}?${q.slice(0, 40)}: no answer (${res.message})`);
          else {
            await res.arrayBuffer();
            if (res.status >= 500) found.push(`rest GET ${r.name}?${q.slice(0, 40)}: ${res.status}`);
          }
        }
      }
      console.log(`route fuzz (seed ${SEED.toString(16)}): ${requests} requests to the app server and ${relations.length} tables and views, ${found.length} at 5xx or unanswered`);
      expect(found).toEqual([]);
      expect(await raw('/rules', 'GET', 'localhost', 'text/html')).toBe(200);
      expect((await fetch(`${apiUrl}/rest/v1/clubs?select=id&limit=1`, { headers: { apikey: anonKey } })).status).toBe(200);
    } finally {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names every object inherits pick no function, route or mailbox', async () => {
    const apiUrl = inject('apiUrl');
    const auth = { apikey: inject('anonKey'), authorization: `Bearer ${inject('anonKey')}`, 'content-type': 'application/json' };
    for (const name of INHERITED) {
      const fn = await fetch(`${apiUrl}/functions/v1/${name}`, { method: 'POST', headers: auth, body: '{}' });
      expect([name, fn.status, await fn.json()]).toEqual([name, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' }]);
      const realtime = await fetch(`${apiUrl}/realtime/v1/api/${name}`, { method: 'POST', headers: auth, body: '{}' });
      expect([name, realtime.status]).toEqual([name, 404]);
      const box = await fetch(`${inject('inboxUrl')}/api/v1/mailbox/${name}`);
      expect([name, box.status, await box.json()]).toEqual([name, 200, []]);
      const mp = await fetch(`${inject('mercadopagoUrl')}/__local/payments/${name}/status`, { method: 'POST', body: '{"status":"approved"}' });
      expect([name, mp.status]).toEqual([name, 404]);
    }
  });

  it("a presence key named like an inherited property is a key like any other, and breaks no one's presence", async () => {
    const url = `${inject('apiUrl').replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${inject('anonKey')}&vsn=1.0.0`;
    const open = async () => {
      const ws = new WebSocket(url);
      const frames: Array<{ event: string; ref: string | null; payload: Record<string, unknown> }> = [];
      ws.on('message', (d) => frames.push(JSON.parse(String(d))));
      await new Promise((r) => ws.once('open', r));
      return { ws, frames };
    };
    const topic = `realtime:presencia-${randomUUID()}`;
    const join = (ws: WebSocket, key: string, ref: string) => ws.send(JSON.stringify({ topic, event: 'phx_join', payload: { config: { presence: { key, enabled: true } } }, ref, join_ref: ref }));
    const track = (ws: WebSocket, ref: string, joinRef: string) =>
      ws.send(JSON.stringify({ topic, event: 'presence', payload: { type: 'presence', event: 'track', payload: { nombre: 'x' } }, ref, join_ref: joinRef }));
    const attackers = [];
    for (const [i, key] of INHERITED.entries()) {
      const a = await open();
      attackers.push(a.ws);
      join(a.ws, key, `${i}-1`);
      track(a.ws, `${i}-2`, `${i}-1`);
      await expect.poll(() => a.frames.find((f) => f.ref === `${i}-2`)?.payload.status, { timeout: 30_000 }).toBe('ok');
    }
    // A player joining afterwards gets the whole presence state, every odd key in it.
    const player = await open();
    join(player.ws, 'jugador', 'p-1');
    await expect.poll(() => player.frames.find((f) => f.event === 'presence_state'), { timeout: 30_000 }).toBeTruthy();
    const state = player.frames.find((f) => f.event === 'presence_state')!.payload;
    expect(Object.keys(state).sort()).toEqual([...INHERITED].sort());
    for (const ws of [...attackers, player.ws]) ws.close();
  });
});
