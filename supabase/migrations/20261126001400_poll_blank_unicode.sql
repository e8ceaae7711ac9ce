-- A poll's text answer made only of characters that show nothing (zero-width spaces, an
-- ideographic space…) was stored: the rule "trimmed, non-empty" (docs/product.md) stripped only
-- ASCII white space, as the chat's did before 20261126000500_chat_blank_unicode.sql. The set of
-- such characters now lives in one function, used by the chat's trigger and the poll's check
-- (src/lib/shows-nothing.ts is the app's copy; tests/api/shows-nothing.test.ts holds the two to
-- the same answer for every character of the BMP).
create function public.shows_nothing(t text) returns boolean
language sql immutable parallel safe set search_path = ''
as $$
  -- Unicode's White_Space, the zero-width and other invisible format characters, and the
  -- letters that render as nothing (Hangul fillers, the blank Braille pattern).
  select t ~ '^[\u0009-\u000D\u0020\u0085\u00A0\u00AD\u034F\u115F\u1160\u1680\u180E\u2000-\u200F\u2028-\u202F\u205F-\u2064\u2800\u3000\u3164\uFEFF\uFFA0]*$'
$$;
comment on function public.shows_nothing(text) is 'True when a text is empty or made only of characters that show nothing.';
-- In public, not internal: the chat's trigger runs as the player and finds it by name. A pure
-- function of its argument, harmless as /rpc/shows_nothing.
grant execute on function public.shows_nothing(text) to anon, authenticated;

create or replace function public.check_chat_message() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.message is null or public.shows_nothing(new.message) then
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

-- NOT VALID: new answers only; the history stays as it is.
alter table public.poll_votes
  add constraint poll_votes_text_shows_something check (text_answer is null or not public.shows_nothing(text_answer)) not valid;
