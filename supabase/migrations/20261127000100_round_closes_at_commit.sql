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
    raise exception 'La quiniela ya cerró: tu pick no llegó antes del cierre.'
      using errcode = '42501', hint = 'The deadline is checked at commit against the database clock.';
  end if;
  return null;
end
$$;
comment on function internal.check_round_open_at_commit() is
  'Deferred trigger: a player''s pick or Pro pick commits only before its round''s deadline (clock at commit, serialised with the seal by the round''s row lock). Definer to lock the round.';
revoke execute on function internal.check_round_open_at_commit() from public, anon, authenticated;

create constraint trigger picks_round_open_at_commit after insert or update on public.picks
  deferrable initially deferred
  for each row execute function internal.check_round_open_at_commit();
create constraint trigger paid_picks_round_open_at_commit after insert or update on public.paid_picks
  deferrable initially deferred
  for each row execute function internal.check_round_open_at_commit();

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
revoke execute on function internal.check_boost_open_at_commit() from public, anon, authenticated;

create constraint trigger daily_game_picks_open_at_commit after insert or update on public.daily_game_picks
  deferrable initially deferred
  for each row execute function internal.check_boost_open_at_commit();

-- The seal waits for writers instead of skipping a round they hold: seal_due_rounds skipped a
-- round whose row was locked, and a writer's FOR KEY SHARE above now is such a lock. Rounds are
-- sealed one at a time, each under its row lock (seal_round), so two runs still seal once.
create or replace function public.seal_due_rounds() returns int
language plpgsql volatile security definer set search_path = ''
as $$
declare
  due bigint;
  sealed int := 0;
begin
  for due in
    select q.id from public.quinielas q
    where q.deadline <= now() and not exists (select 1 from public.round_seals s where s.quiniela_id = q.id)
    order by q.deadline, q.id
  loop
    if internal.seal_round(due) then
      sealed := sealed + 1;
    end if;
  end loop;
  return sealed;
end
$$;
