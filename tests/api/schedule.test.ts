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
