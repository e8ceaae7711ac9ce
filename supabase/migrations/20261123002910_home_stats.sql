-- The home page's stats band: monthly prizes delivered (every month that has ended, split as
-- get_monthly_prizes splits them), how many players won one, and how many play.
create function public.get_home_stats()
returns table (prizes_mxn numeric, winners int, players int)
language sql stable set search_path = ''
as $$
  with ended as (
    select distinct s.year, s.month from public.monthly_standings s
    where make_date(s.year, s.month, 1) < date_trunc('month', now() at time zone 'America/Mexico_City')::date
  ), paid as (
    select p.user_id, p.amount_mxn from ended e cross join lateral public.get_monthly_prizes(e.month, e.year) p
  )
  select coalesce((select sum(amount_mxn) from paid), 0),
         (select count(distinct user_id)::int from paid),
         (select count(*)::int from public.public_profiles)
$$;
comment on function public.get_home_stats() is 'Home stats: monthly prizes delivered in ended Mexico City months (MXN), distinct winners, players.';
revoke execute on function public.get_home_stats() from public;
grant execute on function public.get_home_stats() to anon, authenticated, service_role;
