-- A player's analytics are a few events a minute (page views, calls to action; the app sends them
-- in batches of at most 50 every few seconds, and what is left, at most 500, when the page is
-- hidden). The table took any number, so a signed-in player could fill it through the API. Each
-- insert statement now checks its players' last hour: past 1,000 events the statement is refused
-- whole, with the chat's rate-limit code QZ429 (the app drops such a batch instead of retrying).
create function public.limit_activity_logs() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  player uuid;
begin
  for player in select distinct user_id from inserted order by user_id loop
    -- Serialises one player's concurrent inserts: the second counts the first's rows.
    perform pg_advisory_xact_lock(hashtextextended('activity_logs:' || player::text, 0));
    if (
      select count(*) from (
        select 1 from public.activity_logs a
        where a.user_id = player and a.created_at > now() - interval '1 hour'
        limit 1001
      ) as recent
    ) > 1000 then
      raise exception 'Demasiada actividad registrada en la última hora: inténtalo más tarde.'
        using errcode = 'QZ429', hint = 'Como máximo 1,000 eventos por hora.';
    end if;
  end loop;
  return null;
end
$$;
comment on function public.limit_activity_logs() is
  'Trigger (after insert, per statement): refuses an insert that takes one of its players past 1,000 analytics events in the last hour; errcode QZ429.';
revoke all on function public.limit_activity_logs() from public, anon, authenticated;

create trigger activity_logs_rate after insert on public.activity_logs
  referencing new table as inserted
  for each statement execute function public.limit_activity_logs();
