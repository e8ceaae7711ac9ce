-- Usernames (shared/spec/decisions.md, "Usernames"): trimmed and NFKC-normalised; 3–20
-- characters, each a letter, a digit, `_`, `.` or `-`; unique ignoring case. One rule in the
-- database, used by the profile trigger, the sign-up chain, the sign-up hook and check_username
-- (the forms ask it), so nothing can store a name the rule refuses.
--
-- "Letters" are Latin letters: ASCII and the accented Latin of U+00C0–U+017F (á, ñ, ü, ç, ø, ł…)
-- without × and ÷. Cyrillic or Greek look-alikes ("Аna" with a Cyrillic А) would let one player
-- pass for another on the leaderboard, and no control, zero-width or other invisible character
-- is in the set, so none can be part of a name. Case is folded with the pg_c_utf8 collation
-- (Unicode simple case mapping), so "ÁNA" and "ána" are one name whatever the database locale.

create function public.normalize_username(name text) returns text
language sql immutable parallel safe set search_path = ''
as $$
  -- NFKC first: it turns no-break and other wide spaces into plain spaces, which are then trimmed.
  select btrim(normalize(name, NFKC), E' \t\n\r\f\v')
$$;
comment on function public.normalize_username(text) is 'A username as stored: NFKC-normalised and trimmed.';
-- Players need it: the profile trigger and check constraint run as the writer.
revoke execute on function public.normalize_username(text) from public, anon;
grant execute on function public.normalize_username(text) to authenticated, service_role;

-- null when the name is acceptable; otherwise why not: too_long, invalid (a character outside
-- the set) or too_short. Length first, so a huge input is refused before the pattern runs.
create function public.username_problem(name text) returns text
language sql immutable parallel safe set search_path = ''
as $$
  select case
    when n is null then 'too_short'
    when char_length(n) > 20 then 'too_long'
    when n !~ '^[A-Za-z0-9_.\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u017F-]*$' then 'invalid'
    when char_length(n) < 3 then 'too_short'
  end
  from (select public.normalize_username(name) as n) normalized
$$;
comment on function public.username_problem(text) is 'Why a username is refused (too_short, too_long, invalid), or null when it is acceptable. Normalises first.';
revoke execute on function public.username_problem(text) from public, anon;
grant execute on function public.username_problem(text) to authenticated, service_role;

-- Names stored before this rule: normalised where that keeps them valid and unique, otherwise
-- the sign-up chain's default name.
do $$
declare
  p record;
  wanted text;
begin
  for p in select id, username from public.profiles order by created_at, id loop
    wanted := public.normalize_username(p.username);
    if public.username_problem(wanted) is not null
       or exists (select 1 from public.profiles o
                  where o.id <> p.id and lower(o.username collate "pg_c_utf8") = lower(wanted collate "pg_c_utf8")) then
      wanted := 'jugador' || left(replace(p.id::text, '-', ''), 6);
    end if;
    if wanted is distinct from p.username then
      update public.profiles set username = wanted where id = p.id;
    end if;
  end loop;
end
$$;

-- The trigger normalises what a player (or the chain) writes and answers a refused name with
-- a Spanish message; the check is the last line should anything bypass the trigger.
create function public.normalize_profile_username() returns trigger
language plpgsql set search_path = ''
as $$
declare
  problem text;
begin
  new.username := public.normalize_username(new.username);
  problem := public.username_problem(new.username);
  if problem is not null then
    raise exception '%', case problem
        when 'too_long' then 'El nombre de usuario puede tener como máximo 20 caracteres.'
        when 'invalid' then 'El nombre de usuario solo puede tener letras, números, _, . y -.'
        else 'El nombre de usuario debe tener al menos 3 caracteres.'
      end
      using errcode = '23514', hint = problem;
  end if;
  return new;
end
$$;
comment on function public.normalize_profile_username() is 'Trigger: stores usernames normalised and refuses (23514, hint = reason) those the rule does not accept.';
revoke execute on function public.normalize_profile_username() from public, anon, authenticated;

create trigger profiles_normalize_username before insert or update of username on public.profiles
  for each row execute function public.normalize_profile_username();

alter table public.profiles drop constraint profiles_username_check;
alter table public.profiles add constraint profiles_username_check
  check (public.username_problem(username) is null and username = public.normalize_username(username));

drop index public.profiles_username_lower_key;
create unique index profiles_username_lower_key on public.profiles (lower(username collate "pg_c_utf8"));

-- The forms' one question: 'ok', 'taken', or the rule's reason. Definer because visitors cannot
-- read profiles; the caller's own name counts as free (settings may re-case it).
create function public.check_username(name text) returns text
language sql stable security definer set search_path = ''
as $$
  select coalesce(
    public.username_problem(name),
    case when exists (
      select 1 from public.profiles
      where lower(username collate "pg_c_utf8") = lower(public.normalize_username(name) collate "pg_c_utf8")
        and id is distinct from (select auth.uid())
    ) then 'taken' else 'ok' end
  )
$$;
comment on function public.check_username(text) is 'Whether a username may be used: ok, taken (case-insensitive, the caller''s own name excepted), too_short, too_long or invalid.';
revoke execute on function public.check_username(text) from public;
grant execute on function public.check_username(text) to anon, authenticated, service_role;

-- Replaced by check_username, which also says why a name is refused.
drop function public.username_available(text);
