// Finding (issue 41, item 5): 300 wrong passwords from 10 addresses, each inside the per-address
// limit, froze the platform: bcrypt ran on the one event loop that serves every route, 217
// sign-ins answered 503 "the database cannot be reached" (the auth pool's waiters timed out) and
// 17 of 20 probes of other routes timed out. Now hashing runs in worker threads behind a bounded
// queue, and the auth pool's waiters are bounded too: past either, GoTrue's 429 at once.
// "Does not stall" is an order here, never a duration: the probes are all answered while the
// burst is still being answered.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { MAX_WAITING } from '../../../supabase/local/auth/pool.ts';
import { JWT_SECRET } from '../../../supabase/local/config.ts';
import { db, uniqueEmail } from '../../support/clients.ts';
import { uniqueUsername } from '../../support/players.ts';
import { call, freshIp, privateAuth } from '../../support/private-auth.ts';
import { TOKEN_TTL } from '../../support/token-ttl.ts';

afterAll(async () => {
  await db().end();
});

async function accountWithPassword(password: string): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = uniqueEmail('rafaga');
  await db().query(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ($1, 'authenticated', 'authenticated', $2, extensions.crypt($3, extensions.gen_salt('bf', 10)), now(), '{"provider":"email","providers":["email"]}', jsonb_build_object('username', $4::text))`,
    [id, email, password, uniqueUsername('rafag')],
  );
  return { id, email };
}

/** An access token without a session (GoTrue then skips the session check): GET /user reads the user only. */
const tokenOf = (id: string) =>
  new SignJWT({ role: 'authenticated', aud: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(id)
    .setIssuedAt()
    .setExpirationTime(TOKEN_TTL)
    .sign(new TextEncoder().encode(JWT_SECRET));

describe('a sign-in burst (issue 41, item 5)', () => {
  it('150 wrong passwords at once: no 5xx, and every probe of another route is answered while the burst is still in flight', { timeout: 120_000 }, async () => {
    const api = inject('apiUrl');
    const accounts = await Promise.all(Array.from({ length: 10 }, () => accountWithPassword('Correcta123')));
    const headers = { apikey: inject('anonKey'), 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' };
    let burstAnswered = 0;
    const burst = Array.from({ length: 150 }, (_, i) =>
      fetch(`${api}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: accounts[i % 10]!.email, password: `Incorrecta${i}` }),
      }).then(async (r) => {
        burstAnswered++;
        return { status: r.status, body: (await r.json()) as { code?: string } };
      }),
    );
    // Twenty probes of PostgREST through the same gateway, one after another.
    const probes: Array<{ status: number; burstAnsweredBefore: number }> = [];
    for (let i = 0; i < 20; i++) {
      const r = await fetch(`${api}/rest/v1/clubs?select=id&limit=1`, { headers: { apikey: inject('anonKey') } });
      await r.arrayBuffer();
      probes.push({ status: r.status, burstAnsweredBefore: burstAnswered });
    }
    const answers = await Promise.all(burst);

    expect(probes.map((p) => p.status)).toEqual(Array(20).fill(200));
    // The last probe was answered before the burst's last answer: the platform kept serving.
    expect(probes.at(-1)!.burstAnsweredBefore).toBeLessThan(burst.length);
    const kinds = new Map<string, number>();
    for (const a of answers) kinds.set(`${a.status} ${a.body.code}`, (kinds.get(`${a.status} ${a.body.code}`) ?? 0) + 1);
    // Wrong passwords are refused (400); a saturated hashing queue refuses at once (429). Never 5xx.
    expect([...kinds.keys()].every((k) => k === '400 invalid_credentials' || k === '429 over_request_rate_limit'), JSON.stringify([...kinds])).toBe(true);
    expect(kinds.get('400 invalid_credentials')).toBeGreaterThan(0);
    // The right password still works once the burst is over.
    const right = await fetch(`${api}/auth/v1/token?grant_type=password`, { method: 'POST', headers, body: JSON.stringify({ email: accounts[0]!.email, password: 'Correcta123' }) });
    expect(right.status).toBe(200);
  });

  it(`a starved pool refuses past ${MAX_WAITING} waiters at once with GoTrue's 429, and serves the waiters once it frees`, { timeout: 60_000 }, async () => {
    const base = await privateAuth();
    const holder = await accountWithPassword('Correcta123');
    const reader = await accountWithPassword('Correcta123');
    const token = await tokenOf(reader.id);
    // Hold the holder's row: his sign-ins take every connection of the auth pool (10), each
    // waiting in its transaction for the row.
    const lock = await db().connect();
    await lock.query('begin');
    await lock.query('select 1 from auth.users where id = $1 for update', [holder.id]);
    try {
      const signIns = Array.from({ length: 10 }, () => call(base, freshIp(), 'POST', '/token?grant_type=password', { email: holder.email, password: 'Correcta123' }));
      // Wait until the ten hold the pool: their updates wait on the lock.
      await waitFor(async () => (await db().query(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like 'update auth.users set last_sign_in_at%'`)).rows[0].n === 10);
      const extra = 30;
      const order: Array<{ i: number; status: number; code: string }> = [];
      const reads = Array.from({ length: MAX_WAITING + extra }, (_, i) =>
        call(base, '127.0.0.1', 'GET', '/user', undefined, { authorization: `Bearer ${token}` }).then((a) => {
          order.push({ i, status: a.status, code: a.body.code });
          return a;
        }),
      );
      // The first answers, while the pool is still held, are the refusals of the reads past the queue.
      await waitFor(async () => order.length >= extra);
      expect(order.slice(0, extra).map((o) => `${o.status} ${o.code}`)).toEqual(Array(extra).fill('429 over_request_rate_limit'));
      // Which reads are past the queue is the order they reached the server in, over 230
      // connections: the machine's, not the contract's (beside a busy core it differed from i).
      await lock.query('rollback');
      // Freed, the pool serves the sign-ins and every read that waited.
      expect((await Promise.all(signIns)).map((a) => a.status)).toEqual(Array(10).fill(200));
      const served = (await Promise.all(reads)).filter((a) => a.status === 200);
      expect(served).toHaveLength(MAX_WAITING);
    } finally {
      await lock.query('rollback').catch(() => {});
      lock.release();
    }
  });
});

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((r) => setImmediate(r));
}
