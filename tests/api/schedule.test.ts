// Every timed job of supabase/schedule.ts runs against the migrated database: a job whose
// function is missing (or broken) fails here instead of failing every few minutes in pg_cron.
import { afterAll, expect, it } from 'vitest';
import { SCHEDULE } from '../../supabase/schedule.ts';
import { db } from '../support/clients.ts';

afterAll(async () => {
  await db().end();
});

it('has jobs, each with a name and an interval', () => {
  expect(SCHEDULE.length).toBeGreaterThan(0);
  expect(new Set(SCHEDULE.map((job) => job.name)).size).toBe(SCHEDULE.length);
  for (const job of SCHEDULE) expect(job.everyMinutes).toBeGreaterThan(0);
});

for (const job of SCHEDULE) {
  it(`runs ${job.name} (${job.sql})`, async () => {
    const client = await db().connect();
    try {
      // Inside a transaction rolled back afterwards: the job's effects stay out of other tests.
      await client.query('begin');
      await expect(client.query(job.sql)).resolves.toBeDefined();
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
}

// The poller's period has two homes that must agree: the schedule (pg_cron's "4 seconds") and the
// SQL that spreads a short day's quota over the polls left (internal.live_poll_period).
it('polls live scores at the period the quota rule counts with', async () => {
  const job = SCHEDULE.find((j) => j.name === 'live-scores')!;
  const { rows } = await db().query('select extract(epoch from internal.live_poll_period())::float8 as s');
  expect(rows[0].s).toBe(job.everyMinutes * 60);
});
