// One more node of a Realtime cluster, in a process of its own (the goal bench's, PlatformOptions'
// capacity.realtimeNodes): the same RealtimeServer as the platform's, behind a gateway of its own
// on its own port (hosted's load balancer in front of each node), so a crowd of sockets is spread
// over processes and no process holds more files than the host allows. It drains its own queue
// of changes (realtime.nodes, schema.sql) and hands every broadcast it takes to the other nodes
// (hosted: Phoenix.PubSub over the cluster). The project's keys are the fixed local ones
// (KeyRing.create()): a cluster does not follow a rotation made in the platform's process.
//
// argv[2]: JSON { port, dbUrl, apiUrl, node, peers, eventsPerSecond, maxConnections }. Tells its
// parent { kind: 'ready' } once it listens; stops on { kind: 'stop' } or when its parent goes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startGateway } from '../gateway.ts';
import { KeyRing } from '../keys.ts';
import type { MountedService } from '../service.ts';
import { startRealtime } from './index.ts';

interface NodeJob {
  port: number;
  dbUrl: string;
  apiUrl: string;
  node: string;
  peers: string[];
  eventsPerSecond?: number;
  maxConnections?: number;
}

const job = JSON.parse(process.argv[2]!) as NodeJob;
const keys = KeyRing.create();
const log = (part: string, m: string) => console.error(`[${job.node} ${part}] ${m}`);
const realtime = await startRealtime({
  dbUrl: job.dbUrl,
  apiUrl: job.apiUrl,
  siteUrl: job.apiUrl,
  smtp: { host: '127.0.0.1', port: 0 },
  keys,
  realtimeEventsPerSecond: job.eventsPerSecond,
  realtimeNode: job.node,
  realtimePeers: job.peers,
  log,
});
/** A node serves Realtime only: the rest of the API is the platform's. */
const elsewhere: MountedService = {
  handle: (_req: IncomingMessage, res: ServerResponse) => void res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not on a realtime node"}'),
  close: async () => {},
};
const gateway = await startGateway(job.port, { restUrl: 'http://127.0.0.1:9', auth: elsewhere, realtime, functions: elsewhere, keys }, (m) => log('gateway', m), {
  maxConnections: job.maxConnections,
});

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  const closed = new Promise<void>((r) => gateway.close(() => r()));
  gateway.closeAllConnections();
  await realtime.close();
  await closed;
  process.exit(0);
}
process.on('message', (m: { kind?: string }) => m.kind === 'stop' && void stop());
process.on('disconnect', () => void stop());
process.send!({ kind: 'ready' });
