-- The public reads of the game: monthly leaderboard, a player's month detail, vote stats, the
-- leaderboard's months and the hourly rank snapshot. Months are Mexico City months (public.mx_time): a
-- round belongs to the month of its deadline there, a Boost game to its game_date.
--
-- The reads are security invoker and without SET clauses on purpose: everything they read is
-- public (scores, daily_scores, standings, public_profiles), so they need no privileges, and
-- plain SQL functions like these are inlined by the planner.

set check_function_bodies = off;

create table public.rank_snapshots (
  user_id uuid not null references public.profiles (id) on delete cascade,
  year int not null check (year between 2000 and 2100),
  month int not null check (month between 1 and 12),
  rank_total int,
  rank_weekly int,
  rank_daily int,
  primary key (user_id, year, month)
);
alter table public.rank_snapshots enable row level security;
comment on table public.rank_snapshots is 'A player''s leaderboard positions frozen at the end of a month. Public like the leaderboard.';
revoke all on table public.rank_snapshots from anon, authenticated;
grant select on table public.rank_snapshots to anon;
grant select, delete on table public.rank_snapshots to authenticated;
grant insert (month, rank_daily, rank_total, rank_weekly, user_id, year), update (rank_daily, rank_total, rank_weekly) on table public.rank_snapshots to authenticated;

create index rank_snapshots_year_month_idx on public.rank_snapshots (year, month);

create policy "Everyone reads rank snapshots" on public.rank_snapshots for select to anon, authenticated using (true);

create policy "Admins take rank snapshots" on public.rank_snapshots for insert to authenticated with check ((select public.is_admin()));

create policy "Admins correct rank snapshots" on public.rank_snapshots for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "Admins remove rank snapshots" on public.rank_snapshots for delete to authenticated using ((select public.is_admin()));

-- The month's race (issue 33): a player's total rank and points once per Mexico City day,
-- written by the hourly snapshot (the day's last run wins), so the dashboard can draw his rank
-- through the month. rank_snapshots keeps only a month's final standing. Public like the
-- leaderboard, which shows every player's rank anyway; derived, so no client writes it.
-- Kept for the current month and the two before it (the snapshot deletes older days): at
-- 100,000 players a month is ~3 million small rows.
create table public.rank_history (
  user_id uuid not null references public.profiles (id) on delete cascade,
  day date not null,
  rank_total int not null,
  total_points int not null,
  primary key (user_id, day)
);
alter table public.rank_history enable row level security;
comment on table public.rank_history is 'Derived: a player''s total rank and points at the end of each Mexico City day of the month (the hourly snapshot). Public like the leaderboard.';
revoke all on table public.rank_history from anon, authenticated;
grant select on table public.rank_history to anon, authenticated;

create policy "Everyone reads the rank history" on public.rank_history for select to anon, authenticated using (true);

-- Monthly standings: each player's points per month (Mexico City's, public.mx_time), kept up to
-- date from scores and daily_scores. The leaderboard reads this table instead of aggregating
-- every score on every call: with 100,000 players a live aggregate plus three rankings costs
-- hundreds of milliseconds, a read of stored points costs one index scan. A player's ranks are
-- not stored here: they are read from the month's histogram (standings_histogram, below), so a
-- change of a few players' points rewrites their rows and a few histogram rows, not the rank of
-- everyone behind them (issue 46: a Boost game answered right by 1 in 12 rewrote all 1,000,000
-- rows of the month).
create table public.monthly_standings (
  year int not null check (year between 2000 and 2100),
  month int not null check (month between 1 and 12),
  -- No foreign key to profiles: a row-by-row key check costs as much as writing the row, and a
  -- referee's write is 100,000 rows. Its writers take players only from rows that keep the key
  -- (scores, daily_scores), and a statement trigger on profiles removes a deleted player's rows
  -- (internal.drop_rows_of_deleted_players), as the cascade did.
  user_id uuid not null,
  weekly_points int not null default 0,
  daily_points int not null default 0,
  referral_points int not null default 0,
  total_points int not null default 0,
  primary key (user_id, year, month),
  -- Each ranking's podium: its first 100 rows as the leaderboard lists them (by rank, then
  -- username), so a first place shared by 80,000 Boost players is still a podium of 100. The
  -- top-N reads (N <= 100) walk the ranking's own partial index; written by
  -- internal.place_podiums when a change reaches the top 100. In the order a generated
  -- migration adds them.
  podium_daily boolean not null default false,
  podium_total boolean not null default false,
  podium_weekly boolean not null default false
)
-- Half of each page free: a round changes the weekly points of nearly every row of its month,
-- and each new row version then fits in its page (a HOT update, no index entry).
with (fillfactor = 50);
alter table public.monthly_standings enable row level security;
comment on table public.monthly_standings is 'Derived: a player''s month totals (ranks: monthly_standings_ranked). Written only by refresh_monthly_standings and apply_standings_delta; public like the leaderboard.';
comment on column public.monthly_standings.podium_total is 'Derived: among the first 100 of the month''s total ranking (by rank, then username).';
comment on column public.monthly_standings.podium_weekly is 'Derived: among the first 100 of the month''s Quinielazo ranking (by rank, then username).';
comment on column public.monthly_standings.podium_daily is 'Derived: among the first 100 of the month''s Boost ranking (by rank, then username).';
revoke all on table public.monthly_standings from anon, authenticated;
grant select on table public.monthly_standings to anon, authenticated;

-- No index names a points column: a new row version stays in its page (a HOT update) unless a
-- podium flag changes.
create index monthly_standings_podium_total_idx on public.monthly_standings (year, month) where podium_total;
create index monthly_standings_podium_weekly_idx on public.monthly_standings (year, month) where podium_weekly;
create index monthly_standings_podium_daily_idx on public.monthly_standings (year, month) where podium_daily;

-- No write policies: the rows are derived, so nobody but the refresh (definer) writes them.
create policy "Everyone reads the standings" on public.monthly_standings for select to anon, authenticated using (true);

-- The month's histogram, per ranking: how many of the month's players have each number of
-- points. A change of points moves a player from one row to another here (a month has a few
-- hundred distinct totals at most). Kept by the statement triggers on monthly_standings
-- (internal.count_standings), so every writer of the standings keeps it, by hand included.
create table public.standings_histogram (
  year int not null check (year between 2000 and 2100),
  month int not null check (month between 1 and 12),
  ranking text not null check (ranking in ('total', 'weekly', 'daily')),
  points int not null,
  players int not null check (players >= 0),
  primary key (year, month, ranking, points)
);
alter table public.standings_histogram enable row level security;
comment on table public.standings_histogram is 'Derived: per month and ranking (total, weekly, daily), how many players have each number of points. Kept by triggers on monthly_standings; public like the leaderboard.';
revoke all on table public.standings_histogram from anon, authenticated;
grant select on table public.standings_histogram to anon, authenticated;

create policy "Everyone reads the standings' histogram" on public.standings_histogram for select to anon, authenticated using (true);

-- The rank each number of points gives in a month's ranking: rank() = 1 + players with more
-- points (ties share), summed over the histogram's few hundred rows when read (a stored rank
-- would be rewritten down the whole histogram by every change near the top). The one place the
-- rule is written; a filter on year, month and ranking reaches the histogram's key (they are
-- the window's partition). Security invoker: the histogram is public. (The option is set by a
-- hand-written migration too, 20261203034651_histograms_of_stored_months.sql: a schema diff does
-- not carry it.)
create view public.standings_ranks with (security_invoker = true) as
  select h.year, h.month, h.ranking, h.points, h.players,
         (1 + coalesce(sum(h.players) over (partition by h.year, h.month, h.ranking order by h.points desc
                                             rows between unbounded preceding and 1 preceding), 0))::int as rank
  from public.standings_histogram h;
comment on view public.standings_ranks is 'Per month, ranking (total, weekly, daily) and points: the players with those points and the rank they give (1 + players with more; ties share).';
revoke all on table public.standings_ranks from anon, authenticated;
grant select on table public.standings_ranks to anon, authenticated;

-- A player's month row with his three ranks, read from the histogram: where a reader needs a
-- rank, it reads this view (or standings_ranks). Security invoker: every table it reads is
-- public. (The option is set by a hand-written migration too,
-- 20261203034651_histograms_of_stored_months.sql: a schema diff does not carry it.)
create view public.monthly_standings_ranked with (security_invoker = true) as
  select s.year, s.month, s.user_id, s.weekly_points, s.daily_points, s.referral_points, s.total_points,
         rt.rank as rank_total, rw.rank as rank_weekly, rd.rank as rank_daily,
         s.podium_total, s.podium_weekly, s.podium_daily
  from public.monthly_standings s
  left join public.standings_ranks rt on rt.year = s.year and rt.month = s.month and rt.ranking = 'total' and rt.points = s.total_points
  left join public.standings_ranks rw on rw.year = s.year and rw.month = s.month and rw.ranking = 'weekly' and rw.points = s.weekly_points
  left join public.standings_ranks rd on rd.year = s.year and rd.month = s.month and rd.ranking = 'daily' and rd.points = s.daily_points;
comment on view public.monthly_standings_ranked is 'monthly_standings with each player''s total, Quinielazo and Boost rank of the month (ties share), read from standings_ranks.';
revoke all on table public.monthly_standings_ranked from anon, authenticated;
grant select on table public.monthly_standings_ranked to anon, authenticated;

-- One writer per month at a time: a refresh or a delta reads the month and writes it back, so
-- two transactions interleaving on the same month would lose one's change. Taken before the
-- first read; in READ COMMITTED the next statement then sees what the other committed.
create function internal.lock_standings_month(year_input int, month_input int) returns void
language sql volatile set search_path = ''
as $$
  select pg_advisory_xact_lock(hashtext('quinielazo.monthly_standings'), year_input * 100 + month_input)
$$;
revoke execute on function internal.lock_standings_month(year_input integer, month_input integer) from public;

-- The histogram follows every write of monthly_standings: each player counted at his points in
-- each ranking, in at his new points and out at his old ones. The rows come grouped by their
-- points (a referee's 1,000,000 rows are a few thousand groups): years[i], months[i],
-- totals[i], weeklies[i], dailies[i] gain players[i] (negative: leave). Only the counts that
-- change are written. A count below zero is a bug and fails the check.
create function internal.shift_histogram(years int[], months int[], totals int[], weeklies int[], dailies int[], players int[])
returns void
language plpgsql volatile set search_path = ''
as $$
begin
  if coalesce(cardinality(years), 0) = 0 then
    return;
  end if;
  perform internal.lock_standings_month(m.year, m.month)
  from (select distinct u.year, u.month from unnest(years, months) u(year, month) order by 1, 2) m;
  with moved as (
    select u.year, u.month, r.ranking, r.points, sum(u.players)::int as change
    from unnest(years, months, totals, weeklies, dailies, players) u(year, month, total, weekly, daily, players)
    cross join lateral (values ('total', u.total), ('weekly', u.weekly), ('daily', u.daily)) r(ranking, points)
    group by 1, 2, 3, 4
    having sum(u.players) <> 0
  ), merged as (
    select m.year, m.month, m.ranking, m.points, coalesce(h.players, 0) + m.change as players, h.players is not null as counted
    from moved m
    left join public.standings_histogram h
      on h.year = m.year and h.month = m.month and h.ranking = m.ranking and h.points = m.points
  ), emptied as (
    delete from public.standings_histogram h using merged m
    where m.counted and m.players = 0 and h.year = m.year and h.month = m.month and h.ranking = m.ranking and h.points = m.points
  ), recounted as (
    update public.standings_histogram h set players = m.players from merged m
    where m.counted and m.players <> 0 and h.year = m.year and h.month = m.month and h.ranking = m.ranking and h.points = m.points
  )
  insert into public.standings_histogram (year, month, ranking, points, players)
  select m.year, m.month, m.ranking, m.points, m.players from merged m where not m.counted;
end
$$;
comment on function internal.shift_histogram(int[], int[], int[], int[], int[], int[]) is
  'Moves players between points in the months'' standings_histogram.';
revoke execute on function internal.shift_histogram(years integer[], months integer[], totals integer[], weeklies integer[], dailies integer[], players integer[]) from public;

-- Statement triggers on monthly_standings: the written rows, grouped by their points, move the
-- histogram. refresh_monthly_standings counts its month afresh instead (recount_month), so the
-- triggers skip while it writes (quinielazo.recount_standings; clients cannot set it).
create function internal.count_standings() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if current_setting('quinielazo.recount_standings', true) = 'on' then
    return null;
  end if;
  if tg_op = 'INSERT' then
    perform internal.shift_histogram(array_agg(c.year), array_agg(c.month), array_agg(c.total_points),
                                     array_agg(c.weekly_points), array_agg(c.daily_points), array_agg(c.players))
    from (select n.year, n.month, n.total_points, n.weekly_points, n.daily_points, count(*)::int as players
          from new_rows n group by 1, 2, 3, 4, 5) c;
  elsif tg_op = 'UPDATE' then
    -- Rows whose points did not change (a podium flag) cancel out.
    perform internal.shift_histogram(array_agg(c.year), array_agg(c.month), array_agg(c.total_points),
                                     array_agg(c.weekly_points), array_agg(c.daily_points), array_agg(c.players))
    from (select x.year, x.month, x.total_points, x.weekly_points, x.daily_points, sum(x.players)::int as players
          from (select n.year, n.month, n.total_points, n.weekly_points, n.daily_points, count(*) as players
                from new_rows n group by 1, 2, 3, 4, 5
                union all
                select o.year, o.month, o.total_points, o.weekly_points, o.daily_points, -count(*)
                from old_rows o group by 1, 2, 3, 4, 5) x
          group by 1, 2, 3, 4, 5
          having sum(x.players) <> 0) c;
  else
    perform internal.shift_histogram(array_agg(c.year), array_agg(c.month), array_agg(c.total_points),
                                     array_agg(c.weekly_points), array_agg(c.daily_points), array_agg(c.players))
    from (select o.year, o.month, o.total_points, o.weekly_points, o.daily_points, -count(*)::int as players
          from old_rows o group by 1, 2, 3, 4, 5) c;
  end if;
  return null;
end
$$;
comment on function internal.count_standings() is 'Trigger: keeps standings_histogram in step with monthly_standings.';
revoke execute on function internal.count_standings() from public;

-- A month's histogram counted afresh from its rows (refresh_monthly_standings, which holds the
-- month): self-healing, whatever the histogram held.
create function internal.recount_month(year_input int, month_input int) returns void
language sql volatile set search_path = ''
as $$
  delete from public.standings_histogram h where h.year = year_input and h.month = month_input;
  insert into public.standings_histogram (year, month, ranking, points, players)
  select year_input, month_input, r.ranking, r.points, count(*)::int
  from public.monthly_standings s
  cross join lateral (values ('total', s.total_points), ('weekly', s.weekly_points), ('daily', s.daily_points)) r(ranking, points)
  where s.year = year_input and s.month = month_input
  group by 1, 2, 3, 4;
$$;
comment on function internal.recount_month(int, int) is 'Counts one month''s standings_histogram afresh from monthly_standings.';
revoke execute on function internal.recount_month(year_input integer, month_input integer) from public;

-- Where each ranking's podium is cut: the lowest points ranked within 100 (every row from there
-- up is ranked within 100, and only those rows can be on the podium), how many rows have more
-- points (all on the podium), and how many share those points (the tie the name cuts). No row
-- for a ranking of an empty month.
create function internal.podium_cuts(year_input int, month_input int)
returns table (ranking text, points int, above int, tied int)
language sql stable set search_path = ''
as $$
  select distinct on (r.ranking) r.ranking, r.points, r.rank - 1, r.players
  from public.standings_ranks r
  where r.year = year_input and r.month = month_input and r.rank <= 100
  order by r.ranking, r.points
$$;
comment on function internal.podium_cuts(int, int) is 'Per ranking of a month: the lowest points ranked within 100, the rows above them and the rows tied at them.';
revoke execute on function internal.podium_cuts(year_input integer, month_input integer) from public;

-- The podiums of a month from the rows ranked within the first 100 of some ranking (only they
-- can be among a ranking's first 100 rows): per ranking, its first 100 rows by rank, then
-- username, then user_id, as get_monthly_leaderboard lists them. The tie at a podium's last
-- rank is cut by name: after a Boost game answered right by 80,000 players the Boost podium
-- holds 100 of them, not 80,000, so the other rankings' top pages never read that tie and the
-- Boost top page reads 100 rows. Costs a top-100 sort of the rows near the top, not of the
-- month. Their names: a key probe each (nested loops on: the callers turn them off for their
-- whole-month joins), unless the rows near the top are a good part of the month, as when a
-- tie for first is shared by most players (everyone's Boost at 0 before the month's first
-- game): then one pass over the profiles, joined by hashing (at 1,000,000 players, 1,000,000
-- probes took 7 s, the pass 3 s; docs/performance.md, "A million players").
create function internal.podium_of(players uuid[], totals int[], weeklies int[], dailies int[])
returns table (user_id uuid, podium_total boolean, podium_weekly boolean, podium_daily boolean)
language plpgsql stable set search_path = ''
set enable_nestloop = on
set work_mem = '64MB'
as $$
#variable_conflict use_column
begin
  -- A key probe costs about four times a profile's share of the pass (7 µs against 2–3 µs at
  -- 1,000,000 players). Never analysed (-1): the pass, until autovacuum counts the table.
  if cardinality(players) * 4 > (select c.reltuples from pg_catalog.pg_class c where c.oid = 'public.profiles'::regclass) then
    perform set_config('enable_nestloop', 'off', true);
  end if;
  return query
  with near as materialized (
    select u.user_id, u.rank_total, u.rank_weekly, u.rank_daily, p.username
    from unnest(players, totals, weeklies, dailies) u(user_id, rank_total, rank_weekly, rank_daily)
    join public.profiles p on p.id = u.user_id
  ), total as (
    select n.user_id from near n where n.rank_total <= 100 order by n.rank_total, n.username, n.user_id limit 100
  ), weekly as (
    select n.user_id from near n where n.rank_weekly <= 100 order by n.rank_weekly, n.username, n.user_id limit 100
  ), daily as (
    select n.user_id from near n where n.rank_daily <= 100 order by n.rank_daily, n.username, n.user_id limit 100
  ), placed as (
    select t.user_id, 'total' as ranking from total t
    union all select w.user_id, 'weekly' from weekly w
    union all select d.user_id, 'daily' from daily d
  )
  select pl.user_id, bool_or(pl.ranking = 'total'), bool_or(pl.ranking = 'weekly'), bool_or(pl.ranking = 'daily')
  from placed pl
  group by pl.user_id;
end
$$;
comment on function internal.podium_of(uuid[], int[], int[], int[]) is
  'The players on each ranking''s podium (first 100 by rank, then username) among the given rows ranked within 100 somewhere.';
revoke execute on function internal.podium_of(players uuid[], totals integer[], weeklies integer[], dailies integer[]) from public;

-- Sets a month's podium flags from its histogram and the players' names: after a full refresh,
-- after a change that reaches some ranking's top 100, and when a player near the top is renamed
-- or deleted (a tie cut by name may then take someone else). Writes only the flags that change.
-- The rows ranked within 100 come from one read of the month (no index names points), except a
-- large tie at a podium's last rank (everyone's Boost at 0 before the month's first game; 1 in
-- 12 players right in a Boost game): its first players by name are found by walking the
-- players in name order (profiles_username_idx) and looking each up in the month, which stops
-- after about (places left) × players / tie lookups, instead of naming the whole tie (at
-- 1,000,000 players, naming 1,000,000 tied rows took 3–4 s).
create function internal.place_podiums(year_input int, month_input int) returns void
language plpgsql volatile set search_path = ''
set enable_nestloop = on
as $$
declare
  players real;
  cut record;
  cut_total int;
  cut_weekly int;
  cut_daily int;
  left_total int := 0;
  left_weekly int := 0;
  left_daily int := 0;
  walk_total boolean := false;
  walk_weekly boolean := false;
  walk_daily boolean := false;
begin
  perform internal.lock_standings_month(year_input, month_input);
  -- The players a walk by name goes through: the profiles (at least the month's).
  players := greatest(
    (select c.reltuples from pg_catalog.pg_class c where c.oid = 'public.profiles'::regclass),
    (select sum(h.players) from public.standings_histogram h where h.year = year_input and h.month = month_input and h.ranking = 'total'),
    1);
  for cut in select * from internal.podium_cuts(year_input, month_input) loop
    -- Walking costs about (places left) × players / tie lookups; naming the tie, one per tied row.
    if cut.ranking = 'total' then
      cut_total := cut.points;
      left_total := 100 - cut.above;
      walk_total := cut.tied > 1000 and left_total * players < cut.tied::real * cut.tied;
    elsif cut.ranking = 'weekly' then
      cut_weekly := cut.points;
      left_weekly := 100 - cut.above;
      walk_weekly := cut.tied > 1000 and left_weekly * players < cut.tied::real * cut.tied;
    else
      cut_daily := cut.points;
      left_daily := 100 - cut.above;
      walk_daily := cut.tied > 1000 and left_daily * players < cut.tied::real * cut.tied;
    end if;
  end loop;

  with near as (
    -- The rows ranked within 100 somewhere, but a walked tie: its rows count as ranked 101 in
    -- that ranking (off its podium here; the walk below places them).
    select array_agg(s.user_id) as players,
           array_agg(case when s.total_points > cut_total or (s.total_points = cut_total and not walk_total) then rt.rank else 101 end) as totals,
           array_agg(case when s.weekly_points > cut_weekly or (s.weekly_points = cut_weekly and not walk_weekly) then rw.rank else 101 end) as weeklies,
           array_agg(case when s.daily_points > cut_daily or (s.daily_points = cut_daily and not walk_daily) then rd.rank else 101 end) as dailies
    from public.monthly_standings s
    join public.standings_ranks rt on rt.year = s.year and rt.month = s.month and rt.ranking = 'total' and rt.points = s.total_points
    join public.standings_ranks rw on rw.year = s.year and rw.month = s.month and rw.ranking = 'weekly' and rw.points = s.weekly_points
    join public.standings_ranks rd on rd.year = s.year and rd.month = s.month and rd.ranking = 'daily' and rd.points = s.daily_points
    where s.year = year_input and s.month = month_input
      and (s.total_points > cut_total or (s.total_points = cut_total and not walk_total)
           or s.weekly_points > cut_weekly or (s.weekly_points = cut_weekly and not walk_weekly)
           or s.daily_points > cut_daily or (s.daily_points = cut_daily and not walk_daily))
  ), named as (
    select pd.user_id, pd.podium_total, pd.podium_weekly, pd.podium_daily
    from near cross join lateral internal.podium_of(near.players, near.totals, near.weeklies, near.dailies) pd
  ), walked as (
    -- A walked tie's first rows by name. The lateral subquery (offset 0) is looked up once per
    -- player walked, in name order, until the places are filled.
    (select p.id as user_id, 'total' as ranking from public.profiles p
     cross join lateral (select 1 from public.monthly_standings s
                         where s.user_id = p.id and s.year = year_input and s.month = month_input and s.total_points = cut_total
                         offset 0) x
     where walk_total order by p.username, p.id limit left_total)
    union all
    (select p.id, 'weekly' from public.profiles p
     cross join lateral (select 1 from public.monthly_standings s
                         where s.user_id = p.id and s.year = year_input and s.month = month_input and s.weekly_points = cut_weekly
                         offset 0) x
     where walk_weekly order by p.username, p.id limit left_weekly)
    union all
    (select p.id, 'daily' from public.profiles p
     cross join lateral (select 1 from public.monthly_standings s
                         where s.user_id = p.id and s.year = year_input and s.month = month_input and s.daily_points = cut_daily
                         offset 0) x
     where walk_daily order by p.username, p.id limit left_daily)
  ), podium as (
    select x.user_id, bool_or(x.podium_total) as podium_total, bool_or(x.podium_weekly) as podium_weekly,
           bool_or(x.podium_daily) as podium_daily
    from (select n.user_id, n.podium_total, n.podium_weekly, n.podium_daily from named n
          union all
          select w.user_id, w.ranking = 'total', w.ranking = 'weekly', w.ranking = 'daily' from walked w) x
    group by x.user_id
  ), touched as (
    select pd.user_id from podium pd
    union
    select s.user_id from public.monthly_standings s
    where s.year = year_input and s.month = month_input and (s.podium_total or s.podium_weekly or s.podium_daily)
  )
  update public.monthly_standings s
  set podium_total = coalesce(pd.podium_total, false), podium_weekly = coalesce(pd.podium_weekly, false),
      podium_daily = coalesce(pd.podium_daily, false)
  from touched t
  left join podium pd on pd.user_id = t.user_id
  where s.year = year_input and s.month = month_input and s.user_id = t.user_id
    and (s.podium_total, s.podium_weekly, s.podium_daily) is distinct from
        (coalesce(pd.podium_total, false), coalesce(pd.podium_weekly, false), coalesce(pd.podium_daily, false));
end
$$;
comment on function internal.place_podiums(int, int) is 'Sets one month''s podium flags of monthly_standings from its histogram and the players'' names.';
revoke execute on function internal.place_podiums(year_input integer, month_input integer) from public;

-- A renamed player in the tie at a podium's last rank may move in or out of it by name (a
-- rank before the last is on it whatever the name, a later one off it). Renames are rare; a
-- month is re-placed only when the new name can matter.
create function internal.place_podiums_after_rename() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  mo record;
begin
  for mo in
    select s.year, s.month from public.monthly_standings_ranked s
    where s.user_id = new.id
      and ((s.rank_total <= 100 and s.rank_total >= (select max(x.rank_total) from public.monthly_standings_ranked x
                                                     where x.year = s.year and x.month = s.month and x.podium_total))
        or (s.rank_weekly <= 100 and s.rank_weekly >= (select max(x.rank_weekly) from public.monthly_standings_ranked x
                                                       where x.year = s.year and x.month = s.month and x.podium_weekly))
        or (s.rank_daily <= 100 and s.rank_daily >= (select max(x.rank_daily) from public.monthly_standings_ranked x
                                                     where x.year = s.year and x.month = s.month and x.podium_daily)))
  loop
    perform internal.place_podiums(mo.year, mo.month);
  end loop;
  return null;
end
$$;
comment on function internal.place_podiums_after_rename() is 'Trigger: a renamed player at a podium''s last rank re-places that month''s podiums (ties are listed by name).';
revoke execute on function internal.place_podiums_after_rename() from public;

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
  month_to timestamptz := public.mx_instant((make_date(year_input, month_input, 1) + interval '1 month')::timestamp);
  day_from date := make_date(year_input, month_input, 1);
begin
  perform internal.lock_standings_month(year_input, month_input);
  -- The month's histogram is counted afresh once its rows are written (below), whatever it held.
  perform set_config('quinielazo.recount_standings', 'on', true);
  with weekly as (
    select s.user_id, sum(s.points)::int as points, sum(s.referral_points)::int as referral
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
  ), removed as (
    delete from public.monthly_standings ms
    where ms.year = year_input and ms.month = month_input
      and not exists (select 1 from totals t where t.user_id = ms.user_id)
  )
  insert into public.monthly_standings as ms (year, month, user_id, weekly_points, daily_points, referral_points, total_points)
  select year_input, month_input, t.user_id, t.weekly, t.daily, t.referral, t.weekly + t.daily
  from totals t
  on conflict (year, month, user_id) do update set
    weekly_points = excluded.weekly_points, daily_points = excluded.daily_points, referral_points = excluded.referral_points,
    total_points = excluded.total_points
  -- Rewriting unchanged rows would cost most of the time after a round is scored.
  where (ms.weekly_points, ms.daily_points, ms.referral_points, ms.total_points)
    is distinct from (excluded.weekly_points, excluded.daily_points, excluded.referral_points, excluded.total_points);
  perform set_config('quinielazo.recount_standings', 'off', true);
  perform internal.recount_month(year_input, month_input);
  -- The rare path (a round moved or deleted): the podiums from the histogram, one more read.
  perform internal.place_podiums(year_input, month_input);
end
$$;
comment on function public.refresh_monthly_standings(int, int) is 'Recomputes monthly_standings of one Mexico City month from scores and daily_scores.';
revoke execute on function public.refresh_monthly_standings(year_input integer, month_input integer) from public, anon, authenticated;

-- Applies a change of the source rows to one month: per player (each player once), the change
-- of weekly, daily and referral points (users[i] gains weekly[i], daily[i], referral[i]; a
-- player not in the month yet joins it, with 0 points when that is his change), plus the
-- players who lost source rows (maybe_gone), who leave the month when nothing of theirs is left
-- in it (or their profile is gone). Writes only the rows whose points change: no
-- re-aggregation of the month's scores and Boost scores, and no row of the players behind them,
-- whose ranks move in the histogram (internal.count_standings). The podiums are placed again
-- only when a changed row is ranked within 100 somewhere, before or after the change: a row
-- ranked below 100 before and after has 100 rows ahead of it, so it is behind every row ranked
-- within 100 and moves none of them. The result equals refresh_monthly_standings
-- (tests/api/leaderboard.test.ts checks it).
create function internal.apply_standings_delta(
  year_input int, month_input int, users uuid[], weekly int[], daily int[], referral int[], maybe_gone uuid[]
) returns void
language plpgsql security definer set search_path = ''
set work_mem = '64MB'
-- As in refresh_monthly_standings: stale statistics must not turn the month's join into
-- 100,000 index probes (a handful of players turn them back on below).
set enable_nestloop = off
as $$
declare
  month_from timestamptz := public.mx_month_start(year_input, month_input);
  month_to timestamptz := public.mx_instant((make_date(year_input, month_input, 1) + interval '1 month')::timestamp);
  day_from date := make_date(year_input, month_input, 1);
  gone uuid[];
  -- Per ranking (total, weekly, daily), the lowest points ranked within 100, before and after.
  cut_before int[];
  cut_after int[];
  -- Per ranking, the highest points of a changed row before the change, then after it.
  reach int[];
begin
  if coalesce(cardinality(users), 0) = 0 and coalesce(cardinality(maybe_gone), 0) = 0 then
    return;
  end if;
  perform internal.lock_standings_month(year_input, month_input);
  -- A score corrected by hand: its few players are looked up by key, not by reading the month.
  if coalesce(cardinality(users), 0) + coalesce(cardinality(maybe_gone), 0) <= 1000 then
    perform set_config('enable_nestloop', 'on', true);
  end if;

  gone := array(
    select distinct g.user_id from unnest(maybe_gone) g(user_id)
    where not exists (select 1 from public.profiles p where p.id = g.user_id)
       or (not exists (select 1 from public.scores s join public.quinielas q on q.id = s.quiniela_id
                       where s.user_id = g.user_id and q.deadline >= month_from and q.deadline < month_to)
           and not exists (select 1 from public.daily_scores ds join public.daily_games dg on dg.id = ds.daily_game_id
                           where ds.user_id = g.user_id and dg.game_date >= day_from
                             and dg.game_date < (day_from + interval '1 month')::date)));

  select array[max(c.points) filter (where c.ranking = 'total'), max(c.points) filter (where c.ranking = 'weekly'),
               max(c.points) filter (where c.ranking = 'daily')]
  into cut_before from internal.podium_cuts(year_input, month_input) c;

  with delta as (
    -- A deleted profile's cascade must not bring him back: his removed rows put him in
    -- maybe_gone, hence in gone. Everyone else's delta comes from rows that keep their key.
    select d.user_id, d.weekly, d.daily, d.referral
    from unnest(users, weekly, daily, referral) d(user_id, weekly, daily, referral)
    where not exists (select 1 from unnest(gone) g(user_id) where g.user_id = d.user_id)
  ), moved as materialized (
    -- The rows that change: players new to the month, and players whose points change.
    select d.user_id, c.user_id is null as is_new,
           c.weekly_points as old_weekly, c.daily_points as old_daily,
           coalesce(c.weekly_points, 0) + d.weekly as weekly, coalesce(c.daily_points, 0) + d.daily as daily,
           coalesce(c.referral_points, 0) + d.referral as referral
    from delta d
    left join public.monthly_standings c on c.year = year_input and c.month = month_input and c.user_id = d.user_id
    where c.user_id is null or d.weekly <> 0 or d.daily <> 0 or d.referral <> 0
  ), removed as (
    delete from public.monthly_standings ms
    where ms.year = year_input and ms.month = month_input and ms.user_id = any (gone)
    returning ms.total_points, ms.weekly_points, ms.daily_points
  ), added as (
    insert into public.monthly_standings (year, month, user_id, weekly_points, daily_points, referral_points, total_points)
    select year_input, month_input, m.user_id, m.weekly, m.daily, m.referral, m.weekly + m.daily
    from moved m
    where m.is_new
    -- In key order: a new month's 100,000 rows walk the primary key's pages once.
    order by m.user_id
  ), changed as (
    update public.monthly_standings ms
    set weekly_points = m.weekly, daily_points = m.daily, referral_points = m.referral, total_points = m.weekly + m.daily
    from moved m
    where not m.is_new and ms.year = year_input and ms.month = month_input and ms.user_id = m.user_id
  )
  select array[greatest(max(m.old_weekly + m.old_daily), (select max(r.total_points) from removed r)),
               greatest(max(m.old_weekly), (select max(r.weekly_points) from removed r)),
               greatest(max(m.old_daily), (select max(r.daily_points) from removed r)),
               max(m.weekly + m.daily), max(m.weekly), max(m.daily)]
  into reach
  from moved m;

  -- The histogram has followed the writes (their statement triggers).
  select array[max(c.points) filter (where c.ranking = 'total'), max(c.points) filter (where c.ranking = 'weekly'),
               max(c.points) filter (where c.ranking = 'daily')]
  into cut_after from internal.podium_cuts(year_input, month_input) c;
  if coalesce(reach[1] >= cut_before[1] or reach[2] >= cut_before[2] or reach[3] >= cut_before[3], false)
     or coalesce(reach[4] >= cut_after[1] or reach[5] >= cut_after[2] or reach[6] >= cut_after[3], false) then
    perform internal.place_podiums(year_input, month_input);
  end if;
end
$$;
comment on function internal.apply_standings_delta(int, int, uuid[], int[], int[], int[], uuid[]) is
  'Applies per-player point changes (and departures) to one month of monthly_standings: writes changed rows only; the histogram moves the ranks; the podiums are placed again when the top 100 is reached.';
revoke execute on function internal.apply_standings_delta(year_input integer, month_input integer, users uuid[], weekly integer[], daily integer[], referral integer[], maybe_gone uuid[]) from public;

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
      select extract(year from public.mx_time(q.deadline))::int as y,
             extract(month from public.mx_time(q.deadline))::int as m
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
revoke execute on function public.refresh_standings_for(round_ids bigint[], game_ids bigint[]) from public, anon, authenticated;

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
           n.referral_points,
           false
    from new_rows n;
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    insert into pg_temp.standings_changes
    select o.quiniela_id, o.user_id, -o.points,
           -o.referral_points,
           true
    from old_rows o;
  end if;
  -- A round that no longer exists (deleted with its scores): its month is unknown.
  if exists (select 1 from pg_temp.standings_changes c where not exists (select 1 from public.quinielas q where q.id = c.quiniela_id)) then
    perform public.refresh_standings_for(array(select distinct quiniela_id from pg_temp.standings_changes), '{}');
    return null;
  end if;
  -- Each player once per month (apply_standings_delta's contract): an updated row is his old
  -- points out and his new points in; an inserted row brings him into the month even with 0.
  for mo in
    select c.y, c.m, array_agg(c.user_id) as users, array_agg(c.points) as points, array_agg(c.referral) as referral,
           coalesce(array_agg(c.user_id) filter (where c.removed), '{}') as removed
    from (select extract(year from public.mx_time(q.deadline))::int as y, extract(month from public.mx_time(q.deadline))::int as m,
                 ch.user_id, sum(ch.points)::int as points, sum(ch.referral)::int as referral, bool_or(ch.removed) as removed
          from pg_temp.standings_changes ch join public.quinielas q on q.id = ch.quiniela_id
          group by 1, 2, 3) c
    group by 1, 2
  loop
    perform internal.apply_standings_delta(mo.y, mo.m, mo.users, mo.points, array_fill(0, array[cardinality(mo.users)]),
                                           mo.referral, mo.removed);
  end loop;
  return null;
end
$$;
comment on function public.standings_after_scores() is 'Trigger: keeps monthly_standings in step with scores.';
revoke execute on function public.standings_after_scores() from public, anon, authenticated;

-- The daily standings trigger skips while a referee applies its own delta (as the round
-- trigger does for score_round); any other write to daily_scores still moves the standings.
create function public.standings_after_daily_scores() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  mo record;
begin
  if current_setting('quinielazo.defer_standings', true) = 'on' then
    return null;
  end if;
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
    select c.y, c.m, array_agg(c.user_id) as users, array_agg(c.points) as points,
           coalesce(array_agg(c.user_id) filter (where c.removed), '{}') as removed
    from (select extract(year from g.game_date)::int as y, extract(month from g.game_date)::int as m,
                 ch.user_id, sum(ch.points)::int as points, bool_or(ch.removed) as removed
          from pg_temp.standings_daily_changes ch join public.daily_games g on g.id = ch.daily_game_id
          group by 1, 2, 3) c
    group by 1, 2
  loop
    perform internal.apply_standings_delta(mo.y, mo.m, mo.users,
      array_fill(0, array[cardinality(mo.users)]), mo.points, array_fill(0, array[cardinality(mo.users)]), mo.removed);
  end loop;
  return null;
end
$$;
comment on function public.standings_after_daily_scores() is 'Trigger: keeps monthly_standings in step with daily_scores.';
revoke execute on function public.standings_after_daily_scores() from public, anon, authenticated;

-- A round or Boost game moved to another day can change month: refresh both months.
create function public.standings_after_move() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if exists (select 1 from public.daily_scores where daily_game_id = new.id) then
    perform public.refresh_monthly_standings(extract(year from d)::int, extract(month from d)::int)
    from (select distinct date_trunc('month', x) as d from unnest(array[old.game_date, new.game_date]) x) t;
  end if;
  return null;
end
$$;
comment on function public.standings_after_move() is 'Trigger: a Boost game''s date changed; refresh the months involved (a round''s moved deadline: internal.after_round_update).';
revoke execute on function public.standings_after_move() from public, anon, authenticated;

-- PL/pgSQL with EXECUTE on purpose: PostgREST passes the arguments through a lateral
-- json_to_record, so an inlined SQL function is planned without knowing the month and sorts
-- the whole month (~200 ms at 100,000 players) before its limit applies. A one-shot plan with
-- the actual values walks the podium index and stops after the requested rows, so the UI asks
-- for limit_input 20 (top 20 of ranking_input 'total' | 'weekly' | 'daily') and for
-- user_id_input (its own row): a few ms each. The ranks come from the month's histogram, read
-- once (a few hundred rows at most: standings_ranks).
create function public.get_monthly_leaderboard(
  month_input int, year_input int, limit_input int default null, user_id_input uuid default null,
  ranking_input text default 'total'
)
returns table (
  user_id uuid, username text, favorite_club_id bigint, club_logo_url text,
  total_points int, daily_points int, weekly_points int, referral_points int,
  rank_total int, rank_weekly int, rank_daily int, previous_rank int
)
language plpgsql stable
as $$
begin
  if ranking_input is null or ranking_input not in ('total', 'weekly', 'daily') then
    raise exception 'ranking_input must be total, weekly or daily' using errcode = '22023';
  end if;
  return query execute format(
    'with ranks as materialized (
       select r.ranking, r.points, r.rank from public.standings_ranks r where r.year = $1 and r.month = $2
     ), listed as materialized (
       select * from public.monthly_standings s
       where s.year = $1 and s.month = $2 and ($6::uuid is null or s.user_id = $6) %s
     )
     select s.user_id, p.username, p.favorite_club_id, c.logo_url,
            s.total_points, s.daily_points, s.weekly_points, s.referral_points,
            rt.rank, rw.rank, rd.rank, prev.rank_total
     from listed s
     join ranks rt on rt.ranking = ''total'' and rt.points = s.total_points
     join ranks rw on rw.ranking = ''weekly'' and rw.points = s.weekly_points
     join ranks rd on rd.ranking = ''daily'' and rd.points = s.daily_points
     join public.public_profiles p on p.id = s.user_id
     left join public.clubs c on c.id = p.favorite_club_id
     left join public.rank_snapshots prev
       on prev.user_id = s.user_id and prev.year = $3 and prev.month = $4
     order by %s, p.username, s.user_id
     limit $5',
    -- The first N rows of a ranking are on its podium for N up to 100 and have rank <= N, that
    -- is points at least the lowest ranked within N: the month's rows come from that ranking's
    -- podium index (100 rows) alone, read once, first (materialized: the planner would otherwise
    -- start at the players or at the ranks and read the podium once per rank), then their names.
    case when limit_input between 0 and 100
      then format('and s.%I and s.%I >= (select min(r.points) from ranks r where r.ranking = %L and r.rank <= $5)',
                  'podium_' || ranking_input, ranking_input || '_points', ranking_input) else '' end,
    case ranking_input when 'total' then 'rt.rank' when 'weekly' then 'rw.rank' else 'rd.rank' end)
  using year_input, month_input,
        year_input - case when month_input = 1 then 1 else 0 end, case when month_input = 1 then 12 else month_input - 1 end,
        limit_input, user_id_input;
end
$$;
comment on function public.get_monthly_leaderboard(int, int, int, uuid, text) is
  'Monthly leaderboard (Mexico City month): weekly + Boost points, ranks with ties sharing, previous month''s rank (null = new). Optional: the first limit_input rows of ranking_input (total/weekly/daily), or one player''s row.';
revoke execute on function public.get_monthly_leaderboard(month_input integer, year_input integer, limit_input integer, user_id_input uuid, ranking_input text) from public;

create function public.get_user_scores_by_month(user_id_input uuid, month_input int, year_input int)
returns table (
  quiniela_id bigint, quiniela_name text, deadline timestamptz, correct int, total int, points int, bonus_details text[]
)
language sql stable
as $$
  select s.quiniela_id, q.name, q.deadline, s.correct,
         (select count(*) from public.matches m where m.quiniela_id = q.id)::int,
         s.points, s.bonus_details
  from public.scores s
  join public.quinielas q on q.id = s.quiniela_id
  where s.user_id = user_id_input
    and q.deadline >= public.mx_month_start(year_input, month_input)
    and q.deadline < public.mx_month_start(year_input + month_input / 12, month_input % 12 + 1)
  order by q.deadline, q.id
$$;
comment on function public.get_user_scores_by_month(uuid, int, int) is 'A player''s scored rounds of a Mexico City month: correct of total, points, bonus lines.';
revoke execute on function public.get_user_scores_by_month(user_id_input uuid, month_input integer, year_input integer) from public;

create function public.get_user_daily_scores_by_month(user_id_input uuid, month_input int, year_input int)
returns table (daily_game_id bigint, game_date date, question text, points int)
language sql stable
as $$
  select ds.daily_game_id, g.game_date, g.question, ds.points
  from public.daily_scores ds
  join public.daily_games g on g.id = ds.daily_game_id
  where ds.user_id = user_id_input
    and g.game_date >= make_date(year_input, month_input, 1)
    and g.game_date < make_date(year_input + month_input / 12, month_input % 12 + 1, 1)
  order by g.game_date, g.id
$$;
comment on function public.get_user_daily_scores_by_month(uuid, int, int) is 'A player''s Boost points of a month (by game_date).';
revoke execute on function public.get_user_daily_scores_by_month(user_id_input uuid, month_input integer, year_input integer) from public;

-- Definer because it counts everyone's picks, which no player may read; it exposes only the
-- counts, and only once the round's deadline has passed by the database clock. Empty
-- search_path: a definer function must not resolve names through the caller's path.
create function public.get_vote_stats(quiniela_id_input bigint)
returns table (match_id bigint, option text, votes bigint)
language sql stable security definer set search_path = ''
as $$
  select m.id, o.option, count(p.user_id)
  from public.quinielas q
  join public.matches m on m.quiniela_id = q.id
  cross join (values (1, 'Local'), (2, 'Empate'), (3, 'Visita')) as o(ord, option)
  left join public.picks p on p.match_id = m.id and p.result = o.option
  where q.id = quiniela_id_input and now() >= q.deadline
  group by m.id, m.match_order, o.ord, o.option
  order by m.match_order, o.ord
$$;
comment on function public.get_vote_stats(bigint) is 'Votes per match and option (all three, 0 when none); nothing before the round''s deadline.';
revoke execute on function public.get_vote_stats(quiniela_id_input bigint) from public;

-- One player's race through a Mexico City month, ending where the month's table puts him (issue
-- 44, item 3: "Posición #8" over a chart that said he was not ranked, and a month's #2 with 176
-- points over an empty chart). The last point is his row of monthly_standings_ranked, the rank
-- every table reads, dated today in the current month and on the month's last day in a past one;
-- the days before it are the hourly snapshot's (rank_history). So a month the table shows is never
-- blank in the chart: not a past month the snapshot never saw (the seed's), nor one whose days it
-- has deleted (it keeps three months). No points, no place, as in the tables: no line at all while
-- his month has 0 points, and no snapshot day at 0. The one home of a line of the race:
-- get_rank_history_compare reads each line here. Public data (the leaderboard shows any player's
-- month), so security invoker like the reads above.
create function public.get_rank_history(user_id_input uuid, month_input int, year_input int)
returns table (day date, rank_total int, total_points int)
language sql stable
as $$
  with bounds as (
    select make_date(year_input, month_input, 1) as first_day,
           least(public.mx_time(now())::date, (make_date(year_input, month_input, 1) + interval '1 month' - interval '1 day')::date) as closing
  ), place as (
    select b.first_day, b.closing as day, s.rank_total, s.total_points
    from public.monthly_standings_ranked s cross join bounds b
    where s.user_id = user_id_input and s.year = year_input and s.month = month_input
      and s.total_points > 0 and b.first_day <= b.closing
  )
  select h.day, h.rank_total, h.total_points
  from place p join public.rank_history h on h.user_id = user_id_input and h.day >= p.first_day and h.day < p.day
  where h.total_points > 0
  union all
  select p.day, p.rank_total, p.total_points from place p
  order by 1
$$;
comment on function public.get_rank_history(uuid, int, int) is 'A player''s total rank and points per Mexico City day of a month: the hourly snapshot''s days, and last the month''s table as it stands (today, or the month''s last day for a past month). Nothing while he has no points that month.';
revoke execute on function public.get_rank_history(user_id_input uuid, month_input integer, year_input integer) from public;

create function public.get_leaderboard_months()
returns table (year int, month int)
language sql stable
as $$
  with bounds as (
    select date_trunc('month', public.mx_time(now())) as current_month,
           (select date_trunc('month', public.mx_time(min(q.deadline))) from public.quinielas q) as first_month
  )
  select extract(year from d)::int, extract(month from d)::int
  from bounds b, generate_series(least(coalesce(b.first_month, b.current_month), b.current_month), b.current_month, interval '1 month') d
  order by d desc
$$;
comment on function public.get_leaderboard_months() is 'Months from the first with a round to the current one (Mexico City), newest first.';
revoke execute on function public.get_leaderboard_months() from public;

-- Definer: it writes rank_snapshots, which only admins may write, when the scheduler (a
-- database session) or an admin calls it; it checks the caller like score_round.
create function public.snapshot_monthly_ranks() returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  y int := extract(year from public.mx_time(now()))::int;
  m int := extract(month from public.mx_time(now()))::int;
  written int;
begin
  if coalesce((select auth.role()), '') in ('anon', 'authenticated') and not (select public.is_admin()) then
    raise exception 'Solo un administrador puede guardar el ranking' using errcode = '42501';
  end if;
  delete from public.rank_snapshots rs
  where rs.year = y and rs.month = m
    and not exists (select 1 from public.monthly_standings s where s.year = y and s.month = m and s.user_id = rs.user_id);
  insert into public.rank_snapshots as rs (user_id, year, month, rank_total, rank_weekly, rank_daily)
  select s.user_id, s.year, s.month, s.rank_total, s.rank_weekly, s.rank_daily
  from public.monthly_standings_ranked s where s.year = y and s.month = m
  on conflict (user_id, year, month) do update
    set rank_total = excluded.rank_total, rank_weekly = excluded.rank_weekly, rank_daily = excluded.rank_daily
    where (rs.rank_total, rs.rank_weekly, rs.rank_daily) is distinct from (excluded.rank_total, excluded.rank_weekly, excluded.rank_daily);
  -- Today's point of each player's line in the month's race.
  insert into public.rank_history as rh (user_id, day, rank_total, total_points)
  select s.user_id, public.mx_time(now())::date, s.rank_total, s.total_points
  from public.monthly_standings_ranked s where s.year = y and s.month = m
  on conflict (user_id, day) do update set rank_total = excluded.rank_total, total_points = excluded.total_points
    where (rh.rank_total, rh.total_points) is distinct from (excluded.rank_total, excluded.total_points);
  delete from public.rank_history rh where rh.day < (make_date(y, m, 1) - interval '2 months')::date;
  select count(*) into written from public.monthly_standings s where s.year = y and s.month = m;
  return written;
end
$$;
comment on function public.snapshot_monthly_ranks() is 'Hourly: freezes the current Mexico City month''s ranks into rank_snapshots (the last run of a month is its final standing).';
revoke execute on function public.snapshot_monthly_ranks() from public, anon;

-- The home page's stats band: monthly prizes delivered (every month that has ended, split as
-- get_monthly_prizes splits them), how many players won one, and how many play.
create function public.get_home_stats()
returns table (prizes_mxn numeric, winners int, players int)
language sql stable set search_path = ''
as $$
  with ended as (
    select distinct s.year, s.month from public.monthly_standings s
    where make_date(s.year, s.month, 1) < date_trunc('month', public.mx_time(now()))::date
  ), paid as (
    select p.user_id, p.amount_mxn from ended e cross join lateral public.get_monthly_prizes(e.month, e.year) p
  )
  select coalesce((select sum(amount_mxn) from paid), 0),
         (select count(distinct user_id)::int from paid),
         (select count(*)::int from public.public_profiles)
$$;
comment on function public.get_home_stats() is 'Home stats: monthly prizes delivered in ended Mexico City months (MXN), distinct winners, players.';
revoke execute on function public.get_home_stats() from public;

create trigger scores_standings_insert after insert on public.scores
  referencing new table as new_rows for each statement execute function public.standings_after_scores();

create trigger scores_standings_update after update on public.scores
  referencing new table as new_rows old table as old_rows for each statement execute function public.standings_after_scores();

create trigger scores_standings_delete after delete on public.scores
  referencing old table as old_rows for each statement execute function public.standings_after_scores();

create trigger profiles_rename_podiums after update of username on public.profiles
  for each row when (old.username is distinct from new.username) execute function internal.place_podiums_after_rename();

-- The histogram follows every write of the standings, by any writer.
create trigger monthly_standings_count_insert after insert on public.monthly_standings
  referencing new table as new_rows for each statement execute function internal.count_standings();

create trigger monthly_standings_count_update after update on public.monthly_standings
  referencing old table as old_rows new table as new_rows for each statement execute function internal.count_standings();

create trigger monthly_standings_count_delete after delete on public.monthly_standings
  referencing old table as old_rows for each statement execute function internal.count_standings();
