// A journey whose data must stay in "today" or "this month" (Mexico City, by the database clock)
// cannot start in the last minutes of one: the day or month would turn under it, and what it
// made would be in the past one (a run crossing midnight at a month's end showed it, issue 40).
// Near the turn it waits for the next day or month, a state, and the wait is added to the test's time.
import { expect, test } from '@playwright/test';
import pg from 'pg';

async function mexicoCityNow(): Promise<{ day: string; month: string; secondsLeftInDay: number; lastDayOfMonth: boolean }> {
  const url = process.env.DATABASE_URL_E2E;
  if (!url) throw new Error('DATABASE_URL_E2E missing: run through playwright.config.ts');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ day: string; month: string; left: number; last: boolean }>(
      `select local::date::text as day, to_char(local, 'YYYY-MM') as month,
              extract(epoch from (local::date + 1) - local)::float8 as left,
              extract(month from local::date + 1) <> extract(month from local) as last
       from (select now() at time zone 'America/Mexico_City' as local) t`,
    );
    const row = rows[0]!;
    return { day: row.day, month: row.month, secondsLeftInDay: row.left, lastDayOfMonth: row.last };
  } finally {
    await client.end();
  }
}

/**
 * Returns once at least `minutes` of the Mexico City day are left (`scope: 'day'`), or of the
 * month (`scope: 'month'`), waiting for the next one when fewer are.
 */
export async function clearOfMidnight(scope: 'day' | 'month', minutes = 5): Promise<void> {
  const now = await mexicoCityNow();
  const turning = now.secondsLeftInDay < minutes * 60 && (scope === 'day' || now.lastDayOfMonth);
  if (!turning) return;
  const waitMs = (now.secondsLeftInDay + 60) * 1000;
  test.info().setTimeout(test.info().timeout + waitMs);
  await expect
    .poll(async () => (await mexicoCityNow()).day, { timeout: waitMs, intervals: [5_000], message: `waiting for ${now.day} to end in Mexico City` })
    .not.toBe(now.day);
}
