-- TOPIC 180_round_changes
-- What a change to a round (public.quinielas) sets off, in order, in one place (issue 43).
-- PostgreSQL fires a table's triggers of one timing in the alphabetical order of their names,
-- and finalizing once relied on a trigger of 140_pro.sql (quinielas_fix_pro_payout) sorting
-- before one of 070_scoring.sql (quinielas_score_round). Now a round has one trigger before an
-- update and one after it, each calling the steps (which live with their topic) in the order
-- written below. tests/api/round-changes.test.ts fails when a trigger is added to quinielas
-- anywhere else or the steps change order.
--
-- Finalizing (results_saved false → true; public.run_finalization_step's 'scores' step):
--   before: 1. a due round is sealed (the job may not have run yet), 2. its picks are checked
--              against the seal (090_seals.sql);
--   after:  3. the Pro pool and payout are fixed (140_pro.sql), 4. the round is scored
--              (070_scoring.sql), which moves the monthly standings (080_standings.sql).
-- Moving a deadline:
--   before: 1. a sealed round's deadline never moves to a moment that has not come (090_seals.sql);
--   after:  2. a finalized round is scored again, and every finalized round from the earlier of
--              the two deadlines on (streak, welcome, full-month and referral bonuses follow the
--              order of played rounds), 3. the standings of both months are recomputed.
-- Reopening (results_saved true → false) scores the round again, which removes its scores;
-- flipping is_last_of_month on a finalized round re-scores it.
-- Deleting a round drops its scores (070_scoring.sql) and its queued notices
-- (130_notifications.sql): two statement triggers whose order does not matter.

set check_function_bodies = off;

create function internal.before_round_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.results_saved and not old.results_saved then
    -- 1. Never before the deadline (for an API caller), 2. seal a due round, 3. check its picks
    -- against the seal.
    perform internal.refuse_early_finalization(new.deadline);
    if new.deadline <= now() then
      perform internal.seal_round(new.id);
    end if;
    perform internal.assert_round_seal_intact(new.id);
  end if;
  if new.deadline is distinct from old.deadline then
    -- A sealed round stays closed.
    perform internal.keep_sealed_round_closed(new.id, new.deadline);
  end if;
  return new;
end
$$;
comment on function internal.before_round_update() is
  'Trigger: before a round changes, in order: finalizing is refused before the deadline to API callers, seals a due round and checks the seal; a moved deadline keeps a sealed round closed.';
revoke execute on function internal.before_round_update() from public;

create function internal.after_round_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  later bigint;
begin
  -- 1. Finalizing fixes the Pro pool and payout, before anything else reads the round as final.
  if new.results_saved and not old.results_saved then
    perform internal.fix_pro_payout(new.id);
  end if;
  -- 2. Scores: finalized, reopened, made last of the month or moved while finalized.
  if new.results_saved is distinct from old.results_saved
     or (new.results_saved and new.is_last_of_month is distinct from old.is_last_of_month)
     or (new.results_saved and new.deadline is distinct from old.deadline) then
    perform public.score_round(new.id);
  end if;
  if new.deadline is distinct from old.deadline then
    -- 3. A moved round someone played changes who "played the round before" later rounds.
    if exists (select 1 from public.picks where quiniela_id = new.id) then
      for later in
        select q.id from public.quinielas q
        where q.results_saved and q.id <> new.id and q.deadline >= least(old.deadline, new.deadline)
        order by q.deadline, q.id
      loop
        perform public.score_round(later);
      end loop;
    end if;
    -- 4. The standings of the month it left and the month it joined.
    if exists (select 1 from public.scores where quiniela_id = new.id) then
      perform public.refresh_monthly_standings(extract(year from d)::int, extract(month from d)::int)
      from (select distinct date_trunc('month', public.mx_time(x)) as d from unnest(array[old.deadline, new.deadline]) x) t;
    end if;
  end if;
  return null;
end
$$;
comment on function internal.after_round_update() is
  'Trigger: after a round changes, in order: finalizing fixes the Pro payout; the round (and what a moved deadline affects) is scored; a moved round''s months are recomputed.';
revoke execute on function internal.after_round_update() from public;

create trigger quinielas_before_update before update of results_saved, deadline on public.quinielas
  for each row execute function internal.before_round_update();

create trigger quinielas_after_update after update of results_saved, is_last_of_month, deadline on public.quinielas
  for each row execute function internal.after_round_update();
