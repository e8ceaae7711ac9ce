-- The poll's results: how many voted for each option, and its share, shown to a player once he
-- has voted (and to admins). Definer because players read only their own votes; it returns
-- counts, never who voted what, and the text answers stay with the admins.
create function public.get_poll_results(poll_id_input bigint)
returns table (option text, votes int, percent int)
language sql stable security definer set search_path = ''
as $$
  with poll as (
    select p.id, p.options from public.polls p
    where p.id = poll_id_input
      and ((select public.is_admin())
           or (p.is_active and exists (select 1 from public.poll_votes v where v.poll_id = p.id and v.user_id = (select auth.uid()))))
  ), counted as (
    select o.option, o.ord, count(v.id)::int as votes
    from poll, unnest(poll.options) with ordinality as o(option, ord)
    left join public.poll_votes v on v.poll_id = poll_id_input and v.option = o.option
    group by o.option, o.ord
  )
  select c.option, c.votes,
         -- Whole percentages of the votes that chose an option (text-only answers do not count).
         case when sum(c.votes) over () = 0 then 0 else round(100.0 * c.votes / sum(c.votes) over ())::int end
  from counted c
  order by c.ord
$$;
comment on function public.get_poll_results(bigint) is 'Votes and whole percentages per option of a poll, for a player who voted on it (active polls) and for admins.';
revoke execute on function public.get_poll_results(bigint) from public, anon;
grant execute on function public.get_poll_results(bigint) to authenticated, service_role;
