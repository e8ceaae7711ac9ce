-- The public reads of the game: monthly leaderboard, a player's month detail, vote stats, the
-- leaderboard's months and the hourly rank snapshot. Months are America/Mexico_City months: a
-- round belongs to the month of its deadline there, a Boost game to its game_date.
--
-- The reads are security invoker and without SET clauses on purpose: everything they read is
-- public (scores, daily_scores, standings, public_profiles), so they need no privileges, and
-- plain SQL functions like these are inlined by the planner.

-- PL/pgSQL with EXECUTE on purpose: PostgREST passes the arguments through a lateral
-- json_to_record, so an inlined SQL function is planned without knowing the month and sorts
-- the whole month (~200 ms at 100,000 players) before its limit applies. A one-shot plan with
-- the actual values walks the rank index and stops after the requested rows, so the UI asks
-- for limit_input 20 (top 20 of ranking_input 'total' | 'weekly' | 'daily') and for
-- user_id_input (its own row): a few ms each.
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
    'select s.user_id, p.username, p.favorite_club_id, c.logo_url,
            s.total_points, s.daily_points, s.weekly_points, s.referral_points,
            s.rank_total, s.rank_weekly, s.rank_daily, prev.rank_total
     from public.monthly_standings s
     join public.public_profiles p on p.id = s.user_id
     left join public.clubs c on c.id = p.favorite_club_id
     left join public.rank_snapshots prev
       on prev.user_id = s.user_id and prev.year = $3 and prev.month = $4
     where s.year = $1 and s.month = $2 and ($6::uuid is null or s.user_id = $6) %s
     order by s.%I, p.username, s.user_id
     limit $5',
    -- The first N rows all have rank <= N: said as a literal, the planner walks the partial
    -- rank index (rank <= 100) for N up to 100.
    case when limit_input between 0 and 100 then format('and s.%I <= %s', 'rank_' || ranking_input, limit_input) else '' end,
    'rank_' || ranking_input)
  using year_input, month_input,
        year_input - case when month_input = 1 then 1 else 0 end, case when month_input = 1 then 12 else month_input - 1 end,
        limit_input, user_id_input;
end
$$;
comment on function public.get_monthly_leaderboard(int, int, int, uuid, text) is
  'Monthly leaderboard (Mexico City month): weekly + Boost points, ranks with ties sharing, previous month''s rank (null = new). Optional: the first limit_input rows of ranking_input (total/weekly/daily), or one player''s row.';
revoke execute on function public.get_monthly_leaderboard(int, int, int, uuid, text) from public;
grant execute on function public.get_monthly_leaderboard(int, int, int, uuid, text) to anon, authenticated, service_role;

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
revoke execute on function public.get_user_scores_by_month(uuid, int, int) from public;
grant execute on function public.get_user_scores_by_month(uuid, int, int) to anon, authenticated, service_role;

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
revoke execute on function public.get_user_daily_scores_by_month(uuid, int, int) from public;
grant execute on function public.get_user_daily_scores_by_month(uuid, int, int) to anon, authenticated, service_role;

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
revoke execute on function public.get_vote_stats(bigint) from public;
grant execute on function public.get_vote_stats(bigint) to anon, authenticated, service_role;

create function public.get_leaderboard_months()
returns table (year int, month int)
language sql stable
as $$
  with bounds as (
    select date_trunc('month', now() at time zone 'America/Mexico_City') as current_month,
           (select date_trunc('month', min(q.deadline) at time zone 'America/Mexico_City') from public.quinielas q) as first_month
  )
  select extract(year from d)::int, extract(month from d)::int
  from bounds b, generate_series(least(coalesce(b.first_month, b.current_month), b.current_month), b.current_month, interval '1 month') d
  order by d desc
$$;
comment on function public.get_leaderboard_months() is 'Months from the first with a round to the current one (Mexico City), newest first.';
revoke execute on function public.get_leaderboard_months() from public;
grant execute on function public.get_leaderboard_months() to anon, authenticated, service_role;

-- Definer: it writes rank_snapshots, which only admins may write, when the scheduler (a
-- database session) or an admin calls it; it checks the caller like score_round.
create function public.snapshot_monthly_ranks() returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  y int := extract(year from now() at time zone 'America/Mexico_City')::int;
  m int := extract(month from now() at time zone 'America/Mexico_City')::int;
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
  from public.monthly_standings s where s.year = y and s.month = m
  on conflict (user_id, year, month) do update
    set rank_total = excluded.rank_total, rank_weekly = excluded.rank_weekly, rank_daily = excluded.rank_daily
    where (rs.rank_total, rs.rank_weekly, rs.rank_daily) is distinct from (excluded.rank_total, excluded.rank_weekly, excluded.rank_daily);
  select count(*) into written from public.monthly_standings s where s.year = y and s.month = m;
  return written;
end
$$;
comment on function public.snapshot_monthly_ranks() is 'Hourly: freezes the current Mexico City month''s ranks into rank_snapshots (the last run of a month is its final standing).';
revoke execute on function public.snapshot_monthly_ranks() from public, anon;
grant execute on function public.snapshot_monthly_ranks() to authenticated, service_role;
