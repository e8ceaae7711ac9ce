// A Realtime cluster for the goal bench (PlatformOptions' capacity.realtimeNodes): the platform's
// own Realtime is node-0, behind the platform's gateway; node-1… run in processes of their own
// (node.ts), each on its own port. Hosted Realtime is such a cluster: a client lands on any node,
// each node reads the tenant's changes, and a broadcast taken by one node reaches the subscribers
// of every node (Phoenix.PubSub). Here each node drains a queue of its own (realtime.nodes) and
// hands the broadcasts it takes to the others over HTTP with the secret key. Presence stays per
// node. Never for `npm start` or the tests: they run one node.
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../wait.ts';
import { registerRealtimeNodes } from './index.ts';

interface RealtimeCluster {
  /** node-0's name and the others' base URLs: what the platform's own Realtime is started with. */
  main: { node: string; peers: string[] };
  /** The other nodes' Realtime base URLs (http://127.0.0.1:<port>/realtime/v1), one per process. */
  nodes: string[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function planRealtimeCluster(opts: {
  dbUrl: string;
  apiUrl: string;
  count: number;
  eventsPerSecond?: number;
  maxConnections?: number;
  log: (m: string) => void;
}): Promise<RealtimeCluster> {
  const names = Array.from({ length: opts.count }, (_, i) => `node-${i}`);
  const ports: number[] = [];
  for (let i = 1; i < opts.count; i++) ports.push(await freePort());
  const nodes = ports.map((p) => `http://127.0.0.1:${p}/realtime/v1`);
  const all = [`${opts.apiUrl}/realtime/v1`, ...nodes];
  // Named before anything is queued for them: every change from now on is queued once per node.
  await registerRealtimeNodes(opts.dbUrl, names);
  const children: ChildProcess[] = [];
  return {
    main: { node: names[0]!, peers: nodes },
    nodes,
    async start() {
      await Promise.all(
        ports.map((port, i) => {
          const job = { port, dbUrl: opts.dbUrl, apiUrl: opts.apiUrl, node: names[i + 1], peers: all.filter((_, j) => j !== i + 1), eventsPerSecond: opts.eventsPerSecond, maxConnections: opts.maxConnections };
          const child = fork(join(import.meta.dirname, 'node.ts'), [JSON.stringify(job)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
          children.push(child);
          child.stderr!.on('data', (d: Buffer) => opts.log(String(d).trimEnd()));
          return new Promise<void>((resolve, reject) => {
            child.once('message', () => resolve());
            child.once('exit', (code) => reject(new Error(`realtime ${names[i + 1]} exited with ${code}`)));
          });
        }),
      );
    },
    async stop() {
      await Promise.all(
        children.map((c) => {
          if (c.exitCode !== null || c.signalCode !== null) return;
          const gone = new Promise((r) => c.once('exit', r));
          if (c.connected) c.send({ kind: 'stop' });
          const kill = setTimeout(() => c.kill('SIGKILL'), 10_000);
          return gone.finally(() => clearTimeout(kill));
        }),
      );
    },
  };
}
