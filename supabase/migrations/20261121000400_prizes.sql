-- Prize splits from the prizes table (docs/product.md#prizes-and-ties). Tied players share the sum of
-- the prizes of the places they occupy, split evenly and rounded to centavos; a tie crossing
-- the last paid place shares only the paid places. Nobody wins with 0 points.
-- Plain SQL, security invoker: scores, standings, prizes and public_profiles are public.

create function public.get_monthly_prizes(month_input int, year_input int)
returns table (user_id uuid, username text, rank int, amount_mxn numeric)
language sql stable
as $$
  with paid as (
    select pr.place, pr.amount_mxn from public.prizes pr where pr.kind = 'monthly'
  ), winners as (
    select s.user_id, s.rank_total, count(*) over (partition by s.rank_total) as tied
    from public.monthly_standings s
    where s.year = year_input and s.month = month_input and s.total_points > 0
      and s.rank_total <= (select max(place) from paid)
  )
  select w.user_id, p.username, w.rank_total,
         round(coalesce((select sum(pd.amount_mxn)::numeric from paid pd where pd.place between w.rank_total and w.rank_total + w.tied - 1), 0)
               / w.tied, 2)
  from winners w
  join public.public_profiles p on p.id = w.user_id
  order by w.rank_total, p.username
$$;
comment on function public.get_monthly_prizes(int, int) is 'Monthly prizes of a Mexico City month: top places from prizes(kind monthly), ties share their places evenly.';
revoke execute on function public.get_monthly_prizes(int, int) from public;
grant execute on function public.get_monthly_prizes(int, int) to anon, authenticated, service_role;

create function public.get_round_prizes(quiniela_id_input bigint)
returns table (user_id uuid, username text, kind text, amount_mxn numeric)
language sql stable
as $$
  with round as (
    select q.id, (select count(*) from public.matches m where m.quiniela_id = q.id) as match_count
    from public.quinielas q where q.id = quiniela_id_input and q.results_saved
  ), round_scores as (
    select s.* from public.scores s join round r on r.id = s.quiniela_id
  ), weekly as (
    -- The round's best score (points with bonuses) wins; the best players share place 1..k.
    select s.user_id, count(*) over () as tied
    from round_scores s
    where s.points > 0 and s.points = (select max(points) from round_scores)
  ), perfect as (
    select s.user_id, count(*) over () as tied
    from round_scores s join round r on true
    where r.match_count > 0 and s.correct = r.match_count
  ), winners as (
    select w.user_id, 'weekly' as kind,
           round(coalesce((select sum(pr.amount_mxn)::numeric from public.prizes pr where pr.kind = 'weekly' and pr.place <= w.tied), 0) / w.tied, 2) as amount
    from weekly w
    union all
    select pf.user_id, 'perfect',
           round(coalesce((select sum(pr.amount_mxn)::numeric from public.prizes pr where pr.kind = 'perfect'), 0) / pf.tied, 2)
    from perfect pf
  )
  select w.user_id, p.username, w.kind, w.amount
  from winners w join public.public_profiles p on p.id = w.user_id
  order by w.kind desc, p.username
$$;
comment on function public.get_round_prizes(bigint) is 'A finalized round''s prizes: weekly best score (ties share) and the perfect-round prize split among all perfect players.';
revoke execute on function public.get_round_prizes(bigint) from public;
grant execute on function public.get_round_prizes(bigint) to anon, authenticated, service_role;
