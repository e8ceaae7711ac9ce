// The auth server's database pool. A burst of requests must not starve it into stalls: past a
// bounded queue of waiters a request is refused at once with GoTrue's 429 (the app says
// "Demasiados intentos…"), instead of waiting 5 s for a connection and answering 503 "the
// database cannot be reached" (issue 41, item 5: 217 of 300 sign-ins did).
import pg from 'pg';
import { AuthError } from './errors.ts';

/** Connections the auth server holds at most. */
const MAX_CONNECTIONS = 10;
/** Requests that may wait for one of them; each usually holds one for a few milliseconds. */
export const MAX_WAITING = 200;

export function createAuthPool(dbUrl: string): pg.Pool {
  // A database that does not answer within 5 s counts as down (503), rather than holding the caller.
  const pool = new pg.Pool({ connectionString: dbUrl, max: MAX_CONNECTIONS, connectionTimeoutMillis: 5000 });
  const connect = pool.connect.bind(pool) as (cb?: (...args: unknown[]) => void) => unknown;
  // pool.query() goes through connect() too, so every use of the pool is bounded here.
  pool.connect = ((cb?: (...args: unknown[]) => void) => {
    if (pool.waitingCount >= MAX_WAITING) {
      const refusal = new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
      if (!cb) return Promise.reject(refusal);
      process.nextTick(() => cb(refusal));
      return undefined;
    }
    return connect(cb);
  }) as typeof pool.connect;
  return pool;
}
