-- The referee at 100,000 players, faster with the same results (issues 8 and 12):
--  * Player keys of derived score rows without 100,000 row locks. A foreign key (or the
--    per-statement check of 20261123009200_speed.sql) locks every referenced profile FOR KEY
--    SHARE so none can be deleted before the write commits: writing a lock into 100,000
--    profile rows cost as much as writing the scores. The same guarantee now comes from one
--    advisory lock on "the players": writers of player rows hold it shared, deleting profiles
--    holds it exclusive (a statement trigger on profiles). A writer's check then sees every
--    deletion that committed before it (read committed takes a fresh snapshot per statement)
--    and no deletion can commit until the writer has; the deletion's own trigger then removes
--    the writer's rows. Outside read committed the writer falls back to the row locks.
--    scores gets the same: its two foreign keys (checked row by row: ~0.7 s of a round's
--    scoring) become one check per statement, skipped for score_round, which holds the round
--    and the players; the scores e-mail embeds the player through a computed relationship.
--  * The month's three rankings from a histogram of the point totals (rank() = 1 + players
--    strictly ahead) instead of sorting 100,000 rows once per ranking.
--  * The standings are re-ranked in place: the three partial rank indexes (rank <= 100) made
--    every rank change an index change, so re-ranking 100,000 players wrote 100,000 new
--    entries in the primary key too. One partial index on the month's podium (a stored flag:
--    in the top 100 of any ranking) serves the top-N reads instead, and the table keeps half
--    of each page free, so a re-rank rewrites each row within its page (a HOT update) with no
--    index entry at all unless the player enters or leaves a podium.
--  * score_round keeps a player's bonus matches as bits of a bigint while the picks aggregate
--    (bit_or) instead of an array per player, and builds the bonuses' JSON once per distinct
--    combination of bonuses instead of once per player (with a jsonpath query each).

create function internal.hold_players_for_deletion() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtext('quinielazo.players'), 0);
  return null;
end
$$;
comment on function internal.hold_players_for_deletion() is
  'Trigger: deleting profiles waits for the referees in flight, and holds new ones back until it commits.';
revoke execute on function internal.hold_players_for_deletion() from public, anon, authenticated;
create trigger profiles_hold_players before delete on public.profiles
  for each statement execute function internal.hold_players_for_deletion();

-- Holds the players for a referee that writes rows of players taken from rows under a foreign
-- key to profiles (answers, picks), and tells the key checks so for its transaction
-- (quinielazo.score_keys_held; clients cannot set it). Read committed only: each of the
-- referee's later statements then sees every deletion that committed before the hold.
create function internal.hold_score_keys() returns boolean
language plpgsql volatile set search_path = ''
as $$
begin
  if current_setting('transaction_isolation') <> 'read committed' then
    return false;
  end if;
  perform pg_advisory_xact_lock_shared(hashtext('quinielazo.players'), 0);
  perform set_config('quinielazo.score_keys_held', 'on', true);
  return true;
end
$$;
comment on function internal.hold_score_keys() is
  'A referee''s writes need no per-row key checks: players held (no deletion commits before the referee), rows taken from keyed rows.';
revoke execute on function internal.hold_score_keys() from public, anon, authenticated;

-- The keys of a score table (daily_scores, scores), checked and locked once per statement, as
-- 20261123009200_speed.sql did for daily_scores alone: the rows' round or game (arguments: its
-- table, the key column, the Spanish detail) and their players exist, locked FOR KEY SHARE as a
-- foreign key locks them. Skipped for a referee that holds them already (hold_score_keys).
create function internal.check_score_keys() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  parent text := tg_argv[0];
  key_column text := tg_argv[1];
  wanted int;
  held int;
begin
  if current_setting('quinielazo.score_keys_held', true) = 'on' then
    return null;
  end if;
  execute format('select count(distinct n.%I) from new_rows n', key_column) into wanted;
  execute format('select count(*) from (select 1 from public.%I x where x.id in (select n.%I from new_rows n) for key share of x) k',
                 parent, key_column) into held;
  if held < wanted then
    raise exception 'insert or update on table "%" violates foreign key constraint "%_%_fkey"', tg_table_name, tg_table_name, key_column
      using errcode = '23503', detail = tg_argv[2];
  end if;
  select count(distinct n.user_id) into wanted from new_rows n;
  select count(*) into held from (
    select 1 from public.profiles p where p.id in (select n.user_id from new_rows n) for key share of p) k;
  if held < wanted then
    raise exception 'insert or update on table "%" violates foreign key constraint "%_user_id_fkey"', tg_table_name, tg_table_name
      using errcode = '23503', detail = 'Un jugador de estos puntos no existe.';
  end if;
  return null;
end
$$;
comment on function internal.check_score_keys() is 'Trigger: the foreign keys of a score table, checked and locked once per statement.';
revoke execute on function internal.check_score_keys() from public, anon, authenticated;

drop trigger daily_scores_keys_insert on public.daily_scores;
drop trigger daily_scores_keys_update on public.daily_scores;
drop function internal.check_daily_score_keys();
create trigger daily_scores_keys_insert after insert on public.daily_scores
  referencing new table as new_rows for each statement
  execute function internal.check_score_keys('daily_games', 'daily_game_id', 'Un Boost de estos puntos no existe.');
create trigger daily_scores_keys_update after update on public.daily_scores
  referencing new table as new_rows for each statement
  execute function internal.check_score_keys('daily_games', 'daily_game_id', 'Un Boost de estos puntos no existe.');

-- scores gets the same: a deleted round or player takes his scores with him (triggers below),
-- as the cascades did.
alter table public.scores drop constraint scores_user_id_fkey;
alter table public.scores drop constraint scores_quiniela_id_fkey;
create trigger scores_keys_insert after insert on public.scores
  referencing new table as new_rows for each statement
  execute function internal.check_score_keys('quinielas', 'quiniela_id', 'Una quiniela de estos puntos no existe.');
create trigger scores_keys_update after update on public.scores
  referencing new table as new_rows for each statement
  execute function internal.check_score_keys('quinielas', 'quiniela_id', 'Una quiniela de estos puntos no existe.');

create function internal.drop_scores_of_deleted_rounds() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  delete from public.scores s using gone g where s.quiniela_id = g.id;
  return null;
end
$$;
comment on function internal.drop_scores_of_deleted_rounds() is 'Trigger: a deleted round takes its scores with it.';
revoke execute on function internal.drop_scores_of_deleted_rounds() from public, anon, authenticated;
create trigger quinielas_drop_scores after delete on public.quinielas
  referencing old table as gone for each statement execute function internal.drop_scores_of_deleted_rounds();

-- As in 20261123009200_speed.sql, and his scores too.
create or replace function internal.drop_rows_of_deleted_players() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  delete from public.scores s using gone g where s.user_id = g.id;
  delete from public.daily_scores s using gone g where s.user_id = g.id;
  delete from public.monthly_standings ms using gone g where ms.user_id = g.id;
  delete from public.notification_outbox o using gone g where o.user_id = g.id;
  return null;
end
$$;

-- The player of a score for PostgREST's embedding (scores?select=…,profile(username,email)),
-- which the foreign key used to give: a computed relationship, one row.
create function public.profile(public.scores) returns setof public.profiles
language sql stable rows 1 set search_path = ''
as $$
  select p.* from public.profiles p where p.id = $1.user_id
$$;
comment on function public.profile(public.scores) is 'Computed relationship: the player of a score (embedding only).';
revoke execute on function public.profile(public.scores) from public, anon, authenticated;
grant execute on function public.profile(public.scores) to service_role;

-- apply_standings_delta as in 20261123009200_speed.sql, ranked from histograms.
create or replace function internal.apply_standings_delta(
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
    -- A deleted profile's cascade must not bring him back: his removed rows put him in
    -- maybe_gone, hence in gone. Everyone else's delta comes from rows that keep their key.
    where not exists (select 1 from unnest(gone) g(user_id) where g.user_id = coalesce(c.user_id, d.user_id))
  ), totals as materialized (
    select n.*, n.weekly + n.daily as total from next_rows n
  ), rank_by_total as (
    -- rank() = 1 + players strictly ahead: from the few distinct point totals (a histogram)
    -- instead of sorting 100,000 rows once per ranking.
    select h.points, 1 + coalesce(sum(h.players) over (order by h.points desc rows between unbounded preceding and 1 preceding), 0)::int as rank
    from (select t.total as points, count(*) as players from totals t group by t.total) h
  ), rank_by_weekly as (
    select h.points, 1 + coalesce(sum(h.players) over (order by h.points desc rows between unbounded preceding and 1 preceding), 0)::int as rank
    from (select t.weekly as points, count(*) as players from totals t group by t.weekly) h
  ), rank_by_daily as (
    select h.points, 1 + coalesce(sum(h.players) over (order by h.points desc rows between unbounded preceding and 1 preceding), 0)::int as rank
    from (select t.daily as points, count(*) as players from totals t group by t.daily) h
  ), ranked as materialized (
    select t.*, rt.rank as rank_total, rw.rank as rank_weekly, rd.rank as rank_daily
    from totals t
    join rank_by_total rt on rt.points = t.total
    join rank_by_weekly rw on rw.points = t.weekly
    join rank_by_daily rd on rd.points = t.daily
  ), removed as (
    delete from public.monthly_standings ms
    where ms.year = year_input and ms.month = month_input and ms.user_id = any (gone)
  ), added as (
    insert into public.monthly_standings (year, month, user_id, weekly_points, daily_points, referral_points, total_points,
                                          rank_total, rank_weekly, rank_daily)
    select year_input, month_input, r.user_id, r.weekly, r.daily, r.referral, r.total, r.rank_total, r.rank_weekly, r.rank_daily
    -- In key order: a new month's 100,000 rows walk the primary key's pages once.
    from ranked r where r.is_new order by r.user_id
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

-- score_daily_game as in 20261123009200_speed.sql; its writes need no per-row key checks
-- (internal.hold_score_keys).
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
  -- Before the answers are read: the players they name stay until this commits.
  perform internal.hold_score_keys();
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
  perform set_config('quinielazo.score_keys_held', 'off', true);
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

-- score_round as in 20261123009200_speed.sql, with bonus matches as bits, the bonuses' JSON
-- built once per combination of bonuses, and no per-row key checks on its score rows.
create or replace function public.score_round(quiniela_id_input bigint) returns integer
language plpgsql volatile security definer set search_path = ''
-- 100,000 players' picks aggregate in memory instead of spilling to disk.
set work_mem = '64MB'
as $$
declare
  target public.quinielas%rowtype;
  target_month timestamptz;
  multiplier numeric;
  streak_points int;
  full_month_points int;
  welcome_points int;
  referral_points int;
  referral_cap int;
  multiplier_label text;
  streak_label text;
  full_month_label text;
  welcome_label text;
  referral_label text;
  rules_month date;
  previous_round bigint;
  earlier_month_rounds bigint[];
  players int;
  changed_users uuid[];
  point_changes int[];
  referral_changes int[];
  left_users uuid[];
  bonus_match_count int;
begin
  -- Admins through the API, the service role, and direct database sessions (scheduler, seed).
  if coalesce((select auth.role()), '') in ('anon', 'authenticated') and not (select public.is_admin()) then
    raise exception 'Solo un administrador puede calificar una quiniela' using errcode = '42501';
  end if;

  -- Row lock: two scorings of the same round serialize instead of interleaving.
  select * into target from public.quinielas where id = quiniela_id_input for update;
  if not found then
    raise exception 'La quiniela % no existe', quiniela_id_input using errcode = 'P0002';
  end if;
  target_month := date_trunc('month', target.deadline at time zone 'America/Mexico_City') at time zone 'America/Mexico_City';

  if not target.results_saved then
    -- An unfinalized round has no scores (an admin may reopen a round to fix it); the
    -- standings follow through the delete trigger.
    delete from public.scores where quiniela_id = target.id;
    return 0;
  end if;

  -- The rules in force for the round's month (public.bonuses_for), never today's.
  rules_month := (target_month at time zone 'America/Mexico_City')::date;
  select b.points, b.label into multiplier, multiplier_label from public.bonuses_for(rules_month) b where b.code = 'last_round_multiplier';
  select b.points::int, b.label into streak_points, streak_label from public.bonuses_for(rules_month) b where b.code = 'streak';
  select b.points::int, b.label into full_month_points, full_month_label from public.bonuses_for(rules_month) b where b.code = 'full_month';
  select b.points::int, b.label into welcome_points, welcome_label from public.bonuses_for(rules_month) b where b.code = 'welcome';
  select b.points::int, b.label into referral_points, referral_label from public.bonuses_for(rules_month) b where b.code = 'referral';
  select b.points::int into referral_cap from public.bonuses_for(rules_month) b where b.code = 'referral_monthly_cap';

  -- Rounds are ordered by deadline (id breaks a tie).
  select q.id into previous_round from public.quinielas q
  where (q.deadline, q.id) < (target.deadline, target.id)
  order by q.deadline desc, q.id desc limit 1;

  -- The month's rounds before this one (for the full-month bonus).
  earlier_month_rounds := array(
    select q.id from public.quinielas q
    where q.deadline >= target_month and (q.deadline, q.id) < (target.deadline, target.id));

  -- score_round knows each player's old and new score, so it applies the standings delta
  -- itself, once, instead of the scores triggers doing it per statement.
  perform set_config('quinielazo.defer_standings', 'on', true);
  -- Before the picks are read: the players they name stay until this commits, and the round
  -- is locked above, so the score rows need no per-row key checks.
  perform internal.hold_score_keys();
  -- A player's bonus matches are kept as bits of one bigint while 1.2 M picks aggregate
  -- (array_agg per player costs a memory context each; bit_or costs nothing).
  select count(*) into bonus_match_count from public.matches m
  where m.quiniela_id = target.id and (m.special_bonus_points > 0 or m.underdog_bonus_points > 0);
  if bonus_match_count > 63 then
    raise exception 'Una quiniela admite hasta 63 partidos con bonus' using errcode = '22023';
  end if;

  with points_table as (
    -- The points of every number of correct picks, from the one function that defines them.
    select pt.correct, public.round_points(pt.correct, false, rules_month) as table_points,
           public.round_points(pt.correct, target.is_last_of_month, rules_month) as base_points
    from public.points_table_for(rules_month) pt
  ), bonus_matches as materialized (
    -- The round's bonus matches, one bit each: a player's right bonus picks aggregate as one
    -- bigint (bit_or) instead of arrays and sums per player, and what each distinct set of
    -- them is worth is worked out once below.
    select m.id, 1::bigint << (row_number() over (order by m.id) - 1)::int as bit,
           m.special_bonus_points as special,
           case when m.correct_result = m.underdog_bonus_side then m.underdog_bonus_points else 0 end as underdog
    from public.matches m
    where m.quiniela_id = target.id and (m.special_bonus_points > 0 or m.underdog_bonus_points > 0)
  ), round_matches as (
    select m.id, m.correct_result, coalesce(b.bit, 0) as bit
    from public.matches m left join bonus_matches b on b.id = m.id
    where m.quiniela_id = target.id
  ), played as materialized (
    -- No ORDER BY inside the aggregates: that would forbid hash aggregation and sort all
    -- 1.2 M picks.
    select p.user_id,
           count(*) filter (where p.result = rm.correct_result)::int as correct,
           coalesce(bit_or(rm.bit) filter (where p.result = rm.correct_result), 0) as bonus_mask
    from public.picks p
    join round_matches rm on rm.id = p.match_id
    where p.quiniela_id = target.id
    group by p.user_id
  ), bonus_sets as materialized (
    -- What each distinct set of right bonus picks is worth (a handful of sets), with the
    -- matches each bonus refers to in id order.
    select s.mask,
           coalesce(sum(b.special) filter (where b.special > 0), 0)::int as special,
           to_jsonb(coalesce(array_agg(b.id order by b.id) filter (where b.special > 0), '{}')) as special_matches,
           coalesce(sum(b.underdog) filter (where b.underdog > 0), 0)::int as underdog,
           to_jsonb(coalesce(array_agg(b.id order by b.id) filter (where b.underdog > 0), '{}')) as underdog_matches
    from (select distinct pl.bonus_mask as mask from played pl) s
    left join bonus_matches b on s.mask & b.bit <> 0
    group by s.mask
  ), referrals as (
    -- Every friend of a referrer who played this round, with the round his referral is
    -- credited in; kept when that round is in this month and not after this round.
    select f.referred_by as referrer_id, f.id as referred_id, f.username, award.id as award_round,
           row_number() over (partition by f.referred_by
                              order by award.deadline, award.id, first_round.deadline, first_round.id, f.id) as nth
    from public.profiles f
    join played pl on pl.user_id = f.referred_by
    cross join lateral (
      select q.id, q.deadline from public.picks x join public.quinielas q on q.id = x.quiniela_id
      where x.user_id = f.id order by q.deadline, q.id limit 1
    ) first_round
    cross join lateral (
      select q.id, q.deadline from public.picks y join public.quinielas q on q.id = y.quiniela_id
      where y.user_id = f.referred_by and (q.deadline, q.id) >= (first_round.deadline, first_round.id)
      order by q.deadline, q.id limit 1
    ) award
    where f.id <> f.referred_by
      and award.deadline >= target_month
      and (award.deadline, award.id) <= (target.deadline, target.id)
  ), awards as (
    select r.*, r.nth <= referral_cap as granted from referrals r where r.award_round = target.id
  ), referral_bonuses as (
    select a.referrer_id, count(*)::int * referral_points as points,
           jsonb_agg(jsonb_build_object('kind', 'referral', 'label', referral_label, 'points', referral_points,
                                        'referred_id', a.referred_id, 'username', a.username)
                     order by a.username, a.referred_id) as bonuses
    from awards a where a.granted group by a.referrer_id
  ), previous_scored as (
    select es.user_id from public.scores es where es.quiniela_id = previous_round
  ), month_scored as (
    -- Earlier rounds of the month with a score row, per player (last round of the month only).
    select es.user_id, count(*)::int as rounds from public.scores es
    where target.is_last_of_month and es.quiniela_id = any (earlier_month_rounds)
    group by es.user_id
  ), scored as materialized (
    -- Materialized: each flag is computed once per player, not once per use below.
    select pl.user_id, pl.correct, bs.special, bs.underdog, pl.bonus_mask,
           coalesce(pt.table_points, 0) as table_points,
           coalesce(pt.base_points, 0) as base_points,
           -- Played = has picks. A score row of that round settles it for almost everyone in
           -- one hash join (score_round keeps score rows = players with picks); only players
           -- without one are looked up in picks, one index probe each.
           previous_round is not null
             and (ps.user_id is not null
                  or exists (select 1 from public.picks x where x.quiniela_id = previous_round and x.user_id = pl.user_id)) as streak,
           case when target.is_last_of_month then
             coalesce(ms.rounds, 0) = cardinality(earlier_month_rounds)
             or not exists (
               select 1 from unnest(earlier_month_rounds) mq(id)
               where not exists (select 1 from public.picks x where x.quiniela_id = mq.id and x.user_id = pl.user_id))
           else false end as full_month,
           -- First round ever: no earlier round with picks. An earlier score row settles it
           -- cheaply for almost everyone (one row per round played instead of 12 picks);
           -- only players without one are checked against their picks.
           case when exists (
                  select 1 from public.scores es join public.quinielas q on q.id = es.quiniela_id
                  where es.user_id = pl.user_id and (q.deadline, q.id) < (target.deadline, target.id))
                then false
                else not exists (
                  select 1 from public.picks x join public.quinielas q on q.id = x.quiniela_id
                  where x.user_id = pl.user_id and (q.deadline, q.id) < (target.deadline, target.id))
           end as welcome,
           coalesce(rb.points, 0) as referral_total,
           coalesce(rb.bonuses, '[]') as referral_bonuses
    from played pl
    join bonus_sets bs on bs.mask = pl.bonus_mask
    left join points_table pt on pt.correct = pl.correct
    left join referral_bonuses rb on rb.referrer_id = pl.user_id
    left join previous_scored ps on ps.user_id = pl.user_id
    left join month_scored ms on ms.user_id = pl.user_id
  ), bonus_kinds as materialized (
    -- Each bonus as data (kind, points, what it refers to), in the order the lines show; the
    -- table derives the Spanish lines and the referral total from it. Built once per distinct
    -- combination of bonuses (a few dozen), not once per player.
    select k.*,
           case when k.multiplied > 0 then jsonb_build_array(jsonb_build_object(
             'kind', 'last_round_multiplier', 'label', multiplier_label, 'factor', trim_scale(multiplier),
             'points', k.multiplied)) else '[]'::jsonb end
           || case when bs.special > 0 then jsonb_build_array(jsonb_build_object(
             'kind', 'special', 'label', 'Pick especial', 'points', bs.special, 'match_ids', bs.special_matches)) else '[]'::jsonb end
           || case when bs.underdog > 0 then jsonb_build_array(jsonb_build_object(
             'kind', 'underdog', 'label', 'Underdog', 'points', bs.underdog, 'match_ids', bs.underdog_matches)) else '[]'::jsonb end
           || case when k.streak then jsonb_build_array(jsonb_build_object(
             'kind', 'streak', 'label', streak_label, 'points', streak_points, 'quiniela_id', previous_round)) else '[]'::jsonb end
           || case when k.full_month then jsonb_build_array(jsonb_build_object(
             'kind', 'full_month', 'label', full_month_label, 'points', full_month_points)) else '[]'::jsonb end
           || case when k.welcome then jsonb_build_array(jsonb_build_object(
             'kind', 'welcome', 'label', welcome_label, 'points', welcome_points)) else '[]'::jsonb end as bonuses
    from (select distinct s.bonus_mask, s.base_points - s.table_points as multiplied, s.streak, s.full_month, s.welcome
          from scored s) k
    join bonus_sets bs on bs.mask = k.bonus_mask
  ), totals as (
    select s.user_id, s.correct,
           s.base_points + s.special + s.underdog
             + case when s.streak then streak_points else 0 end
             + case when s.full_month then full_month_points else 0 end
             + case when s.welcome then welcome_points else 0 end
             + s.referral_total as points,
           s.referral_total,
           case when s.referral_total = 0 and s.referral_bonuses = '[]'::jsonb then bk.bonuses else bk.bonuses || s.referral_bonuses end as bonuses
    from scored s
    join bonus_kinds bk
      on (bk.bonus_mask, bk.multiplied, bk.streak, bk.full_month, bk.welcome)
       = (s.bonus_mask, s.base_points - s.table_points, s.streak, s.full_month, s.welcome)
  ), existing as (
    select sc.user_id, sc.correct, sc.points, sc.bonuses, sc.referral_points from public.scores sc where sc.quiniela_id = target.id
  ), changes as materialized (
    -- Only rows that differ are written: a re-run of an unchanged round writes (and locks) nothing.
    select coalesce(f.user_id, e.user_id) as user_id, f.user_id is null as gone, e.user_id is null as is_new,
           f.correct, f.points, f.bonuses,
           coalesce(f.points, 0) - coalesce(e.points, 0) as point_change,
           coalesce(f.referral_total, 0) - coalesce(e.referral_points, 0) as referral_change
    from totals f
    full join existing e on e.user_id = f.user_id
    where (f.correct, f.points, f.bonuses) is distinct from (e.correct, e.points, e.bonuses)
  ), removed as (
    -- Players who no longer qualify (picks removed by an admin) lose the row.
    delete from public.scores sc
    using changes c
    where c.gone and sc.quiniela_id = target.id and sc.user_id = c.user_id
  ), updated as (
    update public.scores sc
    set correct = c.correct, points = c.points, bonuses = c.bonuses
    from changes c
    where not c.gone and not c.is_new and sc.quiniela_id = target.id and sc.user_id = c.user_id
  ), written as (
    -- Unchanged rows keep their updated_at: re-running gives identical rows.
    insert into public.scores as sc (user_id, quiniela_id, correct, points, bonuses)
    -- In key order: 100,000 inserts walk the primary key's pages once instead of at random.
    select c.user_id, target.id, c.correct, c.points, c.bonuses from changes c where c.is_new order by c.user_id
    on conflict (user_id, quiniela_id) do update
      set correct = excluded.correct, points = excluded.points, bonuses = excluded.bonuses
  ), tracked as (
    insert into public.referral_tracking as rt (referrer_id, referred_id, awarded_points, month_awarded, referral_used)
    select a.referrer_id, a.referred_id, case when a.granted then referral_points else 0 end,
           case when a.granted then (target_month at time zone 'America/Mexico_City')::date end, true
    from awards a
    on conflict (referred_id) do update
      set referrer_id = excluded.referrer_id, awarded_points = excluded.awarded_points,
          month_awarded = excluded.month_awarded, referral_used = true
      where (rt.referrer_id, rt.awarded_points, rt.month_awarded, rt.referral_used)
        is distinct from (excluded.referrer_id, excluded.awarded_points, excluded.month_awarded, true)
  )
  select (select count(*)::int from totals),
         coalesce(array_agg(c.user_id), '{}'),
         coalesce(array_agg(c.point_change), '{}'),
         coalesce(array_agg(c.referral_change), '{}'),
         coalesce(array_agg(c.user_id) filter (where c.gone), '{}')
  into players, changed_users, point_changes, referral_changes, left_users
  from changes c;

  -- A friend who played a scored round has used his referral, credited or not yet.
  update public.referral_tracking rt set referral_used = true
  where not rt.referral_used
    and exists (select 1 from public.picks x where x.quiniela_id = target.id and x.user_id = rt.referred_id);

  perform set_config('quinielazo.defer_standings', 'off', true);
  perform set_config('quinielazo.score_keys_held', 'off', true);
  -- The month's standings move by this round's change alone (a player who left the round gives
  -- back his old points): applied and re-ranked once, instead of re-aggregating the month.
  perform internal.apply_standings_delta(
    extract(year from target.deadline at time zone 'America/Mexico_City')::int,
    extract(month from target.deadline at time zone 'America/Mexico_City')::int,
    changed_users, point_changes, array_fill(0, array[cardinality(changed_users)]), referral_changes, left_users);
  return players;
end
$$;

-- Half of each page free for the next re-rank's row versions (HOT updates); set first, so the
-- rewrite below (the new stored column) already leaves it.
alter table public.monthly_standings set (fillfactor = 50);

-- The podium: in the top 100 of the total, Quinielazo or Boost ranking. The top-N reads of
-- get_monthly_leaderboard (N <= 100) walk this index instead of one per ranking.
alter table public.monthly_standings
  add column podium boolean not null generated always as (rank_total <= 100 or rank_weekly <= 100 or rank_daily <= 100) stored;
comment on column public.monthly_standings.podium is 'Derived: in the top 100 of any of the month''s three rankings (the top-N reads'' index).';
drop index public.monthly_standings_rank_idx;
drop index public.monthly_standings_rank_weekly_idx;
drop index public.monthly_standings_rank_daily_idx;
create index monthly_standings_podium_idx on public.monthly_standings (year, month) where podium;

-- get_monthly_leaderboard as in 20261121000300_leaderboard.sql; the top-N reads name the podium.
create or replace function public.get_monthly_leaderboard(
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
    -- The first N rows all have rank <= N, so for N up to 100 they are on the podium: the
    -- planner reads the podium index (a few hundred rows) instead of the whole month.
    case when limit_input between 0 and 100 then format('and s.podium and s.%I <= %s', 'rank_' || ranking_input, limit_input) else '' end,
    'rank_' || ranking_input)
  using year_input, month_input,
        year_input - case when month_input = 1 then 1 else 0 end, case when month_input = 1 then 12 else month_input - 1 end,
        limit_input, user_id_input;
end
$$;

-- get_monthly_prizes as in 20261123000100_rules_by_month.sql, reading its places (1–5) through
-- the podium index, not the whole table; places beyond 100 (none today) would read the month.
create or replace function public.get_monthly_prizes(month_input int, year_input int)
returns table (user_id uuid, username text, rank int, amount_mxn numeric)
language sql stable
as $$
  with paid as (
    select max(pr.place) as places from public.prizes_for(make_date(year_input, month_input, 1)) pr where pr.kind = 'monthly'
  ), placed as (
    select s.user_id, s.rank_total
    from public.monthly_standings s
    where s.year = year_input and s.month = month_input and s.podium and s.total_points > 0
      and s.rank_total <= (select paid.places from paid)
    union all
    select s.user_id, s.rank_total
    from public.monthly_standings s
    where (select paid.places from paid) > 100
      and s.year = year_input and s.month = month_input and not s.podium and s.total_points > 0
      and s.rank_total <= (select paid.places from paid)
  ), winners as (
    select w.user_id, w.rank_total, count(*) over (partition by w.rank_total)::int as tied from placed w
  )
  select w.user_id, p.username, w.rank_total, public.prize_share('monthly', w.rank_total, w.tied, make_date(year_input, month_input, 1))
  from winners w
  join public.public_profiles p on p.id = w.user_id
  order by w.rank_total, p.username
$$;
