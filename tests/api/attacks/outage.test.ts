// Finding: `npm start`'s database ran with fsync, synchronous_commit and full_page_writes off,
// so picks answered with a receipt were gone after a crash; and with the database dead or
// PostgREST hung, the platform lied (500s, "ok" health, requests held forever).
// This file runs its own platform on a durable data directory (the shared test platform is a
// throwaway one) and crashes it on purpose.
import { createClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { JWT_SECRET } from '../../../supabase/local/config.ts';
import { TEST_HARNESS_RATE_LIMITS } from '../../../supabase/local/auth/limits.ts';
import { startPlatform, type Platform } from '../../../supabase/local/platform.ts';
import { freePort, waitFor } from '../../../supabase/local/wait.ts';
import { TOKEN_TTL } from '../../support/token-ttl.ts';

const UPSTREAM_TIMEOUT_MS = 2000;
let dataDir: string;
const running: Platform[] = [];

/** A platform on fresh free ports. */
async function platformOn(dir: string): Promise<Platform> {
  const p = await startPlatform({
    dataDir: dir,
    seed: false,
    scheduler: false,
    authRateLimits: TEST_HARNESS_RATE_LIMITS,
    upstreamTimeoutMs: UPSTREAM_TIMEOUT_MS,
    ports: { api: await freePort(), db: await freePort(), inbox: await freePort(), smtp: await freePort(), app: await freePort(), mercadopago: await freePort() },
    log: (part, m) => {
      if (process.env.PLATFORM_LOG) process.stderr.write(`[outage ${part}] ${m}\n`);
    },
  });
  running.push(p);
  return p;
}

afterAll(async () => {
  for (const p of running) await p.stop().catch(() => {});
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql, params)).rows;
  } finally {
    await c.end();
  }
}

describe('durability and honest failures', () => {
  it('keeps every acknowledged pick through kill -9 of the postmaster; meanwhile auth says 503, realtime health not-ok, the gateway 504 on a hung upstream', { timeout: 180_000 }, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'quinielazo-durable-'));
    const first = await platformOn(dataDir);

    // npm start's settings: PostgreSQL's durable defaults.
    const settings = await query<{ name: string; setting: string }>(
      first.dbUrl,
      `select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'full_page_writes') order by name`,
    );
    expect(settings).toEqual([
      { name: 'fsync', setting: 'on' },
      { name: 'full_page_writes', setting: 'on' },
      { name: 'synchronous_commit', setting: 'on' },
    ]);

    // A player and four open rounds of 10 matches (a round has at most 12), arranged relative to the database clock.
    const userId = randomUUID();
    const email = `durable.${userId}@example.com`;
    await query(first.dbUrl, `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data) values ($1, 'authenticated', 'authenticated', $2, now(), jsonb_build_object('username', $3::text))`, [
      userId,
      email,
      `durable_${userId.slice(0, 8)}`,
    ]);
    await query(first.dbUrl, `insert into public.quinielas (name, week, deadline) select 'Jornada durable ' || r, r, now() + interval '1 hour' from generate_series(1, 4) r`);
    const matches = await query<{ id: string; quiniela_id: string }>(
      first.dbUrl,
      `insert into public.matches (quiniela_id, match_order, home_team, away_team)
       select q.id, g, 'Local ' || g, 'Visita ' || g
       from public.quinielas q cross join generate_series(1, 10) g
       where q.name like 'Jornada durable %' order by q.id, g returning id, quiniela_id`,
    );
    const token = await new SignJWT({ role: 'authenticated', aud: 'authenticated', email, session_id: randomUUID() })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(TOKEN_TTL)
      .sign(new TextEncoder().encode(JWT_SECRET));
    const player = createClient(first.apiUrl, first.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: { Authorization: `Bearer ${token}` } },
      realtime: { transport: ws as never },
    });

    // A hung PostgREST: the gateway gives up with 504 instead of holding the request.
    process.kill(first.pids.postgrest!, 'SIGSTOP');
    try {
      // The client waits five times the gateway's limit: a 504 is the gateway giving up first.
      const hung = await fetch(`${first.apiUrl}/rest/v1/quinielas?select=id`, { headers: { apikey: first.anonKey }, signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS * 5) });
      expect(hung.status).toBe(504);
      expect((await hung.json()).message).toMatch(/timing out/);
    } finally {
      process.kill(first.pids.postgrest!, 'SIGCONT');
    }

    // A hung function: 504 too, and its late answer once Deno runs again is dropped (it was
    // written over the 504 and threw, ending the whole platform).
    const contact = () =>
      fetch(`${first.apiUrl}/functions/v1/send-contact-email`, {
        method: 'POST',
        headers: { apikey: first.publishableKey, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Ana', email: 'ana@correo.mx', message: '' }),
      });
    process.kill(first.pids.functions!, 'SIGSTOP');
    try {
      expect((await contact()).status).toBe(504);
    } finally {
      process.kill(first.pids.functions!, 'SIGCONT');
    }
    await expect.poll(async () => (await contact()).status, { timeout: 30_000 }).toBe(400);

    // Picks sent as the app's outbox sends them; each acknowledged one is recorded.
    const acknowledged: Array<{ match_id: number; result: string }> = [];
    const results = ['Local', 'Empate', 'Visita'];
    for (const [i, m] of matches.entries()) {
      const row = { user_id: userId, quiniela_id: Number(m.quiniela_id), match_id: Number(m.id), result: results[i % 3] };
      const { data, error, status } = await player.from('picks').upsert(row, { onConflict: 'user_id,match_id' }).select('match_id, result, updated_at');
      expect(error).toBeNull();
      expect(status).toBeLessThan(300);
      expect(data).toHaveLength(1);
      acknowledged.push({ match_id: row.match_id, result: row.result });
    }

    // The crash: no shutdown, no checkpoint.
    process.kill(first.pids.postgres!, 'SIGKILL');
    await waitFor(async () => {
      try {
        process.kill(first.pids.postgres!, 0);
        return false;
      } catch {
        return true;
      }
    }, 10_000, 'postmaster gone');

    // Auth says the service is unavailable, not an unexpected failure.
    const signIn = await fetch(`${first.apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: first.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email, password: 'Jugador123' }),
    });
    expect(signIn.status).toBe(503);
    const getUser = await fetch(`${first.apiUrl}/auth/v1/user`, { headers: { apikey: first.anonKey, authorization: `Bearer ${token}` } });
    expect(getUser.status).toBe(503);
    // Realtime's health reports the outage.
    const health = await fetch(`${first.apiUrl}/realtime/v1/api/health`, { headers: { apikey: first.publishableKey } });
    expect(health.status).toBe(503);
    expect((await health.json()).status).not.toBe('ok');

    await first.stop();
    running.splice(running.indexOf(first), 1);

    // Restart on the same data directory: crash recovery replays the WAL.
    const second = await platformOn(dataDir);
    const stored = await query<{ match_id: string; result: string }>(second.dbUrl, 'select match_id, result from public.picks where user_id = $1 order by match_id', [userId]);
    expect(stored.map((r) => ({ match_id: Number(r.match_id), result: r.result }))).toEqual(acknowledged.sort((a, b) => a.match_id - b.match_id));
    console.log(`kill -9 test: ${acknowledged.length} acknowledged picks, ${stored.length} after restart`);
    // And it serves again.
    expect((await fetch(`${second.apiUrl}/realtime/v1/api/health`, { headers: { apikey: second.publishableKey } })).status).toBe(200);
  });
});
