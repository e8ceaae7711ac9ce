// Password rules and hashing as GoTrue applies them. The rules come from the project's
// supabase/config.toml ([auth] minimum_password_length, password_requirements), the same
// settings `supabase config push` gives the hosted project; without them the CLI's defaults
// apply: 6 characters, no required kinds (the product's file asks for 8 with letters and digits).
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { configTable, readSupabaseConfig } from '../config-toml.ts';
import { AuthError } from './errors.ts';

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = "!@#$%^&*()_+-=[]{};'\\:\"|<>?,./`~";

/** GoTrue's `password_requirements` values → the character sets each must draw from. */
const REQUIREMENTS: Record<string, string[]> = {
  '': [],
  letters_digits: [LOWER + UPPER, DIGITS],
  lower_upper_letters_digits: [LOWER, UPPER, DIGITS],
  lower_upper_letters_digits_symbols: [LOWER, UPPER, DIGITS, SYMBOLS],
};

export interface PasswordPolicy {
  minLength: number;
  requiredCharacters: string[];
}

export function loadPasswordPolicy(configFile: string): PasswordPolicy {
  const policy = { minLength: 6, requirement: '' };
  const auth = configTable(readSupabaseConfig(configFile), 'auth');
  if (typeof auth.minimum_password_length === 'number') policy.minLength = auth.minimum_password_length;
  const req = auth.password_requirements;
  // Own keys only: `in` would take `constructor` or `toString` from Object.prototype.
  if (typeof req === 'string' && Object.hasOwn(REQUIREMENTS, req)) policy.requirement = req;
  return { minLength: policy.minLength, requiredCharacters: REQUIREMENTS[policy.requirement] };
}

/** Throws GoTrue's 422 `weak_password` with its reasons (`length`, `characters`). */
export function checkPasswordStrength(policy: PasswordPolicy, password: string): void {
  const messages: string[] = [];
  const reasons: string[] = [];
  if (password.length < policy.minLength) {
    messages.push(`Password should be at least ${policy.minLength} characters.`);
    reasons.push('length');
  }
  if (policy.requiredCharacters.some((set) => ![...password].some((c) => set.includes(c)))) {
    messages.push(`Password should contain at least one character of each: ${policy.requiredCharacters.join(', ')}.`);
    reasons.push('characters');
  }
  if (reasons.length) throw new AuthError(422, 'weak_password', messages.join(' '), reasons);
}

// ---------- hashing off the event loop ----------
// bcrypt at cost 10 is ~100 ms of CPU. bcryptjs on the platform's one event loop (gateway, auth,
// Realtime, the proxy to PostgREST) turned a burst of 300 wrong passwords into 30 s stalls for
// every route, and the auth pool's waiters timed out into 503s (issue 41, item 5). The work runs
// in worker threads, one per core, and a bounded queue in front of them: past it a sign-in is
// refused at once with GoTrue's 429, rather than queued behind seconds of hashing.

/** Hashes that may wait for a worker, per worker (about 32 × 100 ms = 3 s of waiting at most). */
const QUEUED_PER_WORKER = 32;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const bcrypt = require(workerData.bcryptjs);
parentPort.on('message', ({ id, op, password, hash, cost }) => {
  try {
    const result = op === 'hash'
      // The $2a$ prefix GoTrue (Go's bcrypt) and pgcrypto's crypt() write.
      ? bcrypt.hashSync(password, bcrypt.genSaltSync(cost).replace(/^\\$2b\\$/, '$2a$'))
      : bcrypt.compareSync(password, hash);
    parentPort.postMessage({ id, result });
  } catch (e) {
    parentPort.postMessage({ id, error: String(e && e.message || e) });
  }
});
`;

type Job = { op: 'hash'; password: string; cost: number } | { op: 'compare'; password: string; hash: string };
interface Pending {
  job: Job;
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}
interface Hasher {
  worker: Worker;
  busy: (Pending & { id: number }) | undefined;
}

class HashPool {
  private readonly hashers: Hasher[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 0;
  private readonly size = Math.max(1, availableParallelism());
  private readonly bcryptjs = createRequire(import.meta.url).resolve('bcryptjs');

  /** The job's result, or GoTrue's 429 at once when every worker is busy and the queue is full. */
  run(job: Job): Promise<string | boolean> {
    if (this.queue.length >= this.size * QUEUED_PER_WORKER) {
      return Promise.reject(new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length) {
      let hasher = this.hashers.find((h) => !h.busy);
      if (!hasher && this.hashers.length < this.size) hasher = this.spawn();
      if (!hasher) return;
      const pending = { ...this.queue.shift()!, id: this.nextId++ };
      hasher.busy = pending;
      hasher.worker.ref();
      hasher.worker.postMessage({ id: pending.id, ...pending.job });
    }
  }

  private spawn(): Hasher {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { bcryptjs: this.bcryptjs } });
    const hasher: Hasher = { worker, busy: undefined };
    // An idle worker does not keep the process alive (a platform stops without closing it).
    worker.unref();
    worker.on('message', (m: { id: number; result?: string | boolean; error?: string }) => {
      const done = hasher.busy;
      hasher.busy = undefined;
      worker.unref();
      if (done && done.id === m.id) {
        if (m.error !== undefined) done.reject(new Error(m.error));
        else done.resolve(m.result!);
      }
      this.pump();
    });
    const lost = (e: Error) => {
      // A worker that died fails its job and is replaced on the next one.
      this.hashers.splice(this.hashers.indexOf(hasher), 1);
      hasher.busy?.reject(e);
      hasher.busy = undefined;
      this.pump();
    };
    worker.once('error', lost);
    worker.once('exit', (code) => {
      if (this.hashers.includes(hasher)) lost(new Error(`bcrypt worker exited with code ${code}`));
    });
    this.hashers.push(hasher);
    return hasher;
  }
}

const hashing = new HashPool();

/** GoTrue's costs (internal/crypto/password.go): bcrypt's default 10, and its `QuickHashCost`
 * (bcrypt's minimum, 4) "useful for tests only", which the E2E platform uses: ~190 ms of CPU per
 * new password against ~3 ms, at ~150 players a run. A hash is checked at its own cost. */
export const PASSWORD_HASH_COST = { default: 10, quick: 4 } as const;

/** bcrypt (cost 10 unless told) with the `$2a$` prefix GoTrue (Go's bcrypt) and pgcrypto's crypt() write, in a worker thread. */
export async function hashPassword(password: string, cost: number = PASSWORD_HASH_COST.default): Promise<string> {
  return (await hashing.run({ op: 'hash', password, cost })) as string;
}

/** Whether the password matches the bcrypt hash, checked in a worker thread (GoTrue's 429 when they are saturated). */
export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (!hash) return false;
  try {
    return (await hashing.run({ op: 'compare', password, hash })) === true;
  } catch (e) {
    if (e instanceof AuthError) throw e;
    return false;
  }
}
