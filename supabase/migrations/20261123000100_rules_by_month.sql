-- The game's rules have one source: the tables scoring_points, scoring_bonuses and prizes,
-- versioned by month. A version is every row with the same effective_from (the first day of a
-- Mexico City month) and is in force from that month until a later version starts. Rules
-- change only by a migration that adds a version for a month that has not started; the app's
-- copy (src/lib/game-rules.gen.ts) is generated from these tables and functions by
-- `npm run typegen`, and tests/api/types.test.ts fails when it drifts.

alter table public.scoring_points add column effective_from date not null default date '2000-01-01'
  check (effective_from = date_trunc('month', effective_from)::date);
alter table public.scoring_points drop constraint scoring_points_pkey, add primary key (effective_from, correct);
alter table public.scoring_points alter column effective_from drop default;

alter table public.scoring_bonuses add column effective_from date not null default date '2000-01-01'
  check (effective_from = date_trunc('month', effective_from)::date);
alter table public.scoring_bonuses drop constraint scoring_bonuses_pkey, add primary key (effective_from, code);
alter table public.scoring_bonuses alter column effective_from drop default;

alter table public.prizes add column effective_from date not null default date '2000-01-01'
  check (effective_from = date_trunc('month', effective_from)::date);
alter table public.prizes drop constraint prizes_pkey, add primary key (effective_from, kind, place);
alter table public.prizes alter column effective_from drop default;

comment on column public.scoring_points.effective_from is 'First day of the Mexico City month this version of the points table starts.';
comment on column public.scoring_bonuses.effective_from is 'First day of the Mexico City month this version of the bonuses starts.';
comment on column public.prizes.effective_from is 'First day of the Mexico City month this version of the prizes starts.';

-- Nobody writes the rules through the API any more (no admin screen edits them); a version
-- comes by migration.
drop policy "Admins add to the points table" on public.scoring_points;
drop policy "Admins change the points table" on public.scoring_points;
drop policy "Admins remove from the points table" on public.scoring_points;
drop policy "Admins add bonuses" on public.scoring_bonuses;
drop policy "Admins change bonuses" on public.scoring_bonuses;
drop policy "Admins remove bonuses" on public.scoring_bonuses;
drop policy "Admins add prizes" on public.prizes;
drop policy "Admins change prizes" on public.prizes;
drop policy "Admins remove prizes" on public.prizes;
revoke insert, update, delete, truncate on table public.scoring_points, public.scoring_bonuses, public.prizes from anon, authenticated;

-- A rule can never change for a month that has started: even the service role and migrations
-- may only add, change or remove versions of months still to come.
create function internal.refuse_started_rule_change() returns trigger
language plpgsql set search_path = ''
as $$
declare
  this_month date := date_trunc('month', now() at time zone 'America/Mexico_City')::date;
begin
  if tg_op = 'TRUNCATE'
     or (tg_op <> 'INSERT' and old.effective_from <= this_month)
     or (tg_op <> 'DELETE' and new.effective_from <= this_month) then
    raise exception 'Las reglas de un mes que ya empezó no cambian: agrega una versión para un mes posterior a %.', to_char(this_month, 'YYYY-MM')
      using errcode = '42501';
  end if;
  return coalesce(new, old);
end
$$;
comment on function internal.refuse_started_rule_change() is 'Trigger: the rule tables change only for months that have not started.';

create trigger scoring_points_started_month before insert or update or delete on public.scoring_points
  for each row execute function internal.refuse_started_rule_change();
create trigger scoring_points_truncate before truncate on public.scoring_points
  for each statement execute function internal.refuse_started_rule_change();
create trigger scoring_bonuses_started_month before insert or update or delete on public.scoring_bonuses
  for each row execute function internal.refuse_started_rule_change();
create trigger scoring_bonuses_truncate before truncate on public.scoring_bonuses
  for each statement execute function internal.refuse_started_rule_change();
create trigger prizes_started_month before insert or update or delete on public.prizes
  for each row execute function internal.refuse_started_rule_change();
create trigger prizes_truncate before truncate on public.prizes
  for each statement execute function internal.refuse_started_rule_change();

-- The version in force for a month (its first day, or any day of it).
create function public.points_table_for(month_input date) returns setof public.scoring_points
language sql stable set search_path = ''
as $$
  select * from public.scoring_points
  where effective_from = (select max(v.effective_from) from public.scoring_points v where v.effective_from <= month_input)
  order by correct
$$;
create function public.bonuses_for(month_input date) returns setof public.scoring_bonuses
language sql stable set search_path = ''
as $$
  select * from public.scoring_bonuses
  where effective_from = (select max(v.effective_from) from public.scoring_bonuses v where v.effective_from <= month_input)
  order by code
$$;
create function public.prizes_for(month_input date) returns setof public.prizes
language sql stable set search_path = ''
as $$
  select * from public.prizes
  where effective_from = (select max(v.effective_from) from public.prizes v where v.effective_from <= month_input)
  order by kind, place
$$;
comment on function public.points_table_for(date) is 'The points table in force in the month of the given day.';
comment on function public.bonuses_for(date) is 'The bonuses in force in the month of the given day.';
comment on function public.prizes_for(date) is 'The prizes in force in the month of the given day.';

-- The round's points for a number of correct picks: the table, ×multiplier on the last round of
-- the month, rounded half up (22.5 → 23). Bonuses are added after, never multiplied.
create function public.round_points(correct_input int, last_of_month_input boolean, month_input date) returns int
language sql stable set search_path = ''
as $$
  select case when last_of_month_input
              then round(coalesce(p.points, 0)
                         * coalesce((select b.points from public.bonuses_for(month_input) b where b.code = 'last_round_multiplier'), 1))::int
              else coalesce(p.points, 0) end
  from (select 1) one
  left join public.points_table_for(month_input) p on p.correct = correct_input
$$;
comment on function public.round_points(int, boolean, date) is 'Round points for a number of correct picks in a month (×multiplier on the last round of the month, half up).';

-- What each of `tied` players sharing `place` wins: the sum of the places they occupy, split
-- evenly and rounded to centavos; places past the last prize pay nothing.
create function public.prize_share(kind_input text, place_input int, tied_input int, month_input date) returns numeric
language sql stable set search_path = ''
as $$
  select round(coalesce(sum(p.amount_mxn), 0)::numeric / greatest(tied_input, 1), 2)
  from public.prizes_for(month_input) p
  where p.kind = kind_input and p.place between place_input and place_input + tied_input - 1
$$;
comment on function public.prize_share(text, int, int, date) is 'Prize of each of `tied` players sharing a place: the sum of the places they occupy, split evenly.';

revoke execute on function public.points_table_for(date), public.bonuses_for(date), public.prizes_for(date),
  public.round_points(int, boolean, date), public.prize_share(text, int, int, date) from public;
grant execute on function public.points_table_for(date), public.bonuses_for(date), public.prizes_for(date),
  public.round_points(int, boolean, date), public.prize_share(text, int, int, date) to anon, authenticated, service_role;

create or replace function public.get_monthly_prizes(month_input int, year_input int)
returns table (user_id uuid, username text, rank int, amount_mxn numeric)
language sql stable
as $$
  with winners as (
    select s.user_id, s.rank_total, count(*) over (partition by s.rank_total)::int as tied
    from public.monthly_standings s
    where s.year = year_input and s.month = month_input and s.total_points > 0
      and s.rank_total <= (select max(pr.place) from public.prizes_for(make_date(year_input, month_input, 1)) pr where pr.kind = 'monthly')
  )
  select w.user_id, p.username, w.rank_total, public.prize_share('monthly', w.rank_total, w.tied, make_date(year_input, month_input, 1))
  from winners w
  join public.public_profiles p on p.id = w.user_id
  order by w.rank_total, p.username
$$;

create or replace function public.get_round_prizes(quiniela_id_input bigint)
returns table (user_id uuid, username text, kind text, amount_mxn numeric)
language sql stable
as $$
  with round as (
    select q.id, (select count(*) from public.matches m where m.quiniela_id = q.id) as match_count,
           date_trunc('month', q.deadline at time zone 'America/Mexico_City')::date as month
    from public.quinielas q where q.id = quiniela_id_input and q.results_saved
  ), round_scores as (
    select s.* from public.scores s join round r on r.id = s.quiniela_id
  ), weekly as (
    -- The round's best score (points with bonuses) wins; the best players share place 1..k.
    select s.user_id, count(*) over ()::int as tied
    from round_scores s
    where s.points > 0 and s.points = (select max(points) from round_scores)
  ), perfect as (
    select s.user_id, count(*) over ()::int as tied
    from round_scores s join round r on true
    where r.match_count > 0 and s.correct = r.match_count
  ), winners as (
    select w.user_id, 'weekly' as kind, public.prize_share('weekly', 1, w.tied, r.month) as amount
    from weekly w cross join round r
    union all
    select pf.user_id, 'perfect', public.prize_share('perfect', 1, pf.tied, r.month)
    from perfect pf cross join round r
  )
  select w.user_id, p.username, w.kind, w.amount
  from winners w join public.public_profiles p on p.id = w.user_id
  order by w.kind desc, p.username
$$;

-- Bonuses as data: one object per bonus with its kind, points and what it refers to
-- (match_ids, quiniela_id, referred_id). The Spanish lines and the referral total are derived
-- by the table, so nothing adds points up by reading text.
create function internal.bonus_lines(bonuses jsonb) returns text[]
language sql immutable parallel safe set search_path = ''
as $$
  select coalesce(array_agg(
           case b->>'kind'
             when 'last_round_multiplier' then (b->>'label') || ' ×' || (b->>'factor') || ': +' || (b->>'points')
             when 'referral' then (b->>'label') || ' ' || (b->>'username') || ': +' || (b->>'points')
             else (b->>'label') || ': +' || (b->>'points')
           end order by e.ord), '{}')
  from jsonb_array_elements(bonuses) with ordinality as e(b, ord)
$$;
create function internal.bonus_points(bonuses jsonb, kind_input text) returns int
language sql immutable parallel safe set search_path = ''
as $$
  select coalesce(sum((b->>'points')::int), 0)::int from jsonb_array_elements(bonuses) b where b->>'kind' = kind_input
$$;
-- Generated columns are computed with the privileges of whoever writes the row (an admin's
-- correction, the service role), so both may execute these pure helpers; PostgREST does not
-- expose schema internal, so they are no API.
revoke execute on function internal.bonus_lines(jsonb), internal.bonus_points(jsonb, text) from public, anon;
grant execute on function internal.bonus_lines(jsonb), internal.bonus_points(jsonb, text) to authenticated, service_role;

alter table public.scores drop column bonus_details;
alter table public.scores add column bonuses jsonb not null default '[]' check (jsonb_typeof(bonuses) = 'array');
alter table public.scores add column bonus_details text[] generated always as (internal.bonus_lines(bonuses)) stored;
alter table public.scores add column referral_points int generated always as (internal.bonus_points(bonuses, 'referral')) stored;
comment on column public.scores.bonuses is 'Each bonus of the score: {kind, label, points, and what it refers to: match_ids, quiniela_id, referred_id/username, factor}.';
comment on column public.scores.bonus_details is 'One Spanish line per bonus, derived from bonuses.';
comment on column public.scores.referral_points is 'Points from referral bonuses, derived from bonuses.';
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
  ), played as (
    select p.user_id,
           count(*) filter (where p.result = rm.correct_result)::int as correct,
           coalesce(sum(rm.special_bonus_points) filter (where rm.special_bonus_points > 0 and p.result = rm.correct_result), 0)::int as special,
           array_agg(rm.id order by rm.id) filter (where rm.special_bonus_points > 0 and p.result = rm.correct_result) as special_matches,
           coalesce(sum(rm.underdog_bonus_points) filter (
             where rm.underdog_bonus_points > 0 and rm.correct_result = rm.underdog_bonus_side and p.result = rm.correct_result), 0)::int as underdog,
           array_agg(rm.id order by rm.id) filter (
             where rm.underdog_bonus_points > 0 and rm.correct_result = rm.underdog_bonus_side and p.result = rm.correct_result) as underdog_matches
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
    select c.user_id, target.id, c.correct, c.points, c.bonuses from changes c where c.is_new
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

create or replace function public.refresh_monthly_standings(year_input int, month_input int) returns void
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

create or replace function public.standings_after_scores() returns trigger
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

drop function internal.referral_points_of(text[]);
