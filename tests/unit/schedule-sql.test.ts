// pg_cron's jobs in production come from the newest `*_schedule.sql` migration; it must say what
// supabase/schedule.ts says (one source: the migration is generated from it, npm run schedule:sql).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cronExpression, scheduleSql } from '../../supabase/schedule-sql.ts';
import { SCHEDULE } from '../../supabase/schedule.ts';

const dir = join(import.meta.dirname, '..', '..', 'supabase', 'migrations');

describe('the pg_cron migration', () => {
  it('is the newest *_schedule.sql and schedules exactly supabase/schedule.ts (run npm run schedule:sql after changing it)', () => {
    const newest = readdirSync(dir).filter((f) => f.endsWith('_schedule.sql')).sort().at(-1);
    expect(newest).toBeDefined();
    expect(readFileSync(join(dir, newest!), 'utf8')).toBe(scheduleSql());
  });

  it('names every job with its interval, invokes functions through pg_net with Vault\'s secrets, and drops jobs no longer scheduled', () => {
    const sql = scheduleSql();
    for (const job of SCHEDULE) expect(sql).toContain(`cron.schedule('${job.name}', '${cronExpression(job.everyMinutes)}', $job$${job.sql}`);
    expect(sql).toContain("net.http_post(url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/dispatch-notifications'");
    // A secret key (the new generation, issue 42) as apikey; no legacy service_role JWT.
    expect(sql).toContain("'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'secret_key')");
    expect(sql).not.toContain('service_role_key');
    expect(sql).toContain(`jobname not in (${SCHEDULE.map((j) => `'${j.name}'`).join(', ')})`);
    const changed = scheduleSql([...SCHEDULE, { name: 'extra', everyMinutes: 15, sql: 'select 1' }]);
    expect(changed).not.toBe(sql);
    expect(changed).toContain("cron.schedule('extra', '*/15 * * * *', $job$select 1$job$)");
  });

  // Issue 44, item 13: a liga's "Recordarles" took 4 min 20 s with the five-minute job. One job
  // sends the outbox, every minute; the queueing stays every five.
  it('sends the outbox every minute, from one job', () => {
    const senders = SCHEDULE.filter((job) => job.invoke === 'dispatch-notifications');
    expect(senders.map((job) => [job.name, job.everyMinutes])).toEqual([['notices-dispatch', 1]]);
    expect(scheduleSql()).toContain("cron.schedule('notices-dispatch', '* * * * *', $job$select 1; select net.http_post(");
  });

  // Issue 45: a goal on every open screen within 10 s of the provider's update. The last of
  // 100,000 screens heard it 5.2 s at worst after the poll; the tick before the poll adds up to
  // one period, so 5 s made 10.2 s and 4 s makes 9.2 s. The hourly kick-off re-check is the same
  // function asked for its other run.
  it('polls live scores every 4 seconds and re-checks the fixtures\' kick-offs hourly', () => {
    const poller = SCHEDULE.filter((job) => job.invoke === 'poll-live-scores').map((job) => [job.name, cronExpression(job.everyMinutes), job.body ?? {}]);
    expect(poller).toEqual([
      ['live-scores', '4 seconds', {}],
      ['fixture-dates', '0 * * * *', { check: 'dates' }],
    ]);
    expect(scheduleSql()).toContain(`/functions/v1/poll-live-scores', headers := jsonb_build_object('content-type', 'application/json', 'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'secret_key')), body := '{"check":"dates"}'::jsonb`);
  });

  it('turns intervals into cron expressions, and refuses one pg_cron cannot say as "every n minutes"', () => {
    expect([1, 5, 10, 60].map(cronExpression)).toEqual(['* * * * *', '*/5 * * * *', '*/10 * * * *', '0 * * * *']);
    expect(() => cronExpression(7)).toThrow(/divisor of 60/);
    // Under a minute, pg_cron's interval form (pg_cron 1.5+, as on Supabase): the live-scores poller.
    expect(cronExpression(0.25)).toBe('15 seconds');
    expect(cronExpression(5 / 60)).toBe('5 seconds');
    expect(cronExpression(4 / 60)).toBe('4 seconds');
    expect(() => cronExpression(0.001)).toThrow(/divisor of 60/);
  });
});
