// Runs supabase/schedule.ts locally, standing in for pg_cron: each job once at start-up
// and then every `everyMinutes`, one at a time, logging failures without stopping. A job with
// `invoke` then calls that Edge Function through the gateway with the project's secret key
// (as `apikey`: the gateway hands the function a service_role JWT, as hosted's does).
import pg from 'pg';
import { SCHEDULE, type ScheduledJob } from '../schedule.ts';
import { defaultKeyRing } from './keys.ts';
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
      await pool.query(job.sql);
      if (job.invoke) {
        const res = await fetch(`${ctx.apiUrl}/functions/v1/${job.invoke}`, {
          method: 'POST',
          headers: { apikey: (ctx.keys ?? defaultKeyRing()).secretKey, 'content-type': 'application/json' },
          body: JSON.stringify(job.body ?? {}),
        });
        const answer = await res.text();
        if (!res.ok) throw new Error(`${job.invoke} answered ${res.status}: ${answer}`);
        ctx.log('scheduler', `${job.name} ran; ${job.invoke}: ${answer}`);
        return;
      }
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
