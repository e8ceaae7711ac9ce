-- The referee: scores one finalized round for every player who played it
-- (docs/product.md#scoring), and the triggers that run it when a round is finalized or a
-- result corrected.
--
-- "Played a round" = has at least one pick in it. Every bonus except the table points
-- depends only on who played which rounds (picks, frozen at each deadline), never on other
-- rounds' scores, so correcting a result re-scores that round alone; nothing cascades.
--
-- Referral (+3 per referred friend who played, at most 10 per referrer per month): credited
-- to the referrer in the first round he plays at or after his friend's first round (usually
-- the same round). The month of that round is the month of the award and of the cap; the
-- cap keeps the first 10 by (award round, friend's first round, friend id); friends past the
-- cap are never credited. A referrer who never plays again is never credited.
-- referral_tracking mirrors it: referral_used once the friend played a scored round,
-- awarded_points 3 (or 0 past the cap) and month_awarded (first day of the month) once the
-- award round is scored.

-- Definer because it reads every player's picks (players may read only their own) and writes
-- scores and referral_tracking for everyone; it therefore checks the caller itself. The empty
-- search_path keeps a caller's objects from standing in for ours inside a definer function.
create function public.score_round(quiniela_id_input bigint) returns integer
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

  select points into multiplier from public.scoring_bonuses where code = 'last_round_multiplier';
  select label into multiplier_label from public.scoring_bonuses where code = 'last_round_multiplier';
  select points::int into streak_points from public.scoring_bonuses where code = 'streak';
  select points::int into full_month_points from public.scoring_bonuses where code = 'full_month';
  select points::int into welcome_points from public.scoring_bonuses where code = 'welcome';
  select points::int into referral_points from public.scoring_bonuses where code = 'referral';
  select points::int into referral_cap from public.scoring_bonuses where code = 'referral_monthly_cap';

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

  with round_matches as (
    select m.id, m.correct_result, m.special_bonus_points, m.underdog_bonus_points, m.underdog_bonus_side
    from public.matches m where m.quiniela_id = target.id
  ), played as (
    select p.user_id,
           count(*) filter (where p.result = rm.correct_result)::int as correct,
           coalesce(sum(rm.special_bonus_points) filter (where rm.special_bonus_points > 0 and p.result = rm.correct_result), 0)::int as special,
           coalesce(sum(rm.underdog_bonus_points) filter (
             where rm.underdog_bonus_points > 0 and rm.correct_result = rm.underdog_bonus_side and p.result = rm.correct_result), 0)::int as underdog
    from public.picks p
    join round_matches rm on rm.id = p.match_id
    where p.quiniela_id = target.id
    group by p.user_id
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
  ), referral_lines as (
    select a.referrer_id,
           array_agg('Referido ' || a.username || ': +' || referral_points order by a.username, a.referred_id) as lines
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
           coalesce(sp.points, 0) as table_points,
           case when target.is_last_of_month then round(coalesce(sp.points, 0) * multiplier)::int
                else coalesce(sp.points, 0) end as base_points,
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
           coalesce(rl.lines, '{}') as referral_lines
    from played pl
    left join public.scoring_points sp on sp.correct = pl.correct
    left join referral_lines rl on rl.referrer_id = pl.user_id
    left join previous_scored ps on ps.user_id = pl.user_id
    left join month_scored ms on ms.user_id = pl.user_id
  ), totals as (
    select s.user_id, s.correct,
           s.base_points + s.special + s.underdog
             + case when s.streak then streak_points else 0 end
             + case when s.full_month then full_month_points else 0 end
             + case when s.welcome then welcome_points else 0 end
             + referral_points * cardinality(s.referral_lines) as points,
           array_remove(array[
             case when s.base_points > s.table_points
                  then multiplier_label || ' ×' || trim_scale(multiplier) || ': +' || (s.base_points - s.table_points) end,
             case when s.special > 0 then 'Pick especial: +' || s.special end,
             case when s.underdog > 0 then 'Underdog: +' || s.underdog end,
             case when s.streak then 'Racha 2 semanas: +' || streak_points end,
             case when s.full_month then 'Mes completo: +' || full_month_points end,
             case when s.welcome then 'Bienvenida: +' || welcome_points end
           ], null) || s.referral_lines as bonus_details
    from scored s
  ), existing as (
    select sc.user_id, sc.correct, sc.points, sc.bonus_details from public.scores sc where sc.quiniela_id = target.id
  ), changes as materialized (
    -- Only rows that differ are written: a re-run of an unchanged round writes (and locks) nothing.
    select coalesce(f.user_id, e.user_id) as user_id, f.user_id is null as gone, e.user_id is null as is_new,
           f.correct, f.points, f.bonus_details,
           coalesce(f.points, 0) - coalesce(e.points, 0) as point_change,
           -- Only rows with a referral line pay for parsing it.
           case when array_to_string(f.bonus_details, '|') like '%Referido %' then internal.referral_points_of(f.bonus_details) else 0 end
             - case when array_to_string(e.bonus_details, '|') like '%Referido %' then internal.referral_points_of(e.bonus_details) else 0 end
             as referral_change
    from totals f
    full join existing e on e.user_id = f.user_id
    where (f.correct, f.points, f.bonus_details) is distinct from (e.correct, e.points, e.bonus_details)
  ), removed as (
    -- Players who no longer qualify (picks removed by an admin) lose the row.
    delete from public.scores sc
    using changes c
    where c.gone and sc.quiniela_id = target.id and sc.user_id = c.user_id
  ), updated as (
    update public.scores sc
    set correct = c.correct, points = c.points, bonus_details = c.bonus_details
    from changes c
    where not c.gone and not c.is_new and sc.quiniela_id = target.id and sc.user_id = c.user_id
  ), written as (
    -- Unchanged rows keep their updated_at: re-running gives identical rows.
    insert into public.scores as sc (user_id, quiniela_id, correct, points, bonus_details)
    select c.user_id, target.id, c.correct, c.points, c.bonus_details from changes c where c.is_new
    on conflict (user_id, quiniela_id) do update
      set correct = excluded.correct, points = excluded.points, bonus_details = excluded.bonus_details
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
  'Scores a finalized round for every player who played it (table points, ×1.5 on the last round of the month, special, underdog, streak, full month, welcome, referrals); idempotent. Admins, service role, database sessions.';
revoke execute on function public.score_round(bigint) from public, anon;
grant execute on function public.score_round(bigint) to authenticated, service_role;

-- Finalizing (results_saved → true) scores the round; reopening removes its scores; flipping
-- is_last_of_month on a finalized round re-scores it. A finalized round whose deadline moves
-- can change streak, welcome, full-month and referral bonuses of the rounds after it, so every
-- finalized round from the earlier of the two deadlines on is re-scored.
create function public.score_round_after_round_change() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  later bigint;
begin
  if new.results_saved is distinct from old.results_saved
     or (new.results_saved and new.is_last_of_month is distinct from old.is_last_of_month)
     or (new.results_saved and new.deadline is distinct from old.deadline) then
    perform public.score_round(new.id);
  end if;
  -- Only a round someone played can change who "played the round before" later rounds.
  if new.deadline is distinct from old.deadline and exists (select 1 from public.picks where quiniela_id = new.id) then
    for later in
      select q.id from public.quinielas q
      where q.results_saved and q.id <> new.id and q.deadline >= least(old.deadline, new.deadline)
      order by q.deadline, q.id
    loop
      perform public.score_round(later);
    end loop;
  end if;
  return null;
end
$$;
comment on function public.score_round_after_round_change() is 'Trigger: scores a round when it is finalized (and re-scores what a moved deadline affects).';
revoke execute on function public.score_round_after_round_change() from public, anon, authenticated;

create trigger quinielas_score_round after update of results_saved, is_last_of_month, deadline on public.quinielas
  for each row execute function public.score_round_after_round_change();

-- A corrected result (or bonus setting) of a finalized round re-scores that round, once per
-- statement however many matches changed.
create function public.score_round_after_match_change() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  changed bigint;
begin
  for changed in
    select distinct n.quiniela_id
    from new_rows n join old_rows o on o.id = n.id
    join public.quinielas q on q.id = n.quiniela_id
    where q.results_saved
      and (n.correct_result, n.special_bonus_points, n.underdog_bonus_points, n.underdog_bonus_side, n.quiniela_id)
          is distinct from (o.correct_result, o.special_bonus_points, o.underdog_bonus_points, o.underdog_bonus_side, o.quiniela_id)
  loop
    perform public.score_round(changed);
  end loop;
  return null;
end
$$;
comment on function public.score_round_after_match_change() is 'Trigger: re-scores a finalized round when a result or bonus of one of its matches changes.';
revoke execute on function public.score_round_after_match_change() from public, anon, authenticated;

create trigger matches_rescore after update on public.matches
  referencing new table as new_rows old table as old_rows
  for each statement execute function public.score_round_after_match_change();
