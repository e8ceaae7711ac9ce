// Finding: Ctrl-C on `npm start` took about 32 s, because the SMTP server waited for the pooled
// connections the mailers keep open. It must stop within 5 s, even right after mail was sent.
// Also: `npm start`'s own database runs with PostgreSQL's durable settings.
import { rm } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ANON_KEY } from '../../../supabase/local/config.ts';
import { startProduct } from '../../support/start-product.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe('npm start', () => {
  it('runs a durable database and stops within 5 s of Ctrl-C after sending mail', { timeout: 180_000 }, async () => {
    const { child, ports, exited, dataDir, appDir } = await startProduct(150_000);
    dirs.push(dataDir, appDir);

    const c = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${ports.DB_PORT}/postgres` });
    await c.connect();
    const { rows } = await c.query(`select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'full_page_writes') order by name`);
    await c.end();
    expect(rows).toEqual([
      { name: 'fsync', setting: 'on' },
      { name: 'full_page_writes', setting: 'on' },
      { name: 'synchronous_commit', setting: 'on' },
    ]);

    // Mail leaves a pooled SMTP connection open: the case that used to hold shutdown ~30 s.
    const signUp = await fetch(`http://127.0.0.1:${ports.API_PORT}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email: `stop.${Date.now()}@example.com`, password: 'Jugador123' }),
    });
    expect(signUp.status).toBe(200);

    const t0 = Date.now();
    process.kill(-child.pid!, 'SIGINT');
    // Stopped, cleanly, within the 5 s deadline (not measured after an unbounded wait).
    await expect.poll(() => child.exitCode, { timeout: 5_000 }).toBe(0);
    console.log(`Ctrl-C stop time: ${((Date.now() - t0) / 1000).toFixed(2)} s`);
    expect(await exited).toBe(0);
  });
});
