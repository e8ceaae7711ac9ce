-- A player's push subscriptions are his browsers: a phone or two, a computer. The table took any
-- number, and every notice goes to all of them at once (claim_notifications lists them, the
-- dispatcher pushes to each and retries the failures), so one player with 2,000 rows multiplied
-- the work of every reminder. A player keeps his 10 newest; an insert (or a takeover by the
-- app's save) past them drops the oldest. Dropped, not refused: a player on a new browser is
-- never kept from turning notices on, and a dropped browser still gets its notices by e-mail.
create function internal.keep_newest_push_subscriptions() returns trigger
language plpgsql set search_path = ''
as $$
begin
  delete from public.push_subscriptions ps
  using (
    select ranked.id
    from (
      select s.id, row_number() over (partition by s.user_id order by s.created_at desc, s.id desc) as newest
      from public.push_subscriptions s
      where s.user_id in (select distinct user_id from changed)
    ) as ranked
    where ranked.newest > 10
  ) as extra
  where ps.id = extra.id;
  return null;
end
$$;
comment on function internal.keep_newest_push_subscriptions() is
  'Trigger (after insert or update, per statement): each player keeps his 10 newest push subscriptions.';

create trigger push_subscriptions_cap_insert after insert on public.push_subscriptions
  referencing new table as changed
  for each statement execute function internal.keep_newest_push_subscriptions();
create trigger push_subscriptions_cap_update after update on public.push_subscriptions
  referencing new table as changed
  for each statement execute function internal.keep_newest_push_subscriptions();
