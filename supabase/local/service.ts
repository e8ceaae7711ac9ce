// The shape every part of the local platform has, so the gateway can mount it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { KeyRing } from './keys.ts';

/** An HTTP part mounted by the gateway under a prefix; `path` is what follows the prefix (starts with '/', includes the query). */
export interface MountedService {
  handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> | void;
  /** WebSocket upgrades under the prefix (realtime only). */
  upgrade?(req: IncomingMessage, socket: Duplex, head: Buffer, path: string): void;
  close(): Promise<void>;
}

/** What the platform tells each part about the running whole. */
export interface PlatformContext {
  /** Superuser connection string. */
  dbUrl: string;
  /** Public URL of the gateway, e.g. http://127.0.0.1:54321 */
  apiUrl: string;
  /** Public URL of the app (auth e-mails and redirects default here), e.g. http://localhost:5173 */
  siteUrl: string;
  smtp: { host: string; port: number };
  /** PUSH_ENDPOINT_HOSTS for the functions: the tests' push receiver (`127.0.0.1:<port>`), absent for `npm start`. */
  pushEndpointHosts?: string;
  /** Base URL of the MercadoPago stand-in (its REST API and checkout page), e.g. http://127.0.0.1:54326 (absent in tests that build a context of their own). */
  mercadopagoUrl?: string;
  /** The project's API and JWT signing keys (default: the fixed local ones, defaultKeyRing()). */
  keys?: KeyRing;
  /** Base URL of the API-Football stand-in, e.g. http://127.0.0.1:54327 (absent in tests that build a context of their own). */
  footballUrl?: string;
  /** Realtime's events per second, when a bench asks for a bigger project than hosted's default (100). */
  realtimeEventsPerSecond?: number;
  /** In a cluster of realtime nodes (the goal bench's): this node's name, whose queue of changes it drains ('' alone). */
  realtimeNode?: string;
  /** In a cluster: the other nodes' Realtime base URLs, to which this node hands every broadcast it takes. */
  realtimePeers?: string[];
  log: (part: string, message: string) => void;
}

/** An outgoing e-mail, as every sender in the product builds it. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}
