// CPU time spent by the platform's processes (Linux /proc): PostgreSQL (the postmaster, its live
// backends, and what its finished backends used, counted in the postmaster's children's time),
// PostgREST, the functions' Deno, and this Node process (the gateway, auth and Realtime run in
// it). Per-request CPU is what issue 46 judges the rush by: a host's speed moves it far less
// than its throughput, and a busy machine does not inflate it the way it inflates latency.
import { readFileSync } from 'node:fs';
import type { PlatformPids } from './memory.ts';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** utime + stime (and with `children`, cutime + cstime: reaped children) of one process, in seconds. */
function processCpu(pid: number, children: boolean): number {
  try {
    // Fields after the command name (which may hold spaces) start at state (field 3).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
    return (utime! + stime! + (children ? cutime! + cstime! : 0)) / TICKS_PER_SECOND;
  } catch {
    return 0; // gone between listing and reading
  }
}

function tree(pid: number): number[] {
  let kids: number[];
  try {
    kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return [pid, ...kids.flatMap(tree)];
}

/** A process tree's CPU seconds so far, finished children included. */
function treeCpu(pid: number | undefined): number {
  if (!pid) return 0;
  const [root, ...rest] = tree(pid);
  return root === undefined ? 0 : processCpu(root, true) + rest.reduce((s, p) => s + processCpu(p, false), 0);
}

export type CpuFigures = Record<'postgres' | 'postgrest' | 'functions' | 'node' | 'total', number>;

export function platformCpu(pids: PlatformPids): CpuFigures {
  const postgres = treeCpu(pids.postgres);
  const postgrest = treeCpu(pids.postgrest);
  const functions = treeCpu(pids.functions);
  const usage = process.cpuUsage();
  const node = (usage.user + usage.system) / 1e6;
  return { postgres, postgrest, functions, node, total: postgres + postgrest + functions + node };
}

/** CPU seconds used per part between `before` and now. */
export function cpuSince(pids: PlatformPids, before: CpuFigures): CpuFigures {
  const now = platformCpu(pids);
  return {
    postgres: now.postgres - before.postgres,
    postgrest: now.postgrest - before.postgrest,
    functions: now.functions - before.functions,
    node: now.node - before.node,
    total: now.total - before.total,
  };
}

/** PostgreSQL's CPU seconds so far (for a database run by pgbench, not by the platform's clients). */
export function postgresCpu(pid: number | undefined): number {
  return treeCpu(pid);
}
