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

-- Month bounds as instants, so the deadline index can be used.
create function public.mx_month_start(year_input int, month_input int) returns timestamptz
language sql immutable
as $$
  select make_date(year_input, month_input, 1)::timestamp at time zone 'America/Mexico_City'
$$;
comment on function public.mx_month_start(int, int) is 'The instant a month starts in America/Mexico_City (the game''s clock).';

-- A poll's text answer made only of characters that show nothing (zero-width spaces, an
-- ideographic space…) was stored: the rule "trimmed, non-empty" (docs/product.md) stripped only
-- ASCII white space, as the chat's once did. The set of
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
