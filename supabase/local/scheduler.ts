// Runs supabase/schedule.ts locally, standing in for pg_cron: each job once at start-up
// and then every `everyMinutes`, one at a time, logging failures without stopping.
import pg from 'pg';
import { SCHEDULE, type ScheduledJob } from '../schedule.ts';
import type { PlatformContext } from './service.ts';

export function startScheduler(ctx: PlatformContext, jobs: ScheduledJob[] = SCHEDULE): { close(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: ctx.dbUrl, max: 1 });
  // An idle connection dropped by a stopping database must not crash the platform.
  pool.on('error', (e) => ctx.log('scheduler', `idle connection lost: ${e.message}`));
  const timers: NodeJS.Timeout[] = [];
  let closed = false;

  const run = async (job: ScheduledJob) => {
    if (closed) return;
    try {
      const { rows } = await pool.query('select to_regprocedure($1) is not null as ready', [job.requires]);
      if (!rows[0].ready) return;
      await pool.query(job.sql);
      ctx.log('scheduler', `${job.name} ran`);
    } catch (e) {
      ctx.log('scheduler', `${job.name} failed: ${(e as Error).message}`);
    }
  };

  for (const job of jobs) {
    void run(job);
    const t = setInterval(() => void run(job), job.everyMinutes * 60_000);
    t.unref();
    timers.push(t);
  }
  return {
    async close() {
      closed = true;
      timers.forEach(clearInterval);
      await pool.end();
    },
  };
}
