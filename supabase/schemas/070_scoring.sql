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

set check_function_bodies = off;

-- Round scores and the game's constants (points table, bonuses, prizes) as data, so the
-- scoring functions, the rules page and the prize splits read one source of truth.
-- A player's score for a finalized round. No foreign keys to profiles or quinielas: a deleted
-- round or player takes his scores with him by the triggers below (one statement, not a key
-- check per row: the referee writes 100,000 rows at once), as the cascades did.
create table public.scores (
  user_id uuid not null,
  quiniela_id bigint not null,
  correct int not null default 0 check (correct between 0 and 12),
  points int not null default 0 check (points >= 0),
  updated_at timestamptz not null default now(),
  bonuses jsonb not null default '[]' check (jsonb_typeof(bonuses) = 'array'),
  -- The scores' generated columns: up to four bonuses (nearly every score) spelled out with
  -- built-ins in the column's own expression; more go through internal.bonus_lines. No function
  -- execution per row. (The expression is stored resolved, so writers need no access to schema
  -- internal.)
  bonus_details text[] generated always as (
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
    else internal.bonus_lines(bonuses) end) stored,
  referral_points int generated always as (
    case when jsonb_array_length(bonuses) <= 4 then
      coalesce(case when bonuses->0->>'kind' = 'referral' then (bonuses->0->>'points')::int end, 0)
      + coalesce(case when bonuses->1->>'kind' = 'referral' then (bonuses->1->>'points')::int end, 0)
      + coalesce(case when bonuses->2->>'kind' = 'referral' then (bonuses->2->>'points')::int end, 0)
      + coalesce(case when bonuses->3->>'kind' = 'referral' then (bonuses->3->>'points')::int end, 0)
    else internal.bonus_points(bonuses, 'referral') end) stored,
  primary key (user_id, quiniela_id)
);
alter table public.scores enable row level security;
comment on table public.scores is 'A player''s score for a finalized round, with one Spanish line per bonus. Public: the leaderboard is public.';
comment on column public.scores.bonuses is 'Each bonus of the score: {kind, label, points, and what it refers to: match_ids, quiniela_id, referred_id/username, factor}.';
comment on column public.scores.bonus_details is 'One Spanish line per bonus, derived from bonuses.';
comment on column public.scores.referral_points is 'Points from referral bonuses, derived from bonuses.';
revoke all on table public.scores from anon, authenticated;
grant select on table public.scores to anon;
grant select, delete on table public.scores to authenticated;
grant update (bonuses, correct, points), insert (bonuses, correct, points, quiniela_id, user_id) on table public.scores to authenticated;

create index scores_quiniela_id_idx on public.scores (quiniela_id);

create policy "Everyone reads scores" on public.scores for select to anon, authenticated using (true);

create policy "Admins write scores" on public.scores for insert to authenticated with check ((select public.is_admin()));

create policy "Admins correct scores" on public.scores for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "Admins remove scores" on public.scores for delete to authenticated using ((select public.is_admin()));

-- Whether a pick counts as right: it names the match's result, or the match is void (no result,
-- ../shared/spec/decisions.md "Match day": postponed, suspended, cancelled or abandoned and not
-- played within 48 hours of its kick-off; matches.voided_at) and counts for everyone who picked
-- it, so 12 of 12 stays possible. The one source of this rule for the free game (score_round)
-- and Pro (140_pro.sql); the app's copy is pickCounts in src/lib/game/rounds.ts
-- (tests/api/rule-twins.test.ts). Bonuses (special, underdog) are paid only on a real result
-- (pick = result), never on a void match. Plain SQL without SET: inlined where it is used, so
-- scoring 100,000 players calls no function per pick.
create function public.pick_counts(pick text, result text, voided boolean) returns boolean
language sql immutable parallel safe
as $$
  select coalesce(pick = result, false) or (result is null and coalesce(voided, false) and pick is not null)
$$;
comment on function public.pick_counts(text, text, boolean) is
  'Whether a pick counts as right: it names the result, or the match is void (no result, voided) and it was picked.';

-- The referee: scores one finalized round for every player who played it. Definer because it
-- reads every player's picks (players may read only their own) and writes scores and
-- referral_tracking for everyone; it therefore checks the caller itself. The empty search_path
-- keeps a caller's objects from standing in for ours inside a definer function.
--
-- Built for 100,000 players (issues 8, 10 and 12):
-- * `played` aggregates the picks by hashing (no ORDER BY inside an aggregate, which forbids hash
--   aggregation); bonus matches are bits, the bonuses' JSON is built once per combination of
--   bonuses, and new score rows are written in key order with no per-row key checks.
-- * "Played an earlier round" (the streak, full-month and welcome bonuses) is read from score
--   rows: a finalized round has a score row for every player with picks in it (finalizing scores
--   the round, reopening removes its scores, and its picks are sealed after the deadline). Only
--   rounds not finalized yet (usually none: rounds are finalized in order) are read from the
--   picks, each once for all players. Looking a player up in the picks of every earlier round
--   hashed all the picks ever made (4.4 M rows in the scoring bench, 1.2 M more every week).
-- * Referrals: a referral is credited no later than the round being scored, so only rounds up to
--   it matter, and those are score rows, picks of an earlier round not finalized yet, and this
--   round's tally: read once, for all the friends and referrers together (not two lookups in a
--   friend's whole pick history per friend, one friend at a time).
-- * No ON CONFLICT on the new score rows: it made each of 100,000 inserts probe the key first and
--   insert speculatively (~0.25 s of ~0.8 s); the conflict cannot happen (see the insert below).
create function public.score_round(quiniela_id_input bigint) returns integer
language plpgsql volatile security definer set search_path = ''
-- 100,000 players' picks aggregate in memory instead of spilling to disk.
set work_mem = '64MB'
-- Restored at exit: the scoring statement below turns nested loops and merge joins off.
set enable_nestloop = on
set enable_mergejoin = on
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
  target_month := public.mx_instant(date_trunc('month', public.mx_time(target.deadline)));

  if not target.results_saved then
    -- An unfinalized round has no scores (an admin may reopen a round to fix it); the
    -- standings follow through the delete trigger.
    delete from public.scores where quiniela_id = target.id;
    return 0;
  end if;

  -- The rules in force for the round's month (public.bonuses_for), never today's.
  rules_month := public.mx_time(target_month)::date;
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

  -- The round's picks are read in one pass, in the table's order, and joined to its 12 matches
  -- by hashing. A round's matches are new rows the statistics have not seen (estimated at one),
  -- so the planner preferred walking the picks by match_id: each heap page read once per match
  -- (at 1,000,000 players 2.2 M page reads from outside PostgreSQL's cache, 21 s of a 65 s
  -- scoring; docs/performance.md, "A million players"). For this statement only: the referral
  -- update after it wants its key probes.
  perform set_config('enable_nestloop', 'off', true);
  perform set_config('enable_mergejoin', 'off', true);
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
    select m.id, m.correct_result, m.voided_at is not null as voided, coalesce(b.bit, 0) as bit
    from public.matches m left join bonus_matches b on b.id = m.id
    where m.quiniela_id = target.id
  ), played as materialized (
    -- No ORDER BY inside the aggregates: that would forbid hash aggregation and sort all
    -- 1.2 M picks. A void match counts as right (pick_counts) but pays no bonus: it has no
    -- result for a pick to equal.
    select p.user_id,
           count(*) filter (where public.pick_counts(p.result, rm.correct_result, rm.voided))::int as correct,
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
             'kind', 'special', 'label', 'Partido especial', 'points', bs.special, 'match_ids', bs.special_matches)) else '[]'::jsonb end
           || case when bs.underdog > 0 then jsonb_build_array(jsonb_build_object(
             'kind', 'underdog', 'label', 'Sorpresa', 'points', bs.underdog, 'match_ids', bs.underdog_matches)) else '[]'::jsonb end
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
           case when a.granted then public.mx_time(target_month)::date end, true
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
  perform set_config('enable_nestloop', 'on', true);
  perform set_config('enable_mergejoin', 'on', true);

  -- A friend who played a scored round has used his referral, credited or not yet.
  update public.referral_tracking rt set referral_used = true
  where not rt.referral_used
    and exists (select 1 from public.picks x where x.quiniela_id = target.id and x.user_id = rt.referred_id);

  perform set_config('quinielazo.defer_standings', 'off', true);
  perform set_config('quinielazo.score_keys_held', 'off', true);
  -- The month's standings move by this round's change alone (a player who left the round gives
  -- back his old points): applied and re-ranked once, instead of re-aggregating the month.
  perform internal.apply_standings_delta(
    extract(year from public.mx_time(target.deadline))::int,
    extract(month from public.mx_time(target.deadline))::int,
    changed_users, point_changes, array_fill(0, array[cardinality(changed_users)]), referral_changes, left_users);
  return players;
end
$$;
comment on function public.score_round(bigint) is
  'Scores a finalized round for every player who played it with the rules in force in its month (table points, ×multiplier on the last round of the month, special, underdog, streak, full month, welcome, referrals); idempotent. Admins, service role, database sessions.';
revoke execute on function public.score_round(quiniela_id_input bigint) from public, anon;

-- A round's own changes (finalized, moved, made last of the month) re-score it from
-- supabase/schemas/180_round_changes.sql, where every step of a change to a round is in order.

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
      and (n.correct_result, n.voided_at, n.special_bonus_points, n.underdog_bonus_points, n.underdog_bonus_side, n.quiniela_id)
          is distinct from (o.correct_result, o.voided_at, o.special_bonus_points, o.underdog_bonus_points, o.underdog_bonus_side, o.quiniela_id)
  loop
    perform public.score_round(changed);
    -- Then the players a corrected result changed are told, with their points as now scored
    -- (170_match_day.sql).
    perform internal.queue_correction_notices(changed);
  end loop;
  return null;
end
$$;
comment on function public.score_round_after_match_change() is 'Trigger: re-scores a finalized round when a result, void or bonus of one of its matches changes, then tells the players a corrected result changed.';
revoke execute on function public.score_round_after_match_change() from public, anon, authenticated;

create function internal.drop_scores_of_deleted_games() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  delete from public.daily_scores s using gone g where s.daily_game_id = g.id;
  return null;
end
$$;
comment on function internal.drop_scores_of_deleted_games() is 'Trigger: a deleted Boost game takes its scores with it.';
revoke execute on function internal.drop_scores_of_deleted_games() from public;

-- A deleted player takes his derived rows with him (they keep no foreign key to profiles): his
-- scores, Boost points, standings and notices, in one statement.
create function internal.drop_rows_of_deleted_players() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  podium_months int[];
begin
  delete from public.scores s using gone g where s.user_id = g.id;
  delete from public.daily_scores s using gone g where s.user_id = g.id;
  -- A podium that loses a player takes the next one in its order.
  with removed as (
    delete from public.monthly_standings ms using gone g where ms.user_id = g.id
    returning ms.year * 100 + ms.month as year_month, ms.podium_total or ms.podium_weekly or ms.podium_daily as on_podium
  )
  select array(select distinct r.year_month from removed r where r.on_podium) into podium_months;
  perform internal.place_podiums(ym / 100, ym % 100) from unnest(podium_months) ym;
  delete from public.notification_outbox o using gone g where o.user_id = g.id;
  return null;
end
$$;
comment on function internal.drop_rows_of_deleted_players() is
  'Trigger: a deleted profile takes his Boost scores, standings and notices with him (those tables keep no row-by-row foreign key, for write speed).';
revoke execute on function internal.drop_rows_of_deleted_players() from public;

-- The referee at 100,000 players, faster with the same results (issues 8 and 12):
--  * Player keys of derived score rows without 100,000 row locks. A foreign key (or the
--    earlier per-statement check) locks every referenced profile FOR KEY
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
revoke execute on function internal.hold_players_for_deletion() from public;

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
revoke execute on function internal.hold_score_keys() from public;

-- The keys of a score table (daily_scores, scores), checked and locked once per statement: the
-- rows' round or game (arguments: its table, the key column, the Spanish detail) and their
-- players exist, locked FOR KEY SHARE as a foreign key locks them. Skipped for a referee that holds them already (hold_score_keys).
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
revoke execute on function internal.check_score_keys() from public;

create function internal.drop_scores_of_deleted_rounds() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  delete from public.scores s using gone g where s.quiniela_id = g.id;
  return null;
end
$$;
comment on function internal.drop_scores_of_deleted_rounds() is 'Trigger: a deleted round takes its scores with it.';
revoke execute on function internal.drop_scores_of_deleted_rounds() from public;

-- The player of a score for PostgREST's embedding (scores?select=…,profile(username,email)),
-- which the foreign key used to give: a computed relationship, one row.
create function public.profile(public.scores) returns setof public.profiles
language sql stable rows 1 set search_path = ''
as $$
  select p.* from public.profiles p where p.id = $1.user_id
$$;
comment on function public.profile(public.scores) is 'Computed relationship: the player of a score (embedding only).';
revoke execute on function public.profile(scores) from public, anon, authenticated;

create trigger scores_set_updated_at before update on public.scores
  for each row execute function public.set_updated_at();

create trigger matches_rescore after update on public.matches
  referencing new table as new_rows old table as old_rows
  for each statement execute function public.score_round_after_match_change();

create trigger profiles_drop_derived_rows after delete on public.profiles
  referencing old table as gone for each statement execute function internal.drop_rows_of_deleted_players();

create trigger profiles_hold_players before delete on public.profiles
  for each statement execute function internal.hold_players_for_deletion();

create trigger scores_keys_insert after insert on public.scores
  referencing new table as new_rows for each statement
  execute function internal.check_score_keys('quinielas', 'quiniela_id', 'Una quiniela de estos puntos no existe.');

create trigger scores_keys_update after update on public.scores
  referencing new table as new_rows for each statement
  execute function internal.check_score_keys('quinielas', 'quiniela_id', 'Una quiniela de estos puntos no existe.');

create trigger quinielas_drop_scores after delete on public.quinielas
  referencing old table as gone for each statement execute function internal.drop_scores_of_deleted_rounds();
