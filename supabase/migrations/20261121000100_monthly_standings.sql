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
  -- user_id first: the key also serves the profiles foreign key (one index less to write).
  primary key (user_id, year, month)
);
comment on table public.monthly_standings is 'Derived: a player''s month totals and ranks (ties share the rank). Written only by refresh_monthly_standings and apply_standings_delta; public like the leaderboard.';
-- The leaderboard's top-N reads (Total, Quinielazo and Boost tabs) walk these in rank order.
-- Partial: the first N rows of a ranking all have rank <= N (rank = 1 + players strictly
-- ahead), so a top-N read (N <= 100) needs only those rows, and re-ranking a month after a
-- round (which moves nearly every player) does not write 3 index entries per player.
create index monthly_standings_rank_idx on public.monthly_standings (year, month, rank_total) where rank_total <= 100;
create index monthly_standings_rank_weekly_idx on public.monthly_standings (year, month, rank_weekly) where rank_weekly <= 100;
create index monthly_standings_rank_daily_idx on public.monthly_standings (year, month, rank_daily) where rank_daily <= 100;

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

-- Helpers of the standings that are no part of the API: schema internal is not exposed by
-- PostgREST nor in the generated types, and clients may not use it.
create schema if not exists internal;
revoke all on schema internal from public, anon, authenticated;

-- The points a score row's referral lines add (its "Referido …: +N" lines); 0 without one.
-- A function call per row costs; callers guard it with
-- array_to_string(bonus_details, '|') like '%Referido %' so only rows with a referral pay.
create function internal.referral_points_of(bonus_details text[]) returns int
language sql immutable parallel safe set search_path = ''
as $$
  select coalesce(sum(substring(l from '\+(\d+)$')::int), 0)::int from unnest(bonus_details) l where l like 'Referido %'
$$;
comment on function internal.referral_points_of(text[]) is 'Sum of the referral lines (Referido …: +N) of a score''s bonus_details.';
revoke execute on function internal.referral_points_of(text[]) from public, anon, authenticated;

-- One writer per month at a time: a refresh or a delta reads the month and writes it back, so
-- two transactions interleaving on the same month would lose one's change. Taken before the
-- first read; in READ COMMITTED the next statement then sees what the other committed.
create function internal.lock_standings_month(year_input int, month_input int) returns void
language sql volatile set search_path = ''
as $$
  select pg_advisory_xact_lock(hashtext('quinielazo.monthly_standings'), year_input * 100 + month_input)
$$;
revoke execute on function internal.lock_standings_month(int, int) from public, anon, authenticated;

-- Recomputes one month from the source rows (idempotent, self-healing). Definer: it writes a
-- table no client may write, on behalf of whoever changed a score. search_path is empty so a
-- caller's objects can never stand in for ours. Used when a month's membership is unknown
-- (a round moved or deleted); the ordinary paths apply deltas (apply_standings_delta).
create function public.refresh_monthly_standings(year_input int, month_input int) returns void
language plpgsql security definer set search_path = ''
set work_mem = '64MB'
-- Whole-month set operations: with the month's statistics stale (analyzed while the month was
-- still empty) the planner may pick a nested loop over 100,000 × 100,000 rows; hash joins are
-- right at every size here.
set enable_nestloop = off
as $$
declare
  month_from timestamptz := public.mx_month_start(year_input, month_input);
  -- The next month's first day, then to an instant: independent of the session's time zone.
  month_to timestamptz := (make_date(year_input, month_input, 1) + interval '1 month')::timestamp at time zone 'America/Mexico_City';
  day_from date := make_date(year_input, month_input, 1);
begin
  perform internal.lock_standings_month(year_input, month_input);
  with weekly as (
    select s.user_id, sum(s.points)::int as points, coalesce(sum(internal.referral_points_of(s.bonus_details))
                                                                   filter (where array_to_string(s.bonus_details, '|') like '%Referido %'), 0)::int as referral
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

-- Applies a change of the source rows to one month: per player, the change of weekly, daily
-- and referral points (users[i] gains weekly[i], daily[i], referral[i]; a player may appear
-- more than once), plus the players who lost source rows (maybe_gone), who leave the month when
-- nothing of theirs is left in it (or their profile is gone). Then re-ranks the month with one
-- window query and writes, in one statement per kind, only the rows whose points or ranks
-- changed: no re-aggregation of the month's scores and Boost scores, no rewrite of equal rows.
-- The result equals refresh_monthly_standings (tests/api/leaderboard.test.ts checks it).
create function internal.apply_standings_delta(
  year_input int, month_input int, users uuid[], weekly int[], daily int[], referral int[], maybe_gone uuid[]
) returns void
language plpgsql security definer set search_path = ''
set work_mem = '64MB'
-- As in refresh_monthly_standings: stale statistics must not turn the month's join into
-- 100,000 index probes.
set enable_nestloop = off
as $$
declare
  month_from timestamptz := public.mx_month_start(year_input, month_input);
  month_to timestamptz := (make_date(year_input, month_input, 1) + interval '1 month')::timestamp at time zone 'America/Mexico_City';
  day_from date := make_date(year_input, month_input, 1);
  gone uuid[];
begin
  if coalesce(cardinality(users), 0) = 0 and coalesce(cardinality(maybe_gone), 0) = 0 then
    return;
  end if;
  perform internal.lock_standings_month(year_input, month_input);

  gone := array(
    select distinct g.user_id from unnest(maybe_gone) g(user_id)
    where not exists (select 1 from public.profiles p where p.id = g.user_id)
       or (not exists (select 1 from public.scores s join public.quinielas q on q.id = s.quiniela_id
                       where s.user_id = g.user_id and q.deadline >= month_from and q.deadline < month_to)
           and not exists (select 1 from public.daily_scores ds join public.daily_games dg on dg.id = ds.daily_game_id
                           where ds.user_id = g.user_id and dg.game_date >= day_from
                             and dg.game_date < (day_from + interval '1 month')::date)));

  with delta as (
    select d.user_id, sum(d.weekly)::int as weekly, sum(d.daily)::int as daily, sum(d.referral)::int as referral
    from unnest(users, weekly, daily, referral) d(user_id, weekly, daily, referral)
    group by d.user_id
  ), current_rows as (
    select ms.user_id, ms.weekly_points, ms.daily_points, ms.referral_points, ms.rank_total, ms.rank_weekly, ms.rank_daily
    from public.monthly_standings ms
    where ms.year = year_input and ms.month = month_input
  ), next_rows as (
    -- Everyone staying in the month with his new points; players new to the month too.
    select coalesce(c.user_id, d.user_id) as user_id, c.user_id is null as is_new,
           coalesce(c.weekly_points, 0) + coalesce(d.weekly, 0) as weekly,
           coalesce(c.daily_points, 0) + coalesce(d.daily, 0) as daily,
           coalesce(c.referral_points, 0) + coalesce(d.referral, 0) as referral,
           c.weekly_points as old_weekly, c.daily_points as old_daily, c.referral_points as old_referral,
           c.rank_total as old_rank_total, c.rank_weekly as old_rank_weekly, c.rank_daily as old_rank_daily
    from current_rows c
    full join delta d on d.user_id = c.user_id
    where not exists (select 1 from unnest(gone) g(user_id) where g.user_id = coalesce(c.user_id, d.user_id))
      -- A new row needs its player (a deleted profile's cascade must not bring him back).
      and (c.user_id is not null or exists (select 1 from public.profiles p where p.id = d.user_id))
  ), ranked as materialized (
    select n.*, n.weekly + n.daily as total,
           rank() over (order by n.weekly + n.daily desc)::int as rank_total,
           rank() over (order by n.weekly desc)::int as rank_weekly,
           rank() over (order by n.daily desc)::int as rank_daily
    from next_rows n
  ), removed as (
    delete from public.monthly_standings ms
    where ms.year = year_input and ms.month = month_input and ms.user_id = any (gone)
  ), added as (
    insert into public.monthly_standings (year, month, user_id, weekly_points, daily_points, referral_points, total_points,
                                          rank_total, rank_weekly, rank_daily)
    select year_input, month_input, r.user_id, r.weekly, r.daily, r.referral, r.total, r.rank_total, r.rank_weekly, r.rank_daily
    from ranked r where r.is_new
  )
  update public.monthly_standings ms
  set weekly_points = r.weekly, daily_points = r.daily, referral_points = r.referral, total_points = r.total,
      rank_total = r.rank_total, rank_weekly = r.rank_weekly, rank_daily = r.rank_daily
  from ranked r
  where not r.is_new
    and (r.weekly, r.daily, r.referral, r.rank_total, r.rank_weekly, r.rank_daily)
        is distinct from (r.old_weekly, r.old_daily, r.old_referral, r.old_rank_total, r.old_rank_weekly, r.old_rank_daily)
    and ms.year = year_input and ms.month = month_input and ms.user_id = r.user_id;
end
$$;
comment on function internal.apply_standings_delta(int, int, uuid[], int[], int[], int[], uuid[]) is
  'Applies per-player point changes (and departures) to one month of monthly_standings, re-ranks it, writes changed rows only.';
revoke execute on function internal.apply_standings_delta(int, int, uuid[], int[], int[], int[], uuid[]) from public, anon, authenticated;

-- Refreshes the months of the given rounds / Boost games. When one of them no longer exists
-- (a round deleted with its scores) the month is unknown, so every stored month is refreshed.
create function public.refresh_standings_for(round_ids bigint[], game_ids bigint[]) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  mo record;
begin
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

-- Statement-level triggers with transition tables: one delta per statement and month, not per
-- row. Postgres allows one event per trigger with transition tables, hence three of each.
-- score_round writes scores with quinielazo.defer_standings on and applies its own delta (it
-- already knows each player's old and new score), so these skip while it is set.
create function public.standings_after_scores() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  mo record;
begin
  if current_setting('quinielazo.defer_standings', true) = 'on' then
    return null;
  end if;
  create temporary table if not exists pg_temp.standings_changes (
    quiniela_id bigint, user_id uuid, points int, referral int, removed boolean
  ) on commit drop;
  truncate pg_temp.standings_changes;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into pg_temp.standings_changes
    select n.quiniela_id, n.user_id, n.points,
           case when array_to_string(n.bonus_details, '|') like '%Referido %' then internal.referral_points_of(n.bonus_details) else 0 end,
           false
    from new_rows n;
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    insert into pg_temp.standings_changes
    select o.quiniela_id, o.user_id, -o.points,
           case when array_to_string(o.bonus_details, '|') like '%Referido %' then -internal.referral_points_of(o.bonus_details) else 0 end,
           true
    from old_rows o;
  end if;
  -- A round that no longer exists (deleted with its scores): its month is unknown.
  if exists (select 1 from pg_temp.standings_changes c where not exists (select 1 from public.quinielas q where q.id = c.quiniela_id)) then
    perform public.refresh_standings_for(array(select distinct quiniela_id from pg_temp.standings_changes), '{}');
    return null;
  end if;
  for mo in
    select extract(year from q.deadline at time zone 'America/Mexico_City')::int as y,
           extract(month from q.deadline at time zone 'America/Mexico_City')::int as m,
           array_agg(c.user_id) filter (where c.points <> 0 or c.referral <> 0) as users,
           array_agg(c.points) filter (where c.points <> 0 or c.referral <> 0) as points,
           array_agg(0) filter (where c.points <> 0 or c.referral <> 0) as zeros,
           array_agg(c.referral) filter (where c.points <> 0 or c.referral <> 0) as referral,
           array_agg(c.user_id) filter (where c.removed) as removed,
           -- Inserted rows bring their player into the month even with 0 points.
           array_agg(c.user_id) filter (where not c.removed) as present
    from pg_temp.standings_changes c join public.quinielas q on q.id = c.quiniela_id
    group by 1, 2
  loop
    perform internal.apply_standings_delta(mo.y, mo.m,
      coalesce(mo.users, '{}') || coalesce(mo.present, '{}'),
      coalesce(mo.points, '{}') || array_fill(0, array[cardinality(coalesce(mo.present, '{}'))]),
      coalesce(mo.zeros, '{}') || array_fill(0, array[cardinality(coalesce(mo.present, '{}'))]),
      coalesce(mo.referral, '{}') || array_fill(0, array[cardinality(coalesce(mo.present, '{}'))]),
      coalesce(mo.removed, '{}'));
  end loop;
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
declare
  mo record;
begin
  create temporary table if not exists pg_temp.standings_daily_changes (
    daily_game_id bigint, user_id uuid, points int, removed boolean
  ) on commit drop;
  truncate pg_temp.standings_daily_changes;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into pg_temp.standings_daily_changes select n.daily_game_id, n.user_id, n.points, false from new_rows n;
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    insert into pg_temp.standings_daily_changes select o.daily_game_id, o.user_id, -o.points, true from old_rows o;
  end if;
  if exists (select 1 from pg_temp.standings_daily_changes c where not exists (select 1 from public.daily_games g where g.id = c.daily_game_id)) then
    perform public.refresh_standings_for('{}', array(select distinct daily_game_id from pg_temp.standings_daily_changes));
    return null;
  end if;
  for mo in
    select extract(year from g.game_date)::int as y, extract(month from g.game_date)::int as m,
           array_agg(c.user_id) as users, array_agg(c.points) as points,
           array_agg(c.user_id) filter (where c.removed) as removed
    from pg_temp.standings_daily_changes c join public.daily_games g on g.id = c.daily_game_id
    group by 1, 2
  loop
    perform internal.apply_standings_delta(mo.y, mo.m, mo.users,
      array_fill(0, array[cardinality(mo.users)]), mo.points, array_fill(0, array[cardinality(mo.users)]),
      coalesce(mo.removed, '{}'));
  end loop;
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
