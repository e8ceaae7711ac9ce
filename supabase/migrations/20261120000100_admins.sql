-- Who runs the game. Admin = a user whose id is in admins (docs/product.md#roles).
-- Every later migration's admin-only policies go through public.is_admin().

create table public.admins (
  id uuid primary key references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);
comment on table public.admins is 'Users who may run the game: create rounds, save results, write constants. Membership is the only admin check.';

-- Definer: a policy on admins cannot ask admins about itself without recursing, and players
-- may only see their own membership; the helper answers the one question they need.
create function public.is_admin() returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.admins where id = (select auth.uid()))
$$;
comment on function public.is_admin() is 'True when the caller is in admins. Definer so policies can ask without reading admins under RLS.';
revoke execute on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;

alter table public.admins enable row level security;
revoke all on table public.admins from anon, authenticated;
grant select, insert, update, delete on table public.admins to authenticated;
grant all on table public.admins to service_role;

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
