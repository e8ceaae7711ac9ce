-- Monthly standings: each player's points and ranks per month (America/Mexico_City), kept
-- up to date from scores and daily_scores. The leaderboard reads this table instead of
-- aggregating every score on every call: with 100,000 players a live aggregate plus three
-- rankings costs hundreds of milliseconds, a read of stored ranks costs one index scan.

create table public.monthly_standings (
  year int not null check (year between 2000 and 2100),
  month int not null check (month between 1 and 12),
  user_id uuid not null references public.profiles (id) on delete cascade,
  weekly_points int not null default 0,
  daily_points int not null default 0,
  referral_points int not null default 0,
  total_points int not null default 0,
  rank_total int not null,
  rank_weekly int not null,
  rank_daily int not null,
  primary key (year, month, user_id)
);
comment on table public.monthly_standings is 'Derived: a player''s month totals and ranks (ties share the rank). Written only by refresh_monthly_standings; public like the leaderboard.';
-- The leaderboard's top-N reads (Total, Quinielazo and Boost tabs) walk these in rank order.
create index monthly_standings_rank_idx on public.monthly_standings (year, month, rank_total);
create index monthly_standings_rank_weekly_idx on public.monthly_standings (year, month, rank_weekly);
create index monthly_standings_rank_daily_idx on public.monthly_standings (year, month, rank_daily);
create index monthly_standings_user_id_idx on public.monthly_standings (user_id);

alter table public.monthly_standings enable row level security;
revoke all on table public.monthly_standings from anon, authenticated;
grant select on table public.monthly_standings to anon, authenticated;
grant all on table public.monthly_standings to service_role;

-- No write policies: the rows are derived, so nobody but the refresh (definer) writes them.
create policy "Everyone reads the standings" on public.monthly_standings for select to anon, authenticated using (true);

-- Month bounds as instants, so the deadline index can be used.
create function public.mx_month_start(year_input int, month_input int) returns timestamptz
language sql immutable
as $$
  select make_date(year_input, month_input, 1)::timestamp at time zone 'America/Mexico_City'
$$;
comment on function public.mx_month_start(int, int) is 'The instant a month starts in America/Mexico_City (the game''s clock).';
grant execute on function public.mx_month_start(int, int) to anon, authenticated, service_role;

-- Recomputes one month from the source rows (idempotent, self-healing). Definer: it writes a
-- table no client may write, on behalf of whoever changed a score. search_path is empty so a
-- caller's objects can never stand in for ours.
create function public.refresh_monthly_standings(year_input int, month_input int) returns void
language plpgsql security definer set search_path = ''
set work_mem = '64MB'
as $$
declare
  month_from timestamptz := public.mx_month_start(year_input, month_input);
  -- The next month's first day, then to an instant: independent of the session's time zone.
  month_to timestamptz := (make_date(year_input, month_input, 1) + interval '1 month')::timestamp at time zone 'America/Mexico_City';
  day_from date := make_date(year_input, month_input, 1);
begin
  with weekly as (
    select s.user_id, sum(s.points)::int as points,
           -- Only rows with a referral line pay for unnesting their lines.
           coalesce(sum(case when array_to_string(s.bonus_details, '|') like '%Referido %' then
             (select sum(substring(l from '\+(\d+)$')::int) from unnest(s.bonus_details) l where l like 'Referido %') end), 0)::int as referral
    from public.scores s
    join public.quinielas q on q.id = s.quiniela_id
    where q.deadline >= month_from and q.deadline < month_to
    group by s.user_id
  ), daily as (
    select ds.user_id, sum(ds.points)::int as points
    from public.daily_scores ds
    join public.daily_games g on g.id = ds.daily_game_id
    where g.game_date >= day_from and g.game_date < (day_from + interval '1 month')::date
    group by ds.user_id
  ), totals as (
    select coalesce(w.user_id, d.user_id) as user_id, coalesce(w.points, 0) as weekly, coalesce(d.points, 0) as daily,
           coalesce(w.referral, 0) as referral
    from weekly w full join daily d on d.user_id = w.user_id
  ), ranked as (
    select t.*, t.weekly + t.daily as total,
           rank() over (order by t.weekly + t.daily desc)::int as rank_total,
           rank() over (order by t.weekly desc)::int as rank_weekly,
           rank() over (order by t.daily desc)::int as rank_daily
    from totals t
  ), removed as (
    delete from public.monthly_standings ms
    where ms.year = year_input and ms.month = month_input
      and not exists (select 1 from ranked r where r.user_id = ms.user_id)
  )
  insert into public.monthly_standings as ms (year, month, user_id, weekly_points, daily_points, referral_points, total_points,
                                               rank_total, rank_weekly, rank_daily)
  select year_input, month_input, r.user_id, r.weekly, r.daily, r.referral, r.total, r.rank_total, r.rank_weekly, r.rank_daily
  from ranked r
  on conflict (year, month, user_id) do update set
    weekly_points = excluded.weekly_points, daily_points = excluded.daily_points, referral_points = excluded.referral_points,
    total_points = excluded.total_points, rank_total = excluded.rank_total, rank_weekly = excluded.rank_weekly,
    rank_daily = excluded.rank_daily
  -- Rewriting unchanged rows would cost most of the time after a round is scored.
  where (ms.weekly_points, ms.daily_points, ms.referral_points, ms.rank_total, ms.rank_weekly, ms.rank_daily)
    is distinct from (excluded.weekly_points, excluded.daily_points, excluded.referral_points, excluded.rank_total,
                      excluded.rank_weekly, excluded.rank_daily);
end
$$;
comment on function public.refresh_monthly_standings(int, int) is 'Recomputes monthly_standings of one Mexico City month from scores and daily_scores.';
revoke execute on function public.refresh_monthly_standings(int, int) from public, anon, authenticated;
grant execute on function public.refresh_monthly_standings(int, int) to service_role;

-- Refreshes the months of the given rounds / Boost games. When one of them no longer exists
-- (a round deleted with its scores) the month is unknown, so every stored month is refreshed.
create function public.refresh_standings_for(round_ids bigint[], game_ids bigint[]) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  mo record;
begin
  -- score_round refreshes once at its end instead of once per statement it runs.
  if current_setting('quinielazo.defer_standings', true) = 'on' then
    return;
  end if;
  for mo in
    select distinct y, m from (
      select extract(year from q.deadline at time zone 'America/Mexico_City')::int as y,
             extract(month from q.deadline at time zone 'America/Mexico_City')::int as m
      from public.quinielas q where q.id = any (round_ids)
      union all
      select extract(year from g.game_date)::int, extract(month from g.game_date)::int
      from public.daily_games g where g.id = any (game_ids)
      union all
      select ms.year, ms.month from public.monthly_standings ms
      where (select count(*) from public.quinielas q where q.id = any (round_ids)) < cardinality(array(select distinct unnest(round_ids)))
         or (select count(*) from public.daily_games g where g.id = any (game_ids)) < cardinality(array(select distinct unnest(game_ids)))
      group by ms.year, ms.month
    ) months
  loop
    perform public.refresh_monthly_standings(mo.y, mo.m);
  end loop;
end
$$;
comment on function public.refresh_standings_for(bigint[], bigint[]) is 'Refreshes the standings of the months the given rounds and Boost games fall in.';
revoke execute on function public.refresh_standings_for(bigint[], bigint[]) from public, anon, authenticated;

-- Statement-level triggers with transition tables: one refresh per statement, not per row.
-- Postgres allows one event per trigger with transition tables, hence three of each.
create function public.standings_after_scores() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform public.refresh_standings_for(array(select distinct quiniela_id from new_rows), '{}');
  elsif tg_op = 'DELETE' then
    perform public.refresh_standings_for(array(select distinct quiniela_id from old_rows), '{}');
  else
    perform public.refresh_standings_for(array(select quiniela_id from new_rows union select quiniela_id from old_rows), '{}');
  end if;
  return null;
end
$$;
comment on function public.standings_after_scores() is 'Trigger: keeps monthly_standings in step with scores.';
revoke execute on function public.standings_after_scores() from public, anon, authenticated;

create trigger scores_standings_insert after insert on public.scores
  referencing new table as new_rows for each statement execute function public.standings_after_scores();
create trigger scores_standings_update after update on public.scores
  referencing new table as new_rows old table as old_rows for each statement execute function public.standings_after_scores();
create trigger scores_standings_delete after delete on public.scores
  referencing old table as old_rows for each statement execute function public.standings_after_scores();

create function public.standings_after_daily_scores() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform public.refresh_standings_for('{}', array(select distinct daily_game_id from new_rows));
  elsif tg_op = 'DELETE' then
    perform public.refresh_standings_for('{}', array(select distinct daily_game_id from old_rows));
  else
    perform public.refresh_standings_for('{}', array(select daily_game_id from new_rows union select daily_game_id from old_rows));
  end if;
  return null;
end
$$;
comment on function public.standings_after_daily_scores() is 'Trigger: keeps monthly_standings in step with daily_scores.';
revoke execute on function public.standings_after_daily_scores() from public, anon, authenticated;

create trigger daily_scores_standings_insert after insert on public.daily_scores
  referencing new table as new_rows for each statement execute function public.standings_after_daily_scores();
create trigger daily_scores_standings_update after update on public.daily_scores
  referencing new table as new_rows old table as old_rows for each statement execute function public.standings_after_daily_scores();
create trigger daily_scores_standings_delete after delete on public.daily_scores
  referencing old table as old_rows for each statement execute function public.standings_after_daily_scores();

-- A round or Boost game moved to another day can change month: refresh both months.
create function public.standings_after_move() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_table_name = 'quinielas' then
    if exists (select 1 from public.scores where quiniela_id = new.id) then
      perform public.refresh_monthly_standings(extract(year from d)::int, extract(month from d)::int)
      from (select distinct date_trunc('month', x at time zone 'America/Mexico_City') as d from unnest(array[old.deadline, new.deadline]) x) t;
    end if;
  elsif exists (select 1 from public.daily_scores where daily_game_id = new.id) then
    perform public.refresh_monthly_standings(extract(year from d)::int, extract(month from d)::int)
    from (select distinct date_trunc('month', x) as d from unnest(array[old.game_date, new.game_date]) x) t;
  end if;
  return null;
end
$$;
comment on function public.standings_after_move() is 'Trigger: a round''s deadline or a Boost game''s date changed; refresh the months involved.';
revoke execute on function public.standings_after_move() from public, anon, authenticated;

create trigger quinielas_standings_move after update of deadline on public.quinielas
  for each row when (old.deadline is distinct from new.deadline) execute function public.standings_after_move();
create trigger daily_games_standings_move after update of game_date on public.daily_games
  for each row when (old.game_date is distinct from new.game_date) execute function public.standings_after_move();
