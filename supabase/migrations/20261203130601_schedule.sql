-- hand-written: pg_cron's jobs, generated from supabase/schedule.ts by `npm run schedule:sql` (tests/unit/schedule-sql.test.ts).
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
  perform cron.schedule('round-seals', '* * * * *', $job$select public.seal_due_rounds()$job$);
  perform cron.schedule('monthly-rank-snapshots', '0 * * * *', $job$select public.snapshot_monthly_ranks()$job$);
  perform cron.schedule('boost-scoring-after-lock', '*/10 * * * *', $job$select public.score_locked_daily_games()$job$);
  perform cron.schedule('notifications', '*/5 * * * *', $job$select public.queue_notifications()$job$);
  perform cron.schedule('notices-dispatch', '* * * * *', $job$select 1; select net.http_post(url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/dispatch-notifications', headers := jsonb_build_object('content-type', 'application/json', 'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'secret_key')), body := '{}'::jsonb, timeout_milliseconds := 60000)$job$);
  perform cron.schedule('auto-finalize', '* * * * *', $job$select public.finalize_due_rounds()$job$);
  perform cron.schedule('live-scores', '4 seconds', $job$select 1; select net.http_post(url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/poll-live-scores', headers := jsonb_build_object('content-type', 'application/json', 'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'secret_key')), body := '{}'::jsonb, timeout_milliseconds := 60000)$job$);
  perform cron.schedule('fixture-dates', '0 * * * *', $job$select 1; select net.http_post(url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/poll-live-scores', headers := jsonb_build_object('content-type', 'application/json', 'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'secret_key')), body := '{"check":"dates"}'::jsonb, timeout_milliseconds := 60000)$job$);
  perform cron.unschedule(j.jobid) from cron.job j where j.database = current_database() and j.jobname not in ('round-seals', 'monthly-rank-snapshots', 'boost-scoring-after-lock', 'notifications', 'notices-dispatch', 'auto-finalize', 'live-scores', 'fixture-dates');
end
$do$;
