-- TOPIC 085_prizes

set check_function_bodies = off;

-- Prize splits from the prizes table (docs/product.md#prizes-and-ties). Tied players share the sum of
-- the prizes of the places they occupy, split evenly and rounded to centavos; a tie crossing
-- the last paid place shares only the paid places. Nobody wins with 0 points.
-- Plain SQL, security invoker: scores, standings, prizes and public_profiles are public.
-- Reading its places (1–5) through
-- the total ranking's podium index, not the whole table. The podium is the ranking's first 100
-- rows by rank and name, so it holds every row ranked before its last rank: all the paid places
-- unless its last rank is itself paid (100 players tied within the places, the tie cut by name,
-- or places beyond 100, none today); then the month is read.
create function public.get_monthly_prizes(month_input int, year_input int)
returns table (user_id uuid, username text, rank int, amount_mxn numeric)
language sql stable
as $$
  with paid as (
    select max(pr.place) as places from public.prizes_for(make_date(year_input, month_input, 1)) pr where pr.kind = 'monthly'
  ), podium as (
    select count(*) >= 100 and max(s.rank_total) <= (select paid.places from paid) as short
    from public.monthly_standings_ranked s
    where s.year = year_input and s.month = month_input and s.podium_total
  ), placed as (
    select s.user_id, s.rank_total
    from public.monthly_standings_ranked s
    where not (select podium.short from podium)
      and s.year = year_input and s.month = month_input and s.podium_total and s.total_points > 0
      and s.rank_total <= (select paid.places from paid)
    union all
    select s.user_id, s.rank_total
    from public.monthly_standings_ranked s
    where (select podium.short from podium)
      and s.year = year_input and s.month = month_input and s.total_points > 0
      and s.rank_total <= (select paid.places from paid)
  ), winners as (
    select w.user_id, w.rank_total, count(*) over (partition by w.rank_total)::int as tied from placed w
  )
  select w.user_id, p.username, w.rank_total, public.prize_share('monthly', w.rank_total, w.tied, make_date(year_input, month_input, 1))
  from winners w
  join public.public_profiles p on p.id = w.user_id
  order by w.rank_total, p.username
$$;
comment on function public.get_monthly_prizes(int, int) is 'Monthly prizes of a Mexico City month: top places from prizes(kind monthly), ties share their places evenly.';
revoke execute on function public.get_monthly_prizes(month_input integer, year_input integer) from public;

create function public.get_round_prizes(quiniela_id_input bigint)
returns table (user_id uuid, username text, kind text, amount_mxn numeric)
language sql stable
as $$
  with round as (
    select q.id, (select count(*) from public.matches m where m.quiniela_id = q.id) as match_count,
           date_trunc('month', public.mx_time(q.deadline))::date as month
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
comment on function public.get_round_prizes(bigint) is 'A finalized round''s prizes: weekly best score (ties share) and the perfect-round prize split among all perfect players. Service role only (who pays the prizes).';
-- No screen shows a round's prize winners (issue 43): the rule is kept for whoever pays them (the
-- service role, a database session), and not served to visitors or players.
revoke execute on function public.get_round_prizes(quiniela_id_input bigint) from public, anon, authenticated;
