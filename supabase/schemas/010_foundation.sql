-- TOPIC 010_foundation

set check_function_bodies = off;

-- Helpers of the standings that are no part of the API: schema internal is not exposed by
-- PostgREST nor in the generated types, and clients may not use it.
create schema internal;
revoke all on schema internal from public, anon, authenticated;

-- Who runs the game. Admin = a user whose id is in admins (docs/product.md#roles).
-- Every later migration's admin-only policies go through public.is_admin().
create table public.admins (
  id uuid primary key references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);
alter table public.admins enable row level security;
comment on table public.admins is 'Users who may run the game: create rounds, save results, write constants. Membership is the only admin check.';
revoke all on table public.admins from anon, authenticated;
grant select, delete on table public.admins to authenticated;
grant insert (id) on table public.admins to authenticated;

-- Definer: a policy on admins cannot ask admins about itself without recursing, and players
-- may only see their own membership; the helper answers the one question they need.
create function public.is_admin() returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.admins where id = (select auth.uid()))
$$;
comment on function public.is_admin() is 'True when the caller is in admins. Definer so policies can ask without reading admins under RLS.';
revoke execute on function public.is_admin() from public;

-- Shared by every table with an updated_at column.
create function public.set_updated_at() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
comment on function public.set_updated_at() is 'Trigger: stamps updated_at with the database clock.';
revoke execute on function public.set_updated_at() from public, anon, authenticated;

-- The game's clock is Mexico City's (docs/product.md): deadlines, months, Boost days and the
-- hours of notices are read on it. The zone is named here and nowhere else in the schema; every
-- file converts through these two (plain SQL without SET, so the planner inlines them and an
-- index on the instant is still used). The app's one home is src/lib/time.ts;
-- tests/api/rule-twins.test.ts holds the two to the same clock.
create function public.mx_time(instant timestamptz) returns timestamp
language sql immutable parallel safe
as $$
  select instant at time zone 'America/Mexico_City'
$$;
comment on function public.mx_time(timestamptz) is 'Mexico City''s wall clock at an instant (the game''s clock).';

create function public.mx_instant(wall timestamp) returns timestamptz
language sql immutable parallel safe
as $$
  select wall at time zone 'America/Mexico_City'
$$;
comment on function public.mx_instant(timestamp) is 'The instant Mexico City''s clock shows a wall-clock time (the game''s clock).';

-- Month bounds as instants, so the deadline index can be used.
create function public.mx_month_start(year_input int, month_input int) returns timestamptz
language sql immutable
as $$
  select public.mx_instant(make_date(year_input, month_input, 1)::timestamp)
$$;
comment on function public.mx_month_start(int, int) is 'The instant a month starts in Mexico City (the game''s clock).';

-- Two lists of characters, each written once and used by every rule that trims or looks for
-- text that shows nothing (chat messages, poll answers, liga names, Boost answers):
-- white space as JavaScript's trim() and \s know it (so the app's copies agree:
-- tests/api/rule-twins.test.ts), and the characters that render as nothing or reorder what
-- follows (controls, the soft hyphen, joiners, zero-width, direction marks, overrides and bidi
-- isolates U+2066–U+2069, the Arabic letter mark, the Khmer inherent vowels, the Mongolian
-- variation selectors, Hangul fillers, the blank Braille cell, the interlinear annotation marks,
-- the musical format characters, the tag characters). Plain SQL without SET: inlined and folded
-- to constants where they are used.
create function public.white_space_characters() returns text
language sql immutable parallel safe
as $$
  select E'\u0009\u000A\u000B\u000C\u000D\u0020\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF'
$$;
comment on function public.white_space_characters() is 'The white space characters (JavaScript''s trim() and \s): the one list the schema trims with.';

create function public.invisible_characters() returns text
language sql immutable parallel safe
as $$
  select '\u0000-\u0008\u000E-\u001F\u007F-\u009F\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u2069\u2800\u3164\uFEFF\uFFA0\uFFF9-\uFFFB\U0001D173-\U0001D17A\U000E0000-\U000E007F'::text
$$;
comment on function public.invisible_characters() is 'The characters that show nothing, as the body of a regular expression''s bracket: the one list of them.';

-- A text that shows nothing is blank: chat messages and poll answers (and liga names, through
-- public.normalize_league_text) are refused when made only of the two lists' characters.
-- src/lib/shows-nothing.ts is the app's copy; tests/api/shows-nothing.test.ts holds the two to
-- the same answer for every character of the BMP.
create function public.shows_nothing(t text) returns boolean
language sql immutable parallel safe set search_path = ''
as $$
  select t ~ ('^[' || public.white_space_characters() || public.invisible_characters() || ']*$')
$$;
comment on function public.shows_nothing(text) is 'True when a text is empty or made only of characters that show nothing.';

create policy "Players see their own membership and admins see all"
  on public.admins for select to authenticated
  using (id = (select auth.uid()) or (select public.is_admin()));

create policy "Admins add admins"
  on public.admins for insert to authenticated
  with check ((select public.is_admin()));

create policy "Admins change admins"
  on public.admins for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "Admins remove admins"
  on public.admins for delete to authenticated
  using ((select public.is_admin()));
