// Where the local platform's servers listen: on loopback only. They are a developer's tools, with
// fixed keys and test hooks that credit Pro entries (the MercadoPago stand-in's /__local), not
// services for the network the machine is on. PLATFORM_HOST says otherwise (e.g. 0.0.0.0, to
// open the app from a phone on the same Wi-Fi).
import { Server as HttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * What every production proxy bounds (nginx's client_header_timeout, keepalive_timeout and
 * worker_connections, Kong's the same): 21,000 idle connections, opened and never used, filled
 * the platform's file descriptors and new requests were reset (issue 41, item 11). Node closes a
 * connection that started a request head too slowly (headersTimeout, 408) or a finished one left
 * idle (keepAliveTimeout), but never one that sends nothing at all: `idleMs` closes those.
 */
const limited = new WeakSet<Server>();

export const CONNECTION_LIMITS = {
  /** A connection with no request in progress that sends nothing for this long is closed. */
  idleMs: 10_000,
  /** From a request's first byte to the end of its head (then 408). */
  headersTimeoutMs: 10_000,
  /** From a request's first byte to the end of its body (uploads included; then 408). */
  requestTimeoutMs: 60_000,
  /** A kept-alive connection between requests. */
  keepAliveTimeoutMs: 5_000,
  /**
   * Open connections per server (both address families). At the cap a new connection closes the
   * oldest idle one, as nginx closes keep-alive connections when worker_connections run out;
   * only when none is idle is the new one closed at once.
   */
  maxConnections: 1_024,
};

/** Applies CONNECTION_LIMITS (or `maxConnections` of its own) to an HTTP server, before it listens. */
export function limitConnections(server: HttpServer, opts: { maxConnections?: number } = {}): void {
  limited.add(server);
  server.headersTimeout = CONNECTION_LIMITS.headersTimeoutMs;
  server.requestTimeout = CONNECTION_LIMITS.requestTimeoutMs;
  server.keepAliveTimeout = CONNECTION_LIMITS.keepAliveTimeoutMs;
  // How often node checks the two timeouts above (default 30 s, read when the server listens).
  (server as HttpServer & { connectionsCheckingInterval: number }).connectionsCheckingInterval = 1_000;
  const max = opts.maxConnections ?? CONNECTION_LIMITS.maxConnections;
  // The socket's own idle timer: closes a connection that never sends a byte. One with a request
  // in progress (a long answer, a stream) is left to the request's own timeouts; a websocket
  // leaves the HTTP server when it upgrades, and its timer with it.
  server.timeout = CONNECTION_LIMITS.idleMs;
  // A fresh connection that began a head is left to headersTimeout, which answers it 408.
  const answering = new WeakSet<Socket>();
  const served = new WeakSet<Socket>();
  server.on('request', (req, res) => {
    answering.add(req.socket);
    served.add(req.socket);
    res.once('close', () => answering.delete(req.socket));
  });
  // Idle: no request in progress, and nothing sent yet or the last answer finished (a head being
  // sent is left to headersTimeout; an upgraded websocket never served a request, so never idle).
  const idle = (socket: Socket) => !answering.has(socket) && (socket.bytesRead === 0 || served.has(socket));
  server.on('timeout', (socket: Socket) => {
    if (idle(socket)) socket.destroy();
  });
  // Node's own maxConnections refuses the newcomer: with the cap full of idle connections every
  // new request was reset (34 % in the attack's rerun). The oldest idle one goes instead.
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    if (open.size >= max) {
      let oldestIdle: Socket | undefined;
      for (const s of open) if (idle(s)) {
        oldestIdle = s;
        break;
      }
      if (!oldestIdle) return void socket.destroy();
      open.delete(oldestIdle);
      oldestIdle.destroy();
    }
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
}

/**
 * Listens on 127.0.0.1 and on ::1, so `localhost` reaches it whichever address it resolves to
 * first (macOS and newer Linux resolve ::1 first); or on PLATFORM_HOST alone when set. Resolves
 * with the port (the one the system chose, for port 0).
 */
export async function listenLocal(server: Server, port: number): Promise<number> {
  const host = process.env.PLATFORM_HOST || undefined;
  // Every HTTP server of the platform is bounded; one that set its own bounds keeps them.
  if (server instanceof HttpServer && !limited.has(server)) limitConnections(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  if (host) return bound;
  // The IPv6 loopback hands its connections to the same server. A machine without IPv6 has
  // no ::1, and `localhost` is 127.0.0.1 there.
  const v6 = createServer((socket) => server.emit('connection', socket));
  const listening = await new Promise<boolean>((resolve) => {
    v6.once('error', () => resolve(false));
    v6.listen(bound, '::1', () => resolve(true));
  });
  if (listening) server.once('close', () => v6.close());
  return bound;
}
