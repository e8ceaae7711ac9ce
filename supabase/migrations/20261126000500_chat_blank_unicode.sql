-- A chat message made only of characters that show nothing (an ideographic space U+3000, an em
-- space, a zero-width space, a line separator, a Hangul filler, a blank Braille cell…) was
-- accepted as text: the rule "blank messages cannot be sent" (docs/product.md) stripped only
-- space, tab, CR, LF and U+00A0. src/features/chat/chat-model.ts repeats the character set to
-- answer before sending.
create or replace function public.check_chat_message() returns trigger
language plpgsql set search_path = ''
as $$
begin
  -- Blank: only Unicode's White_Space, the zero-width and other invisible format characters,
  -- and the letters that render as nothing (Hangul fillers, the blank Braille pattern), written
  -- with the regular expression's own \u escapes.
  if new.message is null
     or new.message ~ '^[\u0009-\u000D\u0020\u0085\u00A0\u00AD\u034F\u115F\u1160\u1680\u180E\u2000-\u200F\u2028-\u202F\u205F-\u2064\u2800\u3000\u3164\uFEFF\uFFA0]*$' then
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
