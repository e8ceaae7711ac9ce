-- Speed at 100,000 players (issues 8, 10 and 12), with the same results:
--  * Derived, server-written tables (monthly_standings, notification_outbox) drop their foreign
--    key to profiles: a row-by-row key check costs as much as writing the row, and a referee's
--    write is 100,000 rows. Their writers take players only from rows that keep the key
--    (scores, daily_scores, notification_preferences), and one statement trigger on profiles
--    removes a deleted player's rows, as the cascade did. daily_scores checks and locks its
--    keys once per statement instead of once per row (same error, same locks).
--  * The scores' generated columns (bonus_details, referral_points) called an SQL function per
--    row; for the usual few bonuses they are now plain expressions, so writing 100,000 scores
--    stops paying two function executions per row.
--  * score_round aggregates the picks by hashing instead of sorting 1.2 M rows: an aggregate
--    with ORDER BY inside (array_agg(... order by ...)) forbids hash aggregation, so the few
--    match ids are ordered per player afterwards.
--  * apply_standings_delta no longer probes profiles once per new player: every player who
--    loses source rows arrives in maybe_gone (and leaves when his profile is gone); every other
--    player's delta comes from rows just written under their foreign key.

alter table public.monthly_standings drop constraint monthly_standings_user_id_fkey;
alter table public.notification_outbox drop constraint notification_outbox_user_id_fkey;

-- daily_scores keeps its keys, checked once per statement instead of once per row: the game
-- and the players a statement writes are locked (FOR KEY SHARE, as a foreign key locks them,
-- so none can be deleted before the write commits) in one query each, and a missing one fails
-- the statement with the foreign-key error. A deleted game or player takes his rows with him
-- (triggers below), as the cascade did.
alter table public.daily_scores drop constraint daily_scores_user_id_fkey;
alter table public.daily_scores drop constraint daily_scores_daily_game_id_fkey;

create function internal.check_daily_score_keys() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  wanted int;
  held int;
begin
  select count(distinct n.daily_game_id) into wanted from new_rows n;
  select count(*) into held from (
    select 1 from public.daily_games g where g.id in (select n.daily_game_id from new_rows n) for key share of g) k;
  if held < wanted then
    raise exception 'insert or update on table "daily_scores" violates foreign key constraint "daily_scores_daily_game_id_fkey"'
      using errcode = '23503', detail = 'Un Boost de estos puntos no existe.';
  end if;
  select count(distinct n.user_id) into wanted from new_rows n;
  select count(*) into held from (
    select 1 from public.profiles p where p.id in (select n.user_id from new_rows n) for key share of p) k;
  if held < wanted then
    raise exception 'insert or update on table "daily_scores" violates foreign key constraint "daily_scores_user_id_fkey"'
      using errcode = '23503', detail = 'Un jugador de estos puntos no existe.';
  end if;
  return null;
end
$$;
comment on function internal.check_daily_score_keys() is
  'Trigger: the foreign keys of daily_scores, checked and locked once per statement.';
revoke execute on function internal.check_daily_score_keys() from public, anon, authenticated;
create trigger daily_scores_keys_insert after insert on public.daily_scores
  referencing new table as new_rows for each statement execute function internal.check_daily_score_keys();
create trigger daily_scores_keys_update after update on public.daily_scores
  referencing new table as new_rows for each statement execute function internal.check_daily_score_keys();

create function internal.drop_scores_of_deleted_games() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  delete from public.daily_scores s using gone g where s.daily_game_id = g.id;
  return null;
end
$$;
comment on function internal.drop_scores_of_deleted_games() is 'Trigger: a deleted Boost game takes its scores with it.';
revoke execute on function internal.drop_scores_of_deleted_games() from public, anon, authenticated;
create trigger daily_games_drop_scores after delete on public.daily_games
  referencing old table as gone for each statement execute function internal.drop_scores_of_deleted_games();

create function internal.drop_rows_of_deleted_players() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  delete from public.daily_scores s using gone g where s.user_id = g.id;
  delete from public.monthly_standings ms using gone g where ms.user_id = g.id;
  delete from public.notification_outbox o using gone g where o.user_id = g.id;
  return null;
end
$$;
comment on function internal.drop_rows_of_deleted_players() is
  'Trigger: a deleted profile takes his Boost scores, standings and notices with him (those tables keep no row-by-row foreign key, for write speed).';
revoke execute on function internal.drop_rows_of_deleted_players() from public, anon, authenticated;
create trigger profiles_drop_derived_rows after delete on public.profiles
  referencing old table as gone for each statement execute function internal.drop_rows_of_deleted_players();

-- The scores' generated columns: up to four bonuses (nearly every score) spelled out with
-- built-ins in the column's own expression; more go through the functions as before. Same
-- values; no function execution per row. (The expression is stored resolved, so writers need
-- no access to schema internal, as before.)
alter table public.scores
  alter column bonus_details set expression as (
    case jsonb_array_length(bonuses)
    when 0 then '{}'::text[]
    when 1 then array[
      case bonuses->0->>'kind'
        when 'last_round_multiplier' then (bonuses->0->>'label') || ' ×' || (bonuses->0->>'factor') || ': +' || (bonuses->0->>'points')
        when 'referral' then (bonuses->0->>'label') || ' ' || (bonuses->0->>'username') || ': +' || (bonuses->0->>'points')
        else (bonuses->0->>'label') || ': +' || (bonuses->0->>'points') end]
    when 2 then array[
      case bonuses->0->>'kind'
        when 'last_round_multiplier' then (bonuses->0->>'label') || ' ×' || (bonuses->0->>'factor') || ': +' || (bonuses->0->>'points')
        when 'referral' then (bonuses->0->>'label') || ' ' || (bonuses->0->>'username') || ': +' || (bonuses->0->>'points')
        else (bonuses->0->>'label') || ': +' || (bonuses->0->>'points') end,
      case bonuses->1->>'kind'
        when 'last_round_multiplier' then (bonuses->1->>'label') || ' ×' || (bonuses->1->>'factor') || ': +' || (bonuses->1->>'points')
        when 'referral' then (bonuses->1->>'label') || ' ' || (bonuses->1->>'username') || ': +' || (bonuses->1->>'points')
        else (bonuses->1->>'label') || ': +' || (bonuses->1->>'points') end]
    when 3 then array[
      case bonuses->0->>'kind'
        when 'last_round_multiplier' then (bonuses->0->>'label') || ' ×' || (bonuses->0->>'factor') || ': +' || (bonuses->0->>'points')
        when 'referral' then (bonuses->0->>'label') || ' ' || (bonuses->0->>'username') || ': +' || (bonuses->0->>'points')
        else (bonuses->0->>'label') || ': +' || (bonuses->0->>'points') end,
      case bonuses->1->>'kind'
        when 'last_round_multiplier' then (bonuses->1->>'label') || ' ×' || (bonuses->1->>'factor') || ': +' || (bonuses->1->>'points')
        when 'referral' then (bonuses->1->>'label') || ' ' || (bonuses->1->>'username') || ': +' || (bonuses->1->>'points')
        else (bonuses->1->>'label') || ': +' || (bonuses->1->>'points') end,
      case bonuses->2->>'kind'
        when 'last_round_multiplier' then (bonuses->2->>'label') || ' ×' || (bonuses->2->>'factor') || ': +' || (bonuses->2->>'points')
        when 'referral' then (bonuses->2->>'label') || ' ' || (bonuses->2->>'username') || ': +' || (bonuses->2->>'points')
        else (bonuses->2->>'label') || ': +' || (bonuses->2->>'points') end]
    when 4 then array[
      case bonuses->0->>'kind'
        when 'last_round_multiplier' then (bonuses->0->>'label') || ' ×' || (bonuses->0->>'factor') || ': +' || (bonuses->0->>'points')
        when 'referral' then (bonuses->0->>'label') || ' ' || (bonuses->0->>'username') || ': +' || (bonuses->0->>'points')
        else (bonuses->0->>'label') || ': +' || (bonuses->0->>'points') end,
      case bonuses->1->>'kind'
        when 'last_round_multiplier' then (bonuses->1->>'label') || ' ×' || (bonuses->1->>'factor') || ': +' || (bonuses->1->>'points')
        when 'referral' then (bonuses->1->>'label') || ' ' || (bonuses->1->>'username') || ': +' || (bonuses->1->>'points')
        else (bonuses->1->>'label') || ': +' || (bonuses->1->>'points') end,
      case bonuses->2->>'kind'
        when 'last_round_multiplier' then (bonuses->2->>'label') || ' ×' || (bonuses->2->>'factor') || ': +' || (bonuses->2->>'points')
        when 'referral' then (bonuses->2->>'label') || ' ' || (bonuses->2->>'username') || ': +' || (bonuses->2->>'points')
        else (bonuses->2->>'label') || ': +' || (bonuses->2->>'points') end,
      case bonuses->3->>'kind'
        when 'last_round_multiplier' then (bonuses->3->>'label') || ' ×' || (bonuses->3->>'factor') || ': +' || (bonuses->3->>'points')
        when 'referral' then (bonuses->3->>'label') || ' ' || (bonuses->3->>'username') || ': +' || (bonuses->3->>'points')
        else (bonuses->3->>'label') || ': +' || (bonuses->3->>'points') end]
    else internal.bonus_lines(bonuses) end),
  alter column referral_points set expression as (
    case when jsonb_array_length(bonuses) <= 4 then
      coalesce(case when bonuses->0->>'kind' = 'referral' then (bonuses->0->>'points')::int end, 0)
      + coalesce(case when bonuses->1->>'kind' = 'referral' then (bonuses->1->>'points')::int end, 0)
      + coalesce(case when bonuses->2->>'kind' = 'referral' then (bonuses->2->>'points')::int end, 0)
      + coalesce(case when bonuses->3->>'kind' = 'referral' then (bonuses->3->>'points')::int end, 0)
    else internal.bonus_points(bonuses, 'referral') end);

-- score_round as in 20261123000100_rules_by_month.sql; `played` aggregates by hashing and new
-- score rows are written in key order.
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

  with points_table as (
    -- The points of every number of correct picks, from the one function that defines them.
    select pt.correct, public.round_points(pt.correct, false, rules_month) as table_points,
           public.round_points(pt.correct, target.is_last_of_month, rules_month) as base_points
    from public.points_table_for(rules_month) pt
  ), round_matches as (
    select m.id, m.correct_result, m.special_bonus_points, m.underdog_bonus_points, m.underdog_bonus_side
    from public.matches m where m.quiniela_id = target.id
  ), picked as (
    -- No ORDER BY inside the aggregates: that would forbid hash aggregation and sort all
    -- 1.2 M picks; the few match ids of a player are ordered below instead.
    select p.user_id,
           count(*) filter (where p.result = rm.correct_result)::int as correct,
           coalesce(sum(rm.special_bonus_points) filter (where rm.special_bonus_points > 0 and p.result = rm.correct_result), 0)::int as special,
           array_agg(rm.id) filter (where rm.special_bonus_points > 0 and p.result = rm.correct_result) as special_matches,
           coalesce(sum(rm.underdog_bonus_points) filter (
             where rm.underdog_bonus_points > 0 and rm.correct_result = rm.underdog_bonus_side and p.result = rm.correct_result), 0)::int as underdog,
           array_agg(rm.id) filter (
             where rm.underdog_bonus_points > 0 and rm.correct_result = rm.underdog_bonus_side and p.result = rm.correct_result) as underdog_matches
    from public.picks p
    join round_matches rm on rm.id = p.match_id
    where p.quiniela_id = target.id
    group by p.user_id
  ), played as materialized (
    select k.user_id, k.correct, k.special,
           case when cardinality(k.special_matches) > 1 then array(select x from unnest(k.special_matches) x order by x) else k.special_matches end as special_matches,
           k.underdog,
           case when cardinality(k.underdog_matches) > 1 then array(select x from unnest(k.underdog_matches) x order by x) else k.underdog_matches end as underdog_matches
    from picked k
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
    select pl.*,
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
    left join points_table pt on pt.correct = pl.correct
    left join referral_bonuses rb on rb.referrer_id = pl.user_id
    left join previous_scored ps on ps.user_id = pl.user_id
    left join month_scored ms on ms.user_id = pl.user_id
  ), totals as (
    select s.user_id, s.correct,
           s.base_points + s.special + s.underdog
             + case when s.streak then streak_points else 0 end
             + case when s.full_month then full_month_points else 0 end
             + case when s.welcome then welcome_points else 0 end
             + s.referral_total as points,
           s.referral_total,
           -- Each bonus as data (kind, points, what it refers to), in the order the lines show;
           -- the table derives the Spanish lines and the referral total from it.
           jsonb_path_query_array(jsonb_build_array(
             case when s.base_points > s.table_points then jsonb_build_object(
               'kind', 'last_round_multiplier', 'label', multiplier_label, 'factor', trim_scale(multiplier),
               'points', s.base_points - s.table_points) end,
             case when s.special > 0 then jsonb_build_object(
               'kind', 'special', 'label', 'Pick especial', 'points', s.special, 'match_ids', to_jsonb(s.special_matches)) end,
             case when s.underdog > 0 then jsonb_build_object(
               'kind', 'underdog', 'label', 'Underdog', 'points', s.underdog, 'match_ids', to_jsonb(s.underdog_matches)) end,
             case when s.streak then jsonb_build_object(
               'kind', 'streak', 'label', streak_label, 'points', streak_points, 'quiniela_id', previous_round) end,
             case when s.full_month then jsonb_build_object('kind', 'full_month', 'label', full_month_label, 'points', full_month_points) end,
             case when s.welcome then jsonb_build_object('kind', 'welcome', 'label', welcome_label, 'points', welcome_points) end
           ), '$[*] ? (@ != null)') || s.referral_bonuses as bonuses
    from scored s
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
  -- The month's standings move by this round's change alone (a player who left the round gives
  -- back his old points): applied and re-ranked once, instead of re-aggregating the month.
  perform internal.apply_standings_delta(
    extract(year from target.deadline at time zone 'America/Mexico_City')::int,
    extract(month from target.deadline at time zone 'America/Mexico_City')::int,
    changed_users, point_changes, array_fill(0, array[cardinality(changed_users)]), referral_changes, left_users);
  return players;
end
$$;
comment on function public.score_round(bigint) is
  'Scores a finalized round for every player who played it with the rules in force in its month (table points, ×multiplier on the last round of the month, special, underdog, streak, full month, welcome, referrals); idempotent. Admins, service role, database sessions.';


-- apply_standings_delta as in 20261121000100_monthly_standings.sql, without the per-player profile
-- probe, and new rows written in key order.
-- Applies a change of the source rows to one month: per player, the change of weekly, daily
-- and referral points (users[i] gains weekly[i], daily[i], referral[i]; a player may appear
-- more than once), plus the players who lost source rows (maybe_gone), who leave the month when
-- nothing of theirs is left in it (or their profile is gone). Then re-ranks the month with one
-- window query and writes, in one statement per kind, only the rows whose points or ranks
-- changed: no re-aggregation of the month's scores and Boost scores, no rewrite of equal rows.
-- The result equals refresh_monthly_standings (tests/api/leaderboard.test.ts checks it).
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
comment on function internal.apply_standings_delta(int, int, uuid[], int[], int[], int[], uuid[]) is
  'Applies per-player point changes (and departures) to one month of monthly_standings, re-ranks it, writes changed rows only.';
revoke execute on function internal.apply_standings_delta(int, int, uuid[], int[], int[], int[], uuid[]) from public, anon, authenticated;

-- score_daily_game as in 20261123006000_boost_referee.sql; changed score rows are updated and new ones
-- inserted plainly (no speculative insertion per row), in key order.
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

-- Deadline reminders as in 20261123008000_push_and_outbox.sql, faster at 100,000 players:
-- each round's picks are counted with the round's id as a constant (the planner sizes it from
-- the statistics), never by an index-only scan (an open round's picks are fresh, so the
-- visibility map is unset and such a scan visits the table once per pick), each round's
-- texts are built once, not once per player, and the notices are written in key order.
create or replace function public.queue_deadline_reminders(at timestamptz default now())
returns int
language plpgsql volatile security definer set search_path = ''
set enable_indexonlyscan = off
set work_mem = '64MB'
as $$
declare
  r record;
  n int;
  total_queued int := 0;
begin
  for r in
    select q.id, q.deadline, w.win, m.total,
           format('deadline_%s:%s', w.win, q.id) as dedupe_key,
           case when w.win = '2h' then format('⏰ %s cierra en menos de 2 horas', q.name) else format('⏰ %s cierra mañana', q.name) end as title,
           format('/picks?quiniela=%s', q.id) as url,
           format('quiniela-%s', q.id) as tag
    from public.quinielas q
    cross join lateral (select case when q.deadline <= at + interval '2 hours' then '2h' else '24h' end as win) w
    cross join lateral (select count(*)::int as total from public.matches m where m.quiniela_id = q.id) m
    where not q.results_saved and q.deadline > at and q.deadline <= at + interval '24 hours' and m.total > 0
  loop
    execute $q$
      insert into public.notification_outbox (user_id, kind, quiniela_id, channel, payload, dedupe_key, next_attempt_at)
      with picked as (
        select p.user_id, count(*)::int as n from public.picks p where p.quiniela_id = $1 group by p.user_id
      ), c as (
        select np.user_id, $4 - coalesce(k.n, 0) as missing
        from public.notification_preferences np
        left join picked k on k.user_id = np.user_id
        where np.remind_quinielazo and coalesce(k.n, 0) < $4
          -- Already queued (every run after the first): skipped here in one anti-join, far
          -- cheaper than letting tens of thousands of rows bounce off the unique key.
          and not exists (select 1 from public.notification_outbox o where o.user_id = np.user_id and o.dedupe_key = $5)
      )
      select c.user_id, 'deadline_' || $3, $1,
        case when s.push then 'push' else 'email' end,
        jsonb_build_object(
          'title', $6,
          'body', case when c.missing = $4 then 'Aún no has hecho tus picks.'
                       when c.missing = 1 then 'Te falta 1 partido por pronosticar.'
                       else format('Te faltan %s partidos por pronosticar.', c.missing) end,
          'url', $7,
          'tag', $8,
          'missing', c.missing,
          'deadline', $2),
        $5,
        case when s.push then coalesce(internal.push_hold_until($9, $2), now()) else now() end
      from c
      cross join lateral (select exists (select 1 from public.push_subscriptions ps where ps.user_id = c.user_id) as push) s
      order by c.user_id -- key order: the unique key's pages are walked once
      on conflict (user_id, dedupe_key) do nothing
    $q$ using r.id, r.deadline, r.win, r.total, r.dedupe_key, r.title, r.url, r.tag, at;
    get diagnostics n = row_count;
    total_queued := total_queued + n;
  end loop;
  return total_queued;
end
$$;
