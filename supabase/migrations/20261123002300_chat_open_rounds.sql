-- Chat only in rounds not yet finalized (shared/spec/decisions.md, "Chat"): once results are
-- saved the round's conversation is closed, for players and admins alike (admins may still
-- remove messages).

drop policy "Players post as themselves" on public.chat_messages;
create policy "Players post as themselves in rounds not finalized" on public.chat_messages for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and exists (select 1 from public.quinielas q where q.id = quiniela_id and not q.results_saved)
  );
