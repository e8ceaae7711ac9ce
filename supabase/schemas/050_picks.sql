-- TOPIC 050_picks

set check_function_bodies = off;

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
alter table public.picks enable row level security;
comment on table public.picks is 'One pick per player per match. Written by the player while the round is open; read back only by him (and admins).';
revoke all on table public.picks from anon, authenticated;
grant select on table public.picks to authenticated;
grant update (match_id, quiniela_id, result, user_id), insert (match_id, quiniela_id, result, user_id) on table public.picks to authenticated;

create index picks_quiniela_id_user_id_idx on public.picks (quiniela_id, user_id);

create index picks_match_id_idx on public.picks (match_id);

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

-- quiniela_id is denormalised for the round-level calls; it must be the match's round, or a
-- pick could be filed under an open round while belonging to a closed one.
-- The two checks that a pick is filed under its match's round answered in English with internal
-- ids ('quiniela_id 14 is not the round of match 269'). The app never sends such a pick, but a
-- refusal a player can cause reads in Spanish (docs/product.md, messages). Same rules, same code.
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
    raise exception 'Ese partido no es de esta quiniela.' using errcode = '23514';
  end if;
  return new;
end
$$;
comment on function public.set_pick_round() is 'Trigger: fills or checks quiniela_id against the match''s round.';
revoke execute on function public.set_pick_round() from public, anon, authenticated;

-- A pick, a Pro pick or a Boost answer counts only if it COMMITS before its deadline (or lock).
-- The policies compare with now(), which is the transaction's start: an attack sent a 700 MB
-- upsert that began a second before the deadline, was still parsing when the round was sealed,
-- and committed twelve seconds later, so the round's picks no longer matched its seal and the
-- round could never be finalized (issue 27). The policies stay as the early refusal; this is the
-- check that decides, and it runs at commit (a deferred constraint trigger) against the clock.
--
-- Writers and the referee serialise on the round's (or game's) row: at commit the writer takes
-- FOR KEY SHARE on it before reading the clock, and the seal (seal_round) and Boost scoring
-- (score_daily_game) take FOR UPDATE on the same row before reading the picks. So either the
-- writer's check runs first, and the seal waits until he has committed (his pick is sealed), or
-- the seal runs first, and the writer's check sees the clock past the deadline and refuses.
-- Refusals are 42501, like the policies', so the app shows them as "the round closed".
-- Only players' writes are checked (roles anon and authenticated by the request's JWT); the
-- service role and the database owner (seed, admin SQL) write history freely, as before.
create function internal.check_round_open_at_commit() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  closes timestamptz;
  finalized boolean;
begin
  if coalesce((select auth.role()), '') not in ('anon', 'authenticated') then
    return null;
  end if;
  select q.deadline, q.results_saved into closes, finalized
    from public.quinielas q where q.id = new.quiniela_id for key share;
  if closes is null or finalized or clock_timestamp() >= closes then
    raise exception 'La quiniela ya cerró: tu predicción no llegó antes del cierre.'
      using errcode = '42501', hint = 'The deadline is checked at commit against the database clock.';
  end if;
  return null;
end
$$;
comment on function internal.check_round_open_at_commit() is
  'Deferred trigger: a player''s pick or Pro pick commits only before its round''s deadline (clock at commit, serialised with the seal by the round''s row lock). Definer to lock the round.';
revoke execute on function internal.check_round_open_at_commit() from public;

create function internal.check_boost_open_at_commit() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  locks timestamptz;
begin
  if coalesce((select auth.role()), '') not in ('anon', 'authenticated') then
    return null;
  end if;
  select g.lock_date into locks from public.daily_games g where g.id = new.daily_game_id for key share;
  if locks is null or clock_timestamp() >= locks then
    raise exception 'Este Boost ya cerró: tu respuesta no llegó antes del cierre.'
      using errcode = '42501', hint = 'The lock is checked at commit against the database clock.';
  end if;
  return null;
end
$$;
comment on function internal.check_boost_open_at_commit() is
  'Deferred trigger: a Boost answer commits only before its game''s lock (clock at commit, serialised with scoring by the game''s row lock). Definer to lock the game.';
revoke execute on function internal.check_boost_open_at_commit() from public;

create trigger picks_set_round before insert or update of match_id, quiniela_id on public.picks
  for each row execute function public.set_pick_round();

create trigger picks_set_updated_at before update on public.picks
  for each row execute function public.set_updated_at();

create constraint trigger picks_round_open_at_commit after insert or update on public.picks
  deferrable initially deferred
  for each row execute function internal.check_round_open_at_commit();
