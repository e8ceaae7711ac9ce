// Raw Phoenix 2.0.0 sockets, as an attacker's script opens them: the flood test's helpers.
import WebSocket from 'ws';

type RawFrame = [string | null, string | null, string, string, unknown];

export interface RawSocket {
  ws: WebSocket;
  /** Every frame but the broadcasts, which are only counted (a flood is millions of them). */
  frames: RawFrame[];
  broadcasts: number;
  closed: boolean;
  send: (frame: RawFrame) => void;
  onFrame: (fn: (frame: RawFrame) => void) => void;
  join: (topic: string) => Promise<void>;
  heartbeat: () => Promise<void>;
  /** Waits for a state: polls it until it holds (the test's timeout bounds the wait). */
  until: (holds: () => boolean) => Promise<void>;
}

let refs = 0;

export async function openRaw(apiUrl: string, apikey: string): Promise<RawSocket> {
  const ws = new WebSocket(`${apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=2.0.0`);
  const listeners: Array<(f: RawFrame) => void> = [];
  const s: RawSocket = {
    ws,
    frames: [],
    broadcasts: 0,
    closed: false,
    send: (frame) => ws.send(JSON.stringify(frame)),
    onFrame: (fn) => void listeners.push(fn),
    join: async (topic) => {
      const ref = `join-${refs++}`;
      s.send(['1', ref, topic, 'phx_join', { config: { broadcast: { self: false }, presence: { key: '' }, private: false } }]);
      await s.until(() => s.frames.some((f) => f[1] === ref));
      const reply = s.frames.find((f) => f[1] === ref)!;
      if ((reply[4] as { status: string }).status !== 'ok') throw new Error(`join refused: ${JSON.stringify(reply[4])}`);
    },
    heartbeat: async () => {
      const ref = `beat-${refs++}`;
      s.send([null, ref, 'phoenix', 'heartbeat', {}]);
      await s.until(() => s.frames.some((f) => f[1] === ref));
    },
    until: async (holds) => {
      while (!holds()) {
        // A closed socket changes no more.
        if (s.closed) throw new Error('the socket closed before the state was reached');
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as RawFrame;
    if (frame[3] === 'broadcast') s.broadcasts++;
    else s.frames.push(frame);
    for (const fn of listeners) fn(frame);
  });
  ws.on('close', () => (s.closed = true));
  ws.on('error', () => {});
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return s;
}

/**
 * Waits until the project is under its events limit again: a broadcast between two fresh
 * sockets is acknowledged instead of shutting the sender's channel down.
 */
export async function untilQuiet(apiUrl: string, apikey: string): Promise<void> {
  for (;;) {
    const [a, b] = await Promise.all([openRaw(apiUrl, apikey), openRaw(apiUrl, apikey)]);
    try {
      const topic = `realtime:quiet-${crypto.randomUUID()}`;
      await b.join(topic);
      await a.join(topic);
      const ref = `quiet-${refs++}`;
      a.send(['1', ref, topic, 'broadcast', { type: 'broadcast', event: 'ping', payload: {} }]);
      await a.until(() => a.frames.some((f) => f[1] === ref || f[3] === 'phx_close'));
      if (a.frames.some((f) => f[1] === ref)) return;
    } finally {
      a.ws.terminate();
      b.ws.terminate();
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
