-- A round has no more matches than its points table has steps (0–12 correct today): a round of
-- 13 matches could be created, and then never scored — a player with 13 right broke the score's
-- check (correct between 0 and 12), so finalizing failed again and again and the round stayed
-- "esperando resultados" for good (an admin walkthrough, 2026-11-26). Refused at the first
-- match too many, with the message the admin form shows.
create function internal.limit_round_matches() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  most int;
begin
  -- The rules in force in the round's month (as score_round reads them).
  select max(pt.correct) into most
  from public.quinielas q
  cross join lateral public.points_table_for((date_trunc('month', q.deadline at time zone 'America/Mexico_City'))::date) pt
  where q.id = new.quiniela_id;
  -- match_order is unique per round and starts at 1, so the order caps the count.
  if new.match_order > coalesce(most, 12) then
    raise exception 'Una quiniela tiene como máximo % partidos.', coalesce(most, 12) using errcode = '23514';
  end if;
  return new;
end
$$;
comment on function internal.limit_round_matches() is 'Trigger: refuses a match past the last step of the round''s points table (23514, Spanish message). Definer to read the rules from any writer.';
revoke execute on function internal.limit_round_matches() from public, anon, authenticated;

create trigger matches_limit_per_round before insert or update of match_order, quiniela_id on public.matches
  for each row execute function internal.limit_round_matches();
