-- score_round as in 20261126000100_referee_earlier_rounds.sql, with referrals found without
-- reading every friend's pick history, and the new score rows written without ON CONFLICT
-- (issue 12).
--
-- * Referrals: for each friend of a player in the round, his first round was looked up in all
--   his picks ever, then his referrer's first round at or after it in all of the referrer's:
--   two lookups per friend, one friend at a time (0.2 ms each, growing with every week of
--   history). A referral is credited no later than the round being scored, so only rounds up
--   to it matter, and those are score rows (a finalized round has one for everyone who played
--   it), picks of an earlier round not finalized yet, and this round's tally: read once, for
--   all the friends and referrers together.
-- * ON CONFLICT made each of 100,000 inserts probe the key first and insert speculatively
--   (~0.25 s of ~0.8 s); the conflict cannot happen (see the insert below).
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
  previous_finalized boolean;
  earlier_month_rounds bigint[];
  earlier_month_open bigint[];
  earlier_open_rounds bigint[];
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
  select q.id, q.results_saved into previous_round, previous_finalized from public.quinielas q
  where (q.deadline, q.id) < (target.deadline, target.id)
  order by q.deadline desc, q.id desc limit 1;

  -- The month's rounds before this one (for the full-month bonus).
  earlier_month_rounds := array(
    select q.id from public.quinielas q
    where q.deadline >= target_month and (q.deadline, q.id) < (target.deadline, target.id));
  -- Who played an earlier round: a finalized round has a score row for everyone with picks in
  -- it (finalizing scores it, and its picks are sealed), so only rounds not finalized yet are
  -- looked up in the picks (usually none: rounds are finalized in order).
  earlier_open_rounds := array(
    select q.id from public.quinielas q where not q.results_saved and (q.deadline, q.id) < (target.deadline, target.id));
  earlier_month_open := array(
    select q.id from public.quinielas q where q.id = any (earlier_month_rounds) and not q.results_saved);

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
  ), friends as (
    -- Every friend of a referrer who played this round.
    select f.id as referred_id, f.referred_by as referrer_id, f.username
    from public.profiles f
    join played pl on pl.user_id = f.referred_by
    where f.id <> f.referred_by
  ), friends_and_referrers as (
    select fr.referred_id as user_id from friends fr union select fr.referrer_id from friends fr
  ), earlier_rounds as materialized (
    select q.id, q.deadline from public.quinielas q where (q.deadline, q.id) < (target.deadline, target.id)
  ), rounds_played as materialized (
    -- The rounds up to this one that those friends and their referrers played: score rows of
    -- the finalized ones, picks of open earlier ones, this round's tally. A referral is credited
    -- no later than this round, so later rounds never matter. Each player's score rows are read
    -- from his range of the primary key (a subquery per player), never by scanning everyone's.
    select u.user_id, er.id, er.deadline
    from friends_and_referrers u
    cross join lateral unnest(array(select es.quiniela_id from public.scores es where es.user_id = u.user_id)) s(quiniela_id)
    join earlier_rounds er on er.id = s.quiniela_id
    union all
    select distinct x.user_id, q.id, q.deadline
    from friends_and_referrers u
    join public.picks x on x.user_id = u.user_id
    join public.quinielas q on q.id = x.quiniela_id
    where cardinality(earlier_open_rounds) > 0 and x.quiniela_id = any (earlier_open_rounds)
    union all
    select pl.user_id, target.id, target.deadline
    from played pl
    where pl.user_id in (select u.user_id from friends_and_referrers u)
  ), first_rounds as (
    -- The round each friend played first.
    select distinct on (rp.user_id) rp.user_id, rp.id, rp.deadline
    from rounds_played rp
    where rp.user_id in (select fr.referred_id from friends fr)
    order by rp.user_id, rp.deadline, rp.id
  ), credited as (
    -- A referral is credited in the referrer's first round at or after his friend's first.
    select distinct on (fr.referred_id) fr.referrer_id, fr.referred_id, fr.username,
           fst.id as first_round, fst.deadline as first_deadline, rp.id as award_round, rp.deadline as award_deadline
    from friends fr
    join first_rounds fst on fst.user_id = fr.referred_id
    join rounds_played rp on rp.user_id = fr.referrer_id and (rp.deadline, rp.id) >= (fst.deadline, fst.id)
    order by fr.referred_id, rp.deadline, rp.id
  ), referrals as (
    -- Kept when that round is in this month (none is after this round), numbered in the
    -- order they were credited for the monthly cap.
    select c.referrer_id, c.referred_id, c.username, c.award_round,
           row_number() over (partition by c.referrer_id
                              order by c.award_deadline, c.award_round, c.first_deadline, c.first_round, c.referred_id) as nth
    from credited c
    where c.award_deadline >= target_month
  ), awards as (
    select r.*, r.nth <= referral_cap as granted from referrals r where r.award_round = target.id
  ), referral_bonuses as (
    select a.referrer_id, count(*)::int * referral_points as points,
           jsonb_agg(jsonb_build_object('kind', 'referral', 'label', referral_label, 'points', referral_points,
                                        'referred_id', a.referred_id, 'username', a.username)
                     order by a.username, a.referred_id) as bonuses
    from awards a where a.granted group by a.referrer_id
  ), previous_players as (
    -- Who played the previous round: its score rows once it is finalized, else its picks.
    select es.user_id from public.scores es where previous_finalized and es.quiniela_id = previous_round
    union all
    select distinct x.user_id from public.picks x where not previous_finalized and x.quiniela_id = previous_round
  ), month_played as (
    -- How many of the month's earlier rounds each player played (last round of the month only):
    -- score rows of the finalized ones (an open round has none), picks of the open ones.
    select r.user_id, count(*)::int as rounds
    from (select es.user_id from public.scores es
          where target.is_last_of_month and es.quiniela_id = any (earlier_month_rounds)
          union all
          select o.user_id from (select distinct x.quiniela_id, x.user_id from public.picks x
                                 where target.is_last_of_month and x.quiniela_id = any (earlier_month_open)) o) r
    group by r.user_id
  ), open_players as (
    -- Players of earlier rounds not finalized yet (usually no such round).
    select distinct x.user_id from public.picks x where x.quiniela_id = any (earlier_open_rounds)
  ), scored as materialized (
    -- Materialized: each flag is computed once per player, not once per use below.
    select pl.user_id, pl.correct, bs.special, bs.underdog, pl.bonus_mask,
           coalesce(pt.table_points, 0) as table_points,
           coalesce(pt.base_points, 0) as base_points,
           pp.user_id is not null as streak,
           target.is_last_of_month and coalesce(mp.rounds, 0) = cardinality(earlier_month_rounds) as full_month,
           -- First round ever: no earlier round played. The previous round settles it for almost
           -- everyone, then open rounds' players; only the rest are looked up in score rows.
           pp.user_id is null and op.user_id is null
             and not exists (
               select 1 from public.scores es join public.quinielas q on q.id = es.quiniela_id
               where es.user_id = pl.user_id and (q.deadline, q.id) < (target.deadline, target.id)) as welcome,
           coalesce(rb.points, 0) as referral_total,
           coalesce(rb.bonuses, '[]') as referral_bonuses
    from played pl
    join bonus_sets bs on bs.mask = pl.bonus_mask
    left join points_table pt on pt.correct = pl.correct
    left join referral_bonuses rb on rb.referrer_id = pl.user_id
    left join previous_players pp on pp.user_id = pl.user_id
    left join month_played mp on mp.user_id = pl.user_id
    left join open_players op on op.user_id = pl.user_id
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
    -- Unchanged rows keep their updated_at: re-running gives identical rows. A plain insert (no
    -- ON CONFLICT, a third of the insert's cost): no other score row of this round can commit
    -- after this statement's snapshot, as every other writer of scores locks the round
    -- (internal.check_score_keys, FOR KEY SHARE) and this function holds it FOR UPDATE.
    insert into public.scores (user_id, quiniela_id, correct, points, bonuses)
    -- In key order: 100,000 inserts walk the primary key's pages once instead of at random.
    select c.user_id, target.id, c.correct, c.points, c.bonuses from changes c where c.is_new order by c.user_id
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
