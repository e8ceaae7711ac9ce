-- The round chat's rules that a policy cannot express: a clear Spanish refusal of blank and
-- over-long messages (the table's check constraint stays as the last word), the server's own
-- timestamp on every message a client posts, and at most one message every 3 seconds per player.
-- The insert policy (as himself, in a round not finalized) is left as it is.

create function public.check_chat_message() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.message is null or btrim(new.message, E' \t\r\n\u00a0') = '' then
    raise exception 'Escribe un mensaje antes de enviarlo.' using errcode = '23514';
  end if;
  if char_length(new.message) > 500 then
    raise exception 'Tu mensaje es muy largo: máximo 500 caracteres.' using errcode = '23514';
  end if;
  -- The rate limit's clock and the chat's order are the server's, never the client's. The seed
  -- and the service role write history with its own times.
  if current_user in ('anon', 'authenticated') then
    new.created_at := now();
  end if;
  return new;
end
$$;
comment on function public.check_chat_message() is
  'Trigger (before insert): refuses blank and over-long chat messages in Spanish (23514) and stamps created_at for API roles.';
revoke execute on function public.check_chat_message() from public, anon, authenticated;

create trigger chat_messages_check before insert on public.chat_messages
  for each row execute function public.check_chat_message();

-- After the insert, so the policies have already spoken: a message in someone else's name or in
-- a finalized round is refused as such (42501), never as "too fast".
create function public.limit_chat_rate() returns trigger
language plpgsql set search_path = ''
as $$
begin
  -- Only what players post through the API is throttled.
  if current_user not in ('anon', 'authenticated') then
    return null;
  end if;
  -- Serialises one player's concurrent posts: the second waits for the first to commit, then
  -- sees it (each query in a function takes a fresh snapshot under read committed).
  perform pg_advisory_xact_lock(hashtextextended('chat_messages:' || new.user_id::text, 0));
  if exists (
    select 1 from public.chat_messages m
    where m.user_id = new.user_id and m.id <> new.id and m.created_at > new.created_at - interval '3 seconds'
  ) then
    raise exception 'Espera unos segundos antes de enviar otro mensaje.'
      using errcode = 'QZ429', hint = 'Un mensaje cada 3 segundos.';
  end if;
  return null;
end
$$;
comment on function public.limit_chat_rate() is
  'Trigger (after insert): one chat message per player every 3 seconds, across rounds; refuses with errcode QZ429.';
revoke execute on function public.limit_chat_rate() from public, anon, authenticated;

create trigger chat_messages_rate_limit after insert on public.chat_messages
  for each row execute function public.limit_chat_rate();

-- The rate limit's lookup: a player's latest messages. Also serves the user_id foreign key.
create index chat_messages_user_id_created_at_idx on public.chat_messages (user_id, created_at desc);
drop index public.chat_messages_user_id_idx;
