// The platform's memory while a bench runs: proportional set size (PSS, shared pages split
// between the processes that map them, so PostgreSQL's shared buffers count once) of
// PostgreSQL (the postmaster and every backend), PostgREST, the functions' Deno, and this Node
// process (the gateway, the auth and Realtime servers run in it). Linux only (/proc).
import { readFileSync } from 'node:fs';

export interface PlatformPids {
  postgres: number | undefined;
  postgrest: number | undefined;
  functions: number | undefined;
}

export type MemoryFigures = Record<'postgres' | 'postgrest' | 'functions' | 'node' | 'total', number>;

function pssKb(pid: number): number {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) : 0;
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

/** MB now, per part. */
export function platformMemory(pids: PlatformPids): MemoryFigures {
  const mb = (list: number[]) => list.reduce((s, p) => s + pssKb(p), 0) / 1024;
  const postgres = pids.postgres ? mb(tree(pids.postgres)) : 0;
  const postgrest = pids.postgrest ? mb(tree(pids.postgrest)) : 0;
  const functions = pids.functions ? mb(tree(pids.functions)) : 0;
  const node = mb([process.pid]);
  return { postgres, postgrest, functions, node, total: postgres + postgrest + functions + node };
}

/** Samples every `ms` until stopped; the peak of each part (the parts' peaks need not coincide). */
export function sampleMemory(pids: PlatformPids, ms = 500): () => MemoryFigures {
  const peak: MemoryFigures = { postgres: 0, postgrest: 0, functions: 0, node: 0, total: 0 };
  const take = () => {
    const now = platformMemory(pids);
    for (const k of Object.keys(peak) as Array<keyof MemoryFigures>) peak[k] = Math.max(peak[k], now[k]);
  };
  take();
  const timer = setInterval(take, ms);
  return () => {
    clearInterval(timer);
    take();
    return peak;
  };
}

export function describeMemory(m: MemoryFigures): string {
  return `${m.total.toFixed(0)} MB PSS at peak: PostgreSQL ${m.postgres.toFixed(0)}, PostgREST ${m.postgrest.toFixed(0)}, gateway + auth + Realtime (Node) ${m.node.toFixed(0)}, functions (Deno) ${m.functions.toFixed(0)}`;
}
