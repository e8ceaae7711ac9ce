-- A finalized round keeps a result for every match. Clearing one on the results screen was saved
-- and re-scored the round at once (every pick of that match became a miss) while the round stayed
-- "finalizada" with a result missing, which the round states do not allow (docs/product.md: with
-- some missing the round stays unfinalized) — found in an admin walkthrough, 2026-11-26. A
-- correction writes the right result; a result is cleared only after reopening the round.
create function internal.keep_finalized_results() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.correct_result is null and old.correct_result is not null
     and exists (select 1 from public.quinielas q where q.id = new.quiniela_id and q.results_saved) then
    raise exception 'Esta quiniela ya está finalizada: escribe el resultado correcto en lugar de borrarlo.'
      using errcode = '23514';
  end if;
  return new;
end
$$;
comment on function internal.keep_finalized_results() is 'Trigger: refuses clearing a result of a finalized round (23514, Spanish message). Definer to read the round from any writer.';
revoke execute on function internal.keep_finalized_results() from public, anon, authenticated;

create trigger matches_keep_finalized_results before update of correct_result on public.matches
  for each row execute function internal.keep_finalized_results();
