-- Boost: fairness (nobody but admins reads a game's correct answer before its lock), answers
-- checked and stored in one canonical form per type, and the referee (score_daily_game,
-- score_locked_daily_games) that writes daily_scores; monthly_standings follow through the
-- statement triggers on daily_scores (20261121000100_monthly_standings.sql).

-- The canonical form of an answer of a game type, or null when it is not an answer of that
-- type: trimmed and case-insensitive, accents optional ('si' = 'Sí'), exact scores as
-- 'home-away' without spaces or leading zeros ('2 - 1' = '2-1'), each side 0–10.
-- Plain SQL over built-ins only and no SET clause, so the planner inlines it into the
-- referee's query (a function call per answer would cost seconds at 100,000 answers).
create function public.normalize_daily_answer(game_type text, answer text) returns text
language sql immutable parallel safe
as $$
  select case game_type
    when 'match' then case lower(btrim(answer))
      when 'local' then 'Local' when 'empate' then 'Empate' when 'visita' then 'Visita' end
    when 'yesno' then case lower(btrim(answer))
      when 'sí' then 'Sí' when 'si' then 'Sí' when 'no' then 'No' end
    when 'overunder' then case lower(btrim(answer))
      when 'más' then 'Más' when 'mas' then 'Más' when 'menos' then 'Menos' end
    when 'exactscore' then case when btrim(answer) ~ '^0*[0-9]{1,2}[[:space:]]*-[[:space:]]*0*[0-9]{1,2}$' then
      case when split_part(regexp_replace(answer, '[[:space:]]', '', 'g'), '-', 1)::int <= 10
            and split_part(regexp_replace(answer, '[[:space:]]', '', 'g'), '-', 2)::int <= 10
      then split_part(regexp_replace(answer, '[[:space:]]', '', 'g'), '-', 1)::int || '-'
           || split_part(regexp_replace(answer, '[[:space:]]', '', 'g'), '-', 2)::int end
    end
  end
$$;
comment on function public.normalize_daily_answer(text, text) is
  'Canonical Boost answer of a type (Local/Empate/Visita, Sí/No, Más/Menos, "h-a" with 0–10), or null when invalid.';
grant execute on function public.normalize_daily_answer(text, text) to anon, authenticated, service_role;

-- Which correct answer was last scored, and when: score_locked_daily_games re-scores a game
-- whose answer or points changed since. Server-owned (no client grants below).
alter table public.daily_games
  add column scored_answer text,
  add column scored_points int,
  add column scored_at timestamptz;
comment on column public.daily_games.scored_answer is 'The correct_answer the last scoring used (hidden like correct_answer).';
comment on column public.daily_games.scored_at is 'When the game was last scored; null = never.';

-- Fairness: correct_answer (and scored_answer, which repeats it) are not readable by clients;
-- admins read them through admin_daily_games, players through get_my_daily_games once the
-- game is locked. Clients write only the game's own fields (never id, created_at, scoring).
revoke all on table public.daily_games from anon, authenticated;
grant select (id, game_date, lock_date, game_type, question, points, metadata, created_at, scored_at)
  on table public.daily_games to anon, authenticated;
grant insert (game_date, lock_date, game_type, question, correct_answer, points, metadata) on table public.daily_games to authenticated;
grant update (game_date, lock_date, game_type, question, correct_answer, points, metadata) on table public.daily_games to authenticated;
grant delete on table public.daily_games to authenticated;

-- Answers: the player names the game and his answer; the times are the server's. The upsert
-- PostgREST sends sets every column of the payload again, hence user_id and daily_game_id in
-- the update grant (the policies pin both to the player and an open game).
revoke all on table public.daily_game_picks from anon, authenticated;
grant select on table public.daily_game_picks to authenticated;
grant insert (user_id, daily_game_id, answer) on table public.daily_game_picks to authenticated;
grant update (user_id, daily_game_id, answer) on table public.daily_game_picks to authenticated;

-- An answer must be one of its game's answers; it is stored in canonical form.
create function public.check_daily_game_pick() returns trigger
language plpgsql set search_path = ''
as $$
declare
  kind text;
begin
  select g.game_type into kind from public.daily_games g where g.id = new.daily_game_id;
  if not found then
    return new; -- the foreign key reports it
  end if;
  new.answer := coalesce(public.normalize_daily_answer(kind, new.answer), new.answer);
  if public.normalize_daily_answer(kind, new.answer) is null then
    raise exception 'Respuesta no válida para este Boost' using errcode = '22023',
      hint = case kind when 'match' then 'Local, Empate o Visita' when 'yesno' then 'Sí o No'
                       when 'overunder' then 'Más o Menos' else 'Un marcador local-visita de 0 a 10' end;
  end if;
  return new;
end
$$;
revoke execute on function public.check_daily_game_pick() from public, anon, authenticated;
create trigger daily_game_picks_check_answer before insert or update of answer, daily_game_id on public.daily_game_picks
  for each row execute function public.check_daily_game_pick();

-- A correct answer must fit the game's type (stored canonical); a game's type is fixed once answered.
create function public.check_daily_game_answer() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.correct_answer is not null then
    if btrim(new.correct_answer) = '' then
      new.correct_answer := null;
    elsif public.normalize_daily_answer(new.game_type, new.correct_answer) is null then
      raise exception 'La respuesta correcta no es válida para este tipo de juego' using errcode = '22023';
    else
      new.correct_answer := public.normalize_daily_answer(new.game_type, new.correct_answer);
    end if;
  end if;
  if tg_op = 'UPDATE' and new.game_type is distinct from old.game_type
     and exists (select 1 from public.daily_game_picks p where p.daily_game_id = new.id) then
    raise exception 'No se puede cambiar el tipo de un Boost que ya tiene respuestas' using errcode = '22023';
  end if;
  return new;
end
$$;
revoke execute on function public.check_daily_game_answer() from public, anon, authenticated;
create trigger daily_games_check_answer before insert or update of correct_answer, game_type on public.daily_games
  for each row execute function public.check_daily_game_answer();

-- The daily standings trigger skips while a referee applies its own delta (as the round
-- trigger does for score_round); any other write to daily_scores still moves the standings.
create or replace function public.standings_after_daily_scores() returns trigger
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

-- The referee for one game: every answer equal to the correct answer gets the game's points,
-- every other answer 0, in one upsert (one row per player and game, however often it runs);
-- rows of players without an answer are removed. Refused before the lock: scores are public
-- and would reveal the answer while players can still change theirs.
create function public.score_daily_game(p_daily_game_id bigint)
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
  ), written as (
    insert into public.daily_scores as s (user_id, daily_game_id, points)
    select d.user_id, game.id, d.new_points from diff d where d.new_points is not null
    on conflict (user_id, daily_game_id) do update set points = excluded.points
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
comment on function public.score_daily_game(bigint) is
  'Scores one locked Boost game (answer = correct_answer, normalised per type, gets points; else 0); idempotent. Returns answers scored and correct. Admins, service role, database sessions.';
revoke execute on function public.score_daily_game(bigint) from public, anon;
grant execute on function public.score_daily_game(bigint) to authenticated, service_role;

-- The scheduler's job: every locked game with a correct answer that was never scored, or whose
-- answer or points changed since its scoring.
create function public.score_locked_daily_games() returns int
language plpgsql volatile security definer set search_path = ''
as $$
declare
  game_id bigint;
  done int := 0;
begin
  if coalesce((select auth.role()), '') in ('anon', 'authenticated') and not (select public.is_admin()) then
    raise exception 'Solo un administrador puede calificar un Boost' using errcode = '42501';
  end if;
  for game_id in
    select g.id from public.daily_games g
    where g.lock_date <= now() and g.correct_answer is not null
      and (g.scored_at is null or (g.scored_answer, g.scored_points) is distinct from (g.correct_answer, g.points))
    order by g.lock_date, g.id
  loop
    perform public.score_daily_game(game_id);
    done := done + 1;
  end loop;
  return done;
end
$$;
comment on function public.score_locked_daily_games() is 'Scheduler job: scores every locked Boost game with an answer not yet scored (or changed since). Returns how many.';
revoke execute on function public.score_locked_daily_games() from public, anon;
grant execute on function public.score_locked_daily_games() to authenticated, service_role;

-- A player's Boost games since a date (newest first): the game, his answer and points, and the
-- correct answer once the game is locked (never before, to anyone but admins via their screen).
create function public.get_my_daily_games(since_input date)
returns table (
  id bigint, game_date date, lock_date timestamptz, game_type text, question text, points int, metadata jsonb,
  correct_answer text, answer text, answered_at timestamptz, scored boolean, earned int
)
language sql stable security definer set search_path = ''
as $$
  select g.id, g.game_date, g.lock_date, g.game_type, g.question, g.points, g.metadata,
         case when g.lock_date <= now() then g.correct_answer end,
         p.answer, p.updated_at,
         g.lock_date <= now() and g.scored_at is not null,
         case when g.lock_date <= now() and g.scored_at is not null then coalesce(s.points, 0) end
  from public.daily_games g
  left join public.daily_game_picks p on p.daily_game_id = g.id and p.user_id = (select auth.uid())
  left join public.daily_scores s on s.daily_game_id = g.id and s.user_id = (select auth.uid())
  where (select auth.uid()) is not null and g.game_date >= since_input
  order by g.game_date desc, g.id desc
  limit 400
$$;
comment on function public.get_my_daily_games(date) is
  'The caller''s Boost games since a date: his answer, points, and the correct answer only after the lock. Signed-in players.';
revoke execute on function public.get_my_daily_games(date) from public, anon;
grant execute on function public.get_my_daily_games(date) to authenticated, service_role;

-- The admin's list: recent games with their correct answer and how many answered, were scored
-- and were right.
create function public.admin_daily_games(limit_input int default 30)
returns table (
  id bigint, game_date date, lock_date timestamptz, game_type text, question text, points int, metadata jsonb,
  correct_answer text, scored_at timestamptz, answers int, scored int, correct int
)
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not (public.is_admin() or (select auth.role()) = 'service_role') then
    raise exception 'Acceso restringido a administradores.' using errcode = '42501';
  end if;
  return query
    select g.id, g.game_date, g.lock_date, g.game_type, g.question, g.points, g.metadata, g.correct_answer, g.scored_at,
           (select count(*)::int from public.daily_game_picks p where p.daily_game_id = g.id),
           (select count(*)::int from public.daily_scores s where s.daily_game_id = g.id),
           (select count(*)::int from public.daily_scores s where s.daily_game_id = g.id and s.points > 0)
    from public.daily_games g
    order by g.game_date desc, g.id desc
    limit least(greatest(coalesce(limit_input, 30), 1), 200);
end
$$;
comment on function public.admin_daily_games(int) is 'Admins: recent Boost games with correct answer and answer/score counts.';
revoke execute on function public.admin_daily_games(int) from public, anon;
grant execute on function public.admin_daily_games(int) to authenticated, service_role;
