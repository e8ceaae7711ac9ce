// Where the local platform's servers listen: on loopback only. They are a developer's tools, with
// fixed keys and test hooks that credit Pro entries (the MercadoPago stand-in's /__local), not
// services for the network the machine is on. PLATFORM_HOST says otherwise (e.g. 0.0.0.0, to
// open the app from a phone on the same Wi-Fi).
import { createServer, type AddressInfo, type Server } from 'node:net';

/**
 * Listens on 127.0.0.1 and on ::1, so `localhost` reaches it whichever address it resolves to
 * first (macOS and newer Linux resolve ::1 first); or on PLATFORM_HOST alone when set. Resolves
 * with the port (the one the system chose, for port 0).
 */
export async function listenLocal(server: Server, port: number): Promise<number> {
  const host = process.env.PLATFORM_HOST || undefined;
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
