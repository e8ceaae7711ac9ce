// The game's timed jobs. In production each is a pg_cron entry running the same SQL
// (see docs/deploy.md); locally supabase/local/scheduler.ts runs them. A job whose SQL
// function does not exist yet is skipped, so features add their job here with their migration.
export interface ScheduledJob {
  name: string;
  /** How often it runs, in minutes. */
  everyMinutes: number;
  /** The function the job needs, as regprocedure text, e.g. 'public.snapshot_monthly_ranks()'. */
  requires: string;
  sql: string;
}

export const SCHEDULE: ScheduledJob[] = [
  {
    name: 'monthly-rank-snapshots',
    everyMinutes: 60,
    requires: 'public.snapshot_monthly_ranks()',
    sql: 'select public.snapshot_monthly_ranks()',
  },
  {
    name: 'boost-scoring-after-lock',
    everyMinutes: 10,
    requires: 'public.score_locked_daily_games()',
    sql: 'select public.score_locked_daily_games()',
  },
  {
    name: 'deadline-reminders',
    everyMinutes: 15,
    requires: 'public.queue_deadline_reminders()',
    sql: 'select public.queue_deadline_reminders()',
  },
];
