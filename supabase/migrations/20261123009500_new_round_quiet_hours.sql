-- queue_new_round_notices as in 20261123008000_push_and_outbox.sql, with one change: the quiet
-- hours (23:00–08:00 hora del Centro) hold a new-round push only when the round's deadline is
-- not before the next 08:00, as the reminders already do; a round published at night that
-- closes before morning is announced at once.
create or replace function public.queue_new_round_notices(at timestamptz default now())
returns int
language plpgsql volatile security definer set search_path = ''
as $$
declare n int;
begin
  insert into public.notification_outbox (user_id, kind, quiniela_id, channel, payload, dedupe_key, next_attempt_at)
  select np.user_id, 'new_round', q.id,
    case when s.push then 'push' else 'email' end,
    jsonb_build_object(
      'title', format('⚽ Ya está abierta %s', q.name),
      'body', 'Haz tus picks antes del cierre.',
      'url', format('/picks?quiniela=%s', q.id),
      'tag', format('quiniela-%s', q.id)),
    format('new_round:%s', q.id),
    case when s.push then coalesce(internal.push_hold_until(at, q.deadline), now()) else now() end
  from public.quinielas q
  cross join public.notification_preferences np
  join public.profiles p on p.id = np.user_id
  cross join lateral (select exists (select 1 from public.push_subscriptions ps where ps.user_id = np.user_id) as push) s
  where not q.results_saved and q.deadline > at
    and q.created_at <= at and q.created_at > at - interval '2 days'
    and p.created_at <= q.created_at
    and np.new_quinielazo
    and exists (select 1 from public.matches m where m.quiniela_id = q.id)
    and not exists (select 1 from public.notification_outbox o where o.user_id = np.user_id and o.dedupe_key = format('new_round:%s', q.id))
  on conflict (user_id, dedupe_key) do nothing;
  get diagnostics n = row_count;
  return n;
end
$$;
