// Finding (issue 41, item 11): 21,000 TCP connections opened and never used stayed open for
// good, filled the platform's file descriptors, and 7 % of new requests were reset. Every HTTP
// server of the platform now closes a connection that sends nothing (as nginx's
// client_header_timeout does), answers 408 to a head that never ends, and caps its connections;
// none of it touches a request in progress or an upgraded websocket. Each wait below is for a
// state (a socket closed by the server, an answer), never a duration.
import { connect, type Socket } from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { CONNECTION_LIMITS } from '../../../supabase/local/listen.ts';

interface Held {
  socket: Socket;
  /** Everything the server sent, once it closed the connection. */
  closed: Promise<string>;
}

function open(base: string, first?: string): Promise<Held> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
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
}

const servers = () => ({ gateway: inject('apiUrl'), inbox: inject('inboxUrl'), mercadopago: inject('mercadopagoUrl') });

describe('idle connections (issue 41, item 11)', () => {
  it.concurrent('the gateway, the inbox and the MercadoPago stand-in close a connection that never sends a byte, and still serve', async () => {
    const held = await Promise.all(Object.values(servers()).map((base) => open(base)));
    // Closed by the server, without a word (nothing was asked).
    expect(await Promise.all(held.map((h) => h.closed))).toEqual(['', '', '']);
    expect((await fetch(`${inject('apiUrl')}/rest/v1/clubs?select=id&limit=1`, { headers: { apikey: inject('anonKey') } })).status).toBe(200);
    expect((await fetch(`${inject('inboxUrl')}/api/v1/messages`)).status).toBe(200);
  });

  it.concurrent('answers 408 to a request head that never ends (a slow-headers client)', async () => {
    const slow = await open(inject('apiUrl'), `GET /rest/v1/clubs HTTP/1.1\r\nhost: localhost\r\napikey: ${inject('anonKey')}\r\n`);
    // The head stays unfinished: the server gives up on it.
    expect((await slow.closed).split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
  });

  it.concurrent('leaves a request in progress and an upgraded websocket alone while it closes the idle ones', async () => {
    const ws = new WebSocket(`${inject('apiUrl').replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${inject('anonKey')}&vsn=1.0.0`);
    try {
      await new Promise((r, j) => ws.once('open', r).once('error', j));
      // A request whose body has not come yet: in progress, and silent on the wire.
      const inProgress = await open(
        inject('apiUrl'),
        `POST /rest/v1/rpc/pro_pool_minimum HTTP/1.1\r\nhost: localhost\r\napikey: ${inject('anonKey')}\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n`,
      );
      const idle = await open(inject('apiUrl'));
      expect(await idle.closed).toBe('');
      // The idle one is gone; the websocket still answers a heartbeat, and the request, once its body comes, is answered.
      expect(ws.readyState).toBe(WebSocket.OPEN);
      const reply = new Promise<string>((r) => ws.once('message', (m) => r(String(m))));
      ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: 'latido' }));
      expect(JSON.parse(await reply)).toMatchObject({ event: 'phx_reply', ref: 'latido', payload: { status: 'ok' } });
      inProgress.socket.write('{}');
      expect((await inProgress.closed).split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    } finally {
      ws.close();
    }
  });

  it(`caps a server's open connections (${CONNECTION_LIMITS.maxConnections} on the inbox): at the cap a new request takes the place of the oldest idle connection (the case of none idle: tests/unit/connection-cap.test.ts)`, async () => {
    const inbox = inject('inboxUrl');
    const idle: Held[] = [];
    for (let i = 0; i < CONNECTION_LIMITS.maxConnections; i++) idle.push(await open(inbox));
    const served = await open(inbox, 'GET /api/v1/messages HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\n\r\n');
    expect((await served.closed).split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(await idle[0]!.closed).toBe('');
    for (const h of idle) h.socket.destroy();
    await Promise.all(idle.map((h) => h.closed));
  });
});
