// The game's timed jobs, their one source. In production each is a pg_cron entry running the
// same SQL, scheduled by a migration generated from this list (supabase/schedule-sql.ts, `npm run
// schedule:sql`); locally supabase/local/scheduler.ts runs them. tests/api/schedule.test.ts runs
// each job against the migrated database, so a job whose function is missing fails the tests,
// not production's cron.
export interface ScheduledJob {
  name: string;
  /** How often it runs, in minutes (a fraction for seconds: 0.25 is every 15 seconds). */
  everyMinutes: number;
  sql: string;
  /**
   * An Edge Function to invoke (POST, service role) after the SQL ran: the outbox's
   * dispatcher. pg_cron does the same with pg_net (supabase/schedule-sql.ts).
   */
  invoke?: string;
  /** The JSON body of that call (default `{}`): which of its runs a function is asked for. */
  body?: Record<string, string>;
}

export const SCHEDULE: ScheduledJob[] = [
  {
    // Within a minute of a deadline (docs/sealed-rounds.md).
    name: 'round-seals',
    everyMinutes: 1,
    sql: 'select public.seal_due_rounds()',
  },
  {
    name: 'monthly-rank-snapshots',
    everyMinutes: 60,
    sql: 'select public.snapshot_monthly_ranks()',
  },
  {
    name: 'boost-scoring-after-lock',
    everyMinutes: 10,
    sql: 'select public.score_locked_daily_games()',
  },
  {
    // Deadline reminders (24 h / 2 h), Boost at 20:00, new round, new blog post, points ready:
    // queued once each (dedupe keys); the next job sends them.
    name: 'notifications',
    everyMinutes: 5,
    sql: 'select public.queue_notifications()',
  },
  {
    // The outbox's dispatcher, every minute: what a player queues himself (a liga's
    // "Recordarles", issue 44 item 13) arrives within a minute, not after the five-minute
    // queueing job. A run sends for at most 50 s (notify.ts), and two runs that meet claim
    // different rows (for update skip locked), so a minute is its natural pace.
    name: 'notices-dispatch',
    everyMinutes: 1,
    sql: 'select 1',
    invoke: 'dispatch-notifications',
  },
  {
    // Rounds whose results came from the feed: finalized two hours after the last whistle with
    // no correction, unless an admin holds them (docs/match-day.md).
    name: 'auto-finalize',
    everyMinutes: 1,
    sql: 'select public.finalize_due_rounds()',
  },
  {
    // Live scores (docs/match-day.md): API-Football refreshes live data about every 15 s; asking
    // every 4 s puts a goal on the screens within 4 s of the provider's update plus delivery
    // (measured at 5.2 s at worst for 100,000 screens: 9.2 s, under issue 45's 10 s; every 5 s
    // made it 10.2 s). The function asks the provider only while a round's matches are on, one
    // run at a time, and backs off by itself. The SQL's copy of this period is
    // internal.live_poll_period() (tests/api/schedule.test.ts holds them equal).
    name: 'live-scores',
    everyMinutes: 4 / 60,
    sql: 'select 1',
    invoke: 'poll-live-scores',
  },
  {
    // The kick-offs of the open rounds' fixtures not yet on, asked again hourly (one request per
    // 20), so a match the provider moves earlier is followed from its new kick-off.
    name: 'fixture-dates',
    everyMinutes: 60,
    sql: 'select 1',
    invoke: 'poll-live-scores',
    body: { check: 'dates' },
  },
];
