-- A player's pick per match. The fairness rules live here: own picks only, only while the
-- round is open by the database clock, and no reading of other players' picks through the API
-- (after the deadline only aggregates such as get_vote_stats expose them).

create table public.picks (
  user_id uuid not null references public.profiles (id) on delete cascade,
  match_id bigint not null references public.matches (id) on delete cascade,
  quiniela_id bigint not null references public.quinielas (id) on delete cascade,
  result text not null check (result in ('Local', 'Empate', 'Visita')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (user_id, match_id)
);
comment on table public.picks is 'One pick per player per match. Written by the player while the round is open; read back only by him (and admins).';
create index picks_quiniela_id_user_id_idx on public.picks (quiniela_id, user_id);
create index picks_match_id_idx on public.picks (match_id);

-- quiniela_id is denormalised for the round-level calls; it must be the match's round, or a
-- pick could be filed under an open round while belonging to a closed one.
create function public.set_pick_round() returns trigger
language plpgsql set search_path = ''
as $$
declare
  match_round bigint;
begin
  select quiniela_id into match_round from public.matches where id = new.match_id;
  if new.quiniela_id is null then
    new.quiniela_id := match_round;
  elsif new.quiniela_id is distinct from match_round then
    raise exception 'quiniela_id % is not the round of match %', new.quiniela_id, new.match_id
      using errcode = '23514';
  end if;
  return new;
end
$$;
comment on function public.set_pick_round() is 'Trigger: fills or checks quiniela_id against the match''s round.';
revoke execute on function public.set_pick_round() from public, anon, authenticated;

create trigger picks_set_round before insert or update of match_id, quiniela_id on public.picks
  for each row execute function public.set_pick_round();
create trigger picks_set_updated_at before update on public.picks
  for each row execute function public.set_updated_at();

alter table public.picks enable row level security;
revoke all on table public.picks from anon, authenticated;
grant select, insert, update on table public.picks to authenticated;
grant all on table public.picks to service_role;

create policy "Players read their own picks and admins read all"
  on public.picks for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));
create policy "Players insert their own picks while the round is open"
  on public.picks for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and exists (select 1 from public.quinielas q where q.id = quiniela_id and now() < q.deadline and not q.results_saved)
  );
create policy "Players change their own picks while the round is open"
  on public.picks for update to authenticated
  using (
    user_id = (select auth.uid())
    and exists (select 1 from public.quinielas q where q.id = quiniela_id and now() < q.deadline and not q.results_saved)
  )
  with check (
    user_id = (select auth.uid())
    and exists (select 1 from public.quinielas q where q.id = quiniela_id and now() < q.deadline and not q.results_saved)
  );
