-- Notification preferences (one row per player) and monthly rank snapshots.

create table public.notification_preferences (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  remind_quinielazo boolean not null default true,
  remind_boost boolean not null default true,
  new_quinielazo boolean not null default true,
  new_blog boolean not null default true,
  news_updates boolean not null default true
);
comment on table public.notification_preferences is 'Which e-mails and pushes a player wants; created with the profile, edited only by him.';

alter table public.notification_preferences enable row level security;
revoke all on table public.notification_preferences from anon, authenticated;
grant select, insert, update on table public.notification_preferences to authenticated;
grant all on table public.notification_preferences to service_role;

create policy "Players read their own preferences and admins read all"
  on public.notification_preferences for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));
create policy "Players create their own preferences"
  on public.notification_preferences for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "Players change their own preferences"
  on public.notification_preferences for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

create table public.rank_snapshots (
  user_id uuid not null references public.profiles (id) on delete cascade,
  year int not null check (year between 2000 and 2100),
  month int not null check (month between 1 and 12),
  rank_total int,
  rank_weekly int,
  rank_daily int,
  primary key (user_id, year, month)
);
comment on table public.rank_snapshots is 'A player''s leaderboard positions frozen at the end of a month. Public like the leaderboard.';
create index rank_snapshots_year_month_idx on public.rank_snapshots (year, month);

alter table public.rank_snapshots enable row level security;
revoke all on table public.rank_snapshots from anon, authenticated;
grant select on table public.rank_snapshots to anon, authenticated;
grant insert, update, delete on table public.rank_snapshots to authenticated;
grant all on table public.rank_snapshots to service_role;

create policy "Everyone reads rank snapshots" on public.rank_snapshots for select to anon, authenticated using (true);
create policy "Admins take rank snapshots" on public.rank_snapshots for insert to authenticated with check ((select public.is_admin()));
create policy "Admins correct rank snapshots" on public.rank_snapshots for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins remove rank snapshots" on public.rank_snapshots for delete to authenticated using ((select public.is_admin()));
