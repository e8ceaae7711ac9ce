// Abuse limits of the auth server, read from supabase/config.toml's [auth.rate_limit] with the
// Supabase CLI's names, so `supabase config push` gives the hosted project the same numbers.
// Counters live in memory (one auth process per platform), in fixed windows.
import { configTable, readSupabaseConfig } from '../config-toml.ts';

export interface AuthRateLimits {
  /** Mails to one address per hour (sign-up, recovery, magic link, resend, e-mail change). */
  email_sent: number;
  /** Sign-ups, password sign-ins, OTP and recovery requests per IP per 5 minutes; also wrong passwords per account. */
  sign_in_sign_ups: number;
  /** Code and link verifications per IP per 5 minutes. */
  token_verifications: number;
  /** Refresh-token grants per IP per 5 minutes. */
  token_refresh: number;
}

/** The Supabase CLI's defaults, used for any name config.toml leaves out. */
const CLI_DEFAULTS: AuthRateLimits = { email_sent: 2, sign_in_sign_ups: 30, token_verifications: 30, token_refresh: 150 };

/** Wrong codes an address may try before the six digits of every code it has outstanding die (their links live on). */
export const MAX_WRONG_CODES = 5;
/** Wrong passwords a source may have for an account under attack and still be answered: a player's typos, not a guesser's list. */
export const TYPOS_UNDER_ATTACK = 5;
export const FIVE_MINUTES = 300_000;
export const ONE_HOUR = 3_600_000;

export function loadRateLimits(configFile: string): AuthRateLimits {
  const table = configTable(readSupabaseConfig(configFile), 'auth.rate_limit');
  const out = { ...CLI_DEFAULTS };
  for (const key of Object.keys(out) as Array<keyof AuthRateLimits>) {
    if (typeof table[key] === 'number') out[key] = table[key];
  }
  return out;
}

/** Fixed-window counters keyed by any string (an IP, an e-mail, a kind plus either). */
export class Counter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly windowMs: number) {}

  /** Counts one event and says whether the key is still within `limit` in this window. */
  hit(key: string, limit: number): boolean {
    const w = this.current(key);
    w.count++;
    return w.count <= limit;
  }

  /** Whether the key is already over `limit`, without counting. */
  over(key: string, limit: number): boolean {
    return this.current(key).count >= limit;
  }

  count(key: string): number {
    return this.current(key).count;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string): { start: number; count: number } {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
      if (this.windows.size > 100_000) this.prune(now);
    }
    return w;
  }

  private prune(now: number): void {
    for (const [k, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(k);
  }
}

/**
 * For test runs and benchmarks only: their players all sign up and sign in from 127.0.0.1, far
 * past any per-IP or per-address limit. The attack tests check the real limits on an auth
 * server of their own (tests/api/attacks/).
 */
export const TEST_HARNESS_RATE_LIMITS: AuthRateLimits = {
  email_sent: 1_000_000,
  sign_in_sign_ups: 1_000_000,
  token_verifications: 1_000_000,
  token_refresh: 1_000_000,
};
