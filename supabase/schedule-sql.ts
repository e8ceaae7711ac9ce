// The SQL that schedules supabase/schedule.ts's jobs in production's pg_cron, so deploying needs
// no hand-run SQL: `npm run schedule:sql` writes it as a hand-written migration, and
// tests/unit/schedule-sql.test.ts fails while the newest one differs from the schedule.
// A job with `invoke` calls its Edge Function through pg_net with a secret key (`sb_secret_…`,
// sent as `apikey`: Supabase's gateway hands the function a service_role JWT); the
// project's URL and that key come from Vault (`[db.vault]` in config.toml, which
// `supabase db push` fills from the deploying shell's environment). Where pg_cron is not
// available (the local platform, which runs supabase/local/scheduler.ts instead) it does nothing.
import { SCHEDULE, type ScheduledJob } from './schedule.ts';

/** pg_cron's expression for "every n minutes" (n divides an hour, or is one hour; under a minute, pg_cron's "N seconds"). */
export function cronExpression(everyMinutes: number): string {
  const seconds = everyMinutes * 60;
  if (everyMinutes < 1 && Number.isInteger(seconds) && seconds >= 1 && seconds <= 59) return `${seconds} seconds`;
  if (everyMinutes === 1) return '* * * * *';
  if (everyMinutes === 60) return '0 * * * *';
  if (everyMinutes > 1 && everyMinutes < 60 && 60 % everyMinutes === 0) return `*/${everyMinutes} * * * *`;
  throw new Error(`every ${everyMinutes} minutes has no pg_cron expression here: use a divisor of 60, or 60`);
}

const vault = (name: string) => `(select decrypted_secret from vault.decrypted_secrets where name = '${name}')`;

function command(job: ScheduledJob): string {
  if (!job.invoke) return job.sql;
  return `${job.sql}; select net.http_post(url := ${vault('project_url')} || '/functions/v1/${job.invoke}', headers := jsonb_build_object('content-type', 'application/json', 'apikey', ${vault('secret_key')}), body := '${JSON.stringify(job.body ?? {}).replaceAll("'", "''")}'::jsonb, timeout_milliseconds := 60000)`;
}

export function scheduleSql(jobs: ScheduledJob[] = SCHEDULE): string {
  for (const job of jobs) if (job.sql.includes('$job$')) throw new Error(`${job.name}: its SQL may not contain $job$`);
  const names = jobs.map((j) => `'${j.name}'`).join(', ');
  return `-- hand-written: pg_cron's jobs, generated from supabase/schedule.ts by \`npm run schedule:sql\` (tests/unit/schedule-sql.test.ts).
-- Schedules (or reschedules, by name) every timed job of the game, and drops the jobs this
-- project scheduled before that are no longer in the schedule. Nothing happens where pg_cron is
-- not available: the local platform runs the same jobs with supabase/local/scheduler.ts.
do $do$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    raise notice 'pg_cron is not available here: the timed jobs are not scheduled';
    return;
  end if;
  -- As Supabase's guide enables them.
  create extension if not exists pg_cron with schema pg_catalog;
  create extension if not exists pg_net with schema extensions;
${jobs.map((j) => `  perform cron.schedule('${j.name}', '${cronExpression(j.everyMinutes)}', $job$${command(j)}$job$);`).join('\n')}
  perform cron.unschedule(j.jobid) from cron.job j where j.database = current_database() and j.jobname not in (${names});
end
$do$;
`;
}
