// A platform server at its connection cap (supabase/local/listen.ts): a new connection takes the
// place of the oldest idle one, as nginx closes keep-alive connections when worker_connections
// run out, and is closed at once only when every connection has a request in progress. A server
// of its own with a cap of 4, whose answers wait until the test releases them, so "in progress"
// is a state the test waits for, never a guess about timing.
import { createServer, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { limitConnections } from '../../supabase/local/listen.ts';

const CAP = 4;

interface Held {
  socket: Socket;
  /** Everything the server sent, once it closed the connection. */
  closed: Promise<string>;
}

const servers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of servers.splice(0)) await close();
});

async function cappedServer() {
  const waiting: ServerResponse[] = [];
  let connections = 0;
  const server = createServer((req, res) => {
    if (req.url === '/wait') waiting.push(res);
    else res.end('ok');
  });
  limitConnections(server, { maxConnections: CAP });
  server.on('connection', () => connections++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  servers.push(
    () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  );
  const open = (first?: string) =>
    new Promise<Held>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      socket.on('data', (d) => (received += d));
      socket.on('error', () => {});
      const closed = new Promise<string>((r) => socket.once('close', () => r(received)));
      socket.once('connect', () => {
        if (first) socket.write(first);
        resolve({ socket, closed });
      });
      socket.once('error', reject);
    });
  return { open, waiting, connections: () => connections };
}

const until = async (holds: () => boolean) => {
  while (!holds()) await new Promise((r) => setImmediate(r));
};

describe('a server at its connection cap', () => {
  it('lets a new connection in by closing the oldest idle one', async () => {
    const s = await cappedServer();
    const idle: Held[] = [];
    for (let i = 0; i < CAP; i++) idle.push(await s.open());
    await until(() => s.connections() === CAP);
    const served = await s.open('GET / HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n');
    expect((await served.closed).split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    // The oldest went, without a word; the others are still open.
    expect(await idle[0]!.closed).toBe('');
    expect(idle.slice(1).map((h) => h.socket.destroyed)).toEqual([false, false, false]);
  });

  it('closes a new connection at once when every one has a request in progress, and serves again once they end', async () => {
    const s = await cappedServer();
    const busy: Held[] = [];
    for (let i = 0; i < CAP; i++) busy.push(await s.open('GET /wait HTTP/1.1\r\nhost: x\r\n\r\n'));
    await until(() => s.waiting.length === CAP);
    const refused = await s.open('GET / HTTP/1.1\r\nhost: x\r\n\r\n');
    expect(await refused.closed).toBe('');
    // The requests in progress were left alone: each gets its answer.
    for (const res of s.waiting) res.end('hecho');
    for (const h of busy) {
      await until(() => h.socket.bytesRead > 0);
      h.socket.destroy();
    }
    await Promise.all(busy.map((h) => h.closed));
    const later = await s.open('GET / HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n');
    expect((await later.closed).split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
  });
});
