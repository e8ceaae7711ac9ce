-- score_daily_game as in 20261123009200_speed.sql, writing changed rows by update and new rows
-- by a plain insert instead of one insert … on conflict for all: a first scoring of 100,000
-- answers pays no speculative insertion per row.
create or replace function public.score_daily_game(p_daily_game_id bigint)
returns table (scored int, correct int)
language plpgsql volatile security definer set search_path = ''
set work_mem = '64MB'
-- Answers arrive in bulk right before scoring, before autovacuum analyzes them: with stale
-- statistics the planner would probe 100,000 rows one by one (minutes instead of seconds).
set enable_nestloop = off
as $$
declare
  game public.daily_games%rowtype;
  wanted text;
  changed_users uuid[];
  point_changes int[];
  left_users uuid[];
begin
  if coalesce((select auth.role()), '') in ('anon', 'authenticated') and not (select public.is_admin()) then
    raise exception 'Solo un administrador puede calificar un Boost' using errcode = '42501';
  end if;
  -- Row lock: two scorings of the same game serialize.
  select * into game from public.daily_games g where g.id = p_daily_game_id for update;
  if not found then
    raise exception 'Daily game not found' using errcode = 'P0002';
  end if;
  if now() < game.lock_date then
    raise exception 'Este Boost aún no cierra: se califica después de las %', to_char(game.lock_date at time zone 'America/Mexico_City', 'DD/MM HH24:MI')
      using errcode = '22023';
  end if;
  wanted := public.normalize_daily_answer(game.game_type, game.correct_answer);
  if wanted is null then
    raise exception 'Este Boost no tiene respuesta correcta' using errcode = '22023';
  end if;

  -- Only the players whose points change are written, and the month's standings move by that
  -- change once (as score_round does), instead of the per-statement trigger re-reading 100,000
  -- transition rows.
  perform set_config('quinielazo.defer_standings', 'on', true);
  -- Each distinct answer is normalised once (a few dozen), not each of 100,000 rows.
  with verdict as (
    select d.answer, public.normalize_daily_answer(game.game_type, d.answer) is not distinct from wanted as right_answer
    from (select distinct p.answer from public.daily_game_picks p where p.daily_game_id = game.id) d
  ), fresh as (
    select p.user_id, case when v.right_answer then game.points else 0 end as points
    from public.daily_game_picks p
    join verdict v on v.answer = p.answer
    where p.daily_game_id = game.id
  ), old as (
    select s.user_id, s.points from public.daily_scores s where s.daily_game_id = game.id
  ), diff as (
    select coalesce(f.user_id, o.user_id) as user_id, f.points as new_points, o.points as old_points
    from fresh f full join old o on o.user_id = f.user_id
    where f.points is distinct from o.points
  ), gone as (
    delete from public.daily_scores s using diff d
    where s.daily_game_id = game.id and s.user_id = d.user_id and d.new_points is null
  ), changed as (
    update public.daily_scores s set points = d.new_points
    from diff d
    where s.daily_game_id = game.id and s.user_id = d.user_id and d.old_points is not null and d.new_points is not null
  ), added as (
    -- New rows only, so no speculative insertion per row (the game's row lock above keeps a
    -- second scoring out), and in key order: 100,000 inserts walk the key's pages once.
    insert into public.daily_scores (user_id, daily_game_id, points)
    select d.user_id, game.id, d.new_points from diff d where d.old_points is null and d.new_points is not null order by d.user_id
  )
  select coalesce(array_agg(d.user_id), '{}'), coalesce(array_agg(coalesce(d.new_points, 0) - coalesce(d.old_points, 0)), '{}'),
         coalesce(array_agg(d.user_id) filter (where d.new_points is null), '{}')
  into changed_users, point_changes, left_users
  from diff d;
  perform set_config('quinielazo.defer_standings', 'off', true);
  perform internal.apply_standings_delta(
    extract(year from game.game_date)::int, extract(month from game.game_date)::int,
    changed_users, array_fill(0, array[cardinality(changed_users)]), point_changes,
    array_fill(0, array[cardinality(changed_users)]), left_users);

  update public.daily_games g set scored_answer = wanted, scored_points = game.points, scored_at = now() where g.id = game.id;

  return query
    select count(*)::int, (count(*) filter (where s.points > 0))::int
    from public.daily_scores s where s.daily_game_id = game.id;
end
$$;
