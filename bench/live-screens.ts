// The phones of bench/live-goal.ts, in a child process (one process holds a few tens of thousands
// of sockets; several share the crowd): COUNT real websockets to one node of Realtime, each from
// LOCAL_ADDRESS (a loopback address of its own, so the crowd is not limited by one address's
// ephemeral ports), each joined to the round's private topic as the app's hook joins it, each
// with its own player's access token (a line of TOKENS each), reconnecting as realtime-js does when its socket fails before joining, sending Phoenix's heartbeat every 25 s and joining again after 10 s without an answer as
// realtime-js does, and each parsing every frame it gets.
// For every goal it reports how many screens heard it and when the first and the last did (wall
// clock in ms: performance.timeOrigin + performance.now(), comparable across processes).
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';

interface Job {
  url: string;
  /** A file of access tokens, one a line: screen i joins with line i. */
  tokens: string;
  topic: string;
  count: number;
  localAddress: string;
  /** Joins in flight at once. */
  joining: number;
}

type FromParent = { kind: 'report'; goal: number } | { kind: 'close' };

/** The payloads the screens read: a join's reply, and a broadcast with the round's scores. */
interface Frame {
  status?: string;
  event?: string;
  payload?: { matches?: Array<{ home: number | null }> };
}

const job = JSON.parse(process.argv[2]!) as Job;
const tokens = readFileSync(job.tokens, 'utf8').split('\n');
/** Why screens could not join, counted per message. */
const errors: Record<string, number> = {};
const fail = (why: string) => void (errors[why] = (errors[why] ?? 0) + 1);
const now = () => performance.timeOrigin + performance.now();
const send = (m: unknown) => process.send!(m);

const sockets: WebSocket[] = [];
/** Per goal (the home side's goals in the bench's match): screens that heard it, first and last. */
const heard = new Map<number, { count: number; first: number; last: number }>();
let ref = 0;

/** realtime-js's join timeout: a join not answered by then is sent again (its rejoin). */
const JOIN_TIMEOUT_MS = 10_000;
const JOIN_TRIES = 10;
let rejoins = 0;
/** Screens closed after they joined (the server shut the channel or cut the socket). */
let lost = 0;

/** realtime-js's reconnect after a socket that failed or closed (reconnectAfterMs), the last one repeated. */
const RECONNECT_MS = [1_000, 2_000, 5_000, 10_000];
const CONNECT_TRIES = 6;
let reconnects = 0;

/** One screen: connected and joined, reconnecting as realtime-js does when the socket fails before it joins. */
async function screen(i: number): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    const last = attempt + 1 >= CONNECT_TRIES;
    const outcome = await open(i, last);
    if (outcome !== 'gone' || last) return outcome === 'joined';
    reconnects++;
    await new Promise((r) => setTimeout(r, RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)]));
  }
}

/** 'gone': the socket failed or closed before joining (realtime-js reconnects); a reason is counted only when `last`. */
function open(i: number, last: boolean): Promise<'joined' | 'refused' | 'gone'> {
  return new Promise((resolve) => {
    const ws = new WebSocket(job.url, { localAddress: job.localAddress, perMessageDeflate: false, handshakeTimeout: 120_000 });
    let joined = false;
    let refused = false;
    let goal = 0;
    let tries = 0;
    let timer: NodeJS.Timeout | undefined;
    const join = () => {
      if (tries++ >= JOIN_TRIES) {
        fail(`no answer to ${JOIN_TRIES} joins`);
        refused = true;
        ws.terminate();
        return resolve('refused');
      }
      if (tries > 1) rejoins++;
      const joinRef = String(++ref);
      ws.send(JSON.stringify([joinRef, joinRef, job.topic, 'phx_join', {
        config: { broadcast: { ack: false, self: false }, presence: { key: '', enabled: false }, postgres_changes: [], private: true },
        access_token: tokens[i],
      }]));
      timer = setTimeout(join, JOIN_TIMEOUT_MS);
    };
    ws.on('open', join);
    ws.on('message', (data) => {
      const [, , , event, payload] = JSON.parse(String(data)) as [string | null, string | null, string, string, Frame];
      if (!joined) {
        if (event === 'phx_reply') {
          clearTimeout(timer);
          joined = payload?.status === 'ok';
          if (!joined) {
            refused = true;
            fail(`join refused: ${JSON.stringify((payload as { response?: unknown })?.response)}`);
            ws.terminate();
          }
          if (joined) {
            sockets.push(ws);
            // realtime-js's heartbeat every 25 s, spread over the crowd.
            setTimeout(() => setInterval(() => ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify([null, String(++ref), 'phoenix', 'heartbeat', {}])), 25_000).unref(), (i * 7) % 25_000).unref();
          }
          resolve(joined ? 'joined' : 'refused');
        }
        return;
      }
      if (event !== 'broadcast' || payload?.event !== 'scores') return;
      const at = now();
      const home = payload.payload?.matches?.[0]?.home ?? 0;
      // Each goal once per screen (a later message about the same score is not a new delivery).
      if (home <= goal) return;
      goal = home;
      const h = heard.get(home) ?? { count: 0, first: at, last: at };
      h.count++;
      h.first = Math.min(h.first, at);
      h.last = Math.max(h.last, at);
      heard.set(home, h);
    });
    let why: string | undefined;
    ws.on('error', (e) => {
      clearTimeout(timer);
      why ??= `socket error: ${(e as NodeJS.ErrnoException).code ?? e.message}`;
    });
    ws.on('close', (code) => {
      clearTimeout(timer);
      if (joined) return void lost++;
      if (refused) return;
      if (last) fail(why ?? `closed before joining (${code})`);
      resolve('gone');
    });
  });
}

let next = 0;
let failed = 0;
const started = now();
await Promise.all(
  Array.from({ length: Math.min(job.joining, job.count) }, async () => {
    while (next < job.count) {
      const i = next++;
      if (!(await screen(i))) failed++;
      if ((sockets.length + failed) % 5000 === 0) send({ kind: 'progress', joined: sockets.length, failed });
    }
  }),
);
send({ kind: 'ready', joined: sockets.length, failed, rejoins, reconnects, errors, ms: now() - started });

process.on('message', (m: FromParent) => {
  if (m.kind === 'report') send({ kind: 'heard', goal: m.goal, lost, ...(heard.get(m.goal) ?? { count: 0, first: NaN, last: NaN }) });
  if (m.kind === 'close') {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
