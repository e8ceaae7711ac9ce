-- Round scores and the game's constants (points table, bonuses, prizes) as data, so the
-- scoring functions, the rules page and the prize splits read one source of truth.

create table public.scores (
  user_id uuid not null references public.profiles (id) on delete cascade,
  quiniela_id bigint not null references public.quinielas (id) on delete cascade,
  correct int not null default 0 check (correct between 0 and 12),
  points int not null default 0 check (points >= 0),
  bonus_details text[] not null default '{}',
  updated_at timestamptz not null default now(),
  primary key (user_id, quiniela_id)
);
comment on table public.scores is 'A player''s score for a finalized round, with one Spanish line per bonus. Public: the leaderboard is public.';
create index scores_quiniela_id_idx on public.scores (quiniela_id);

create trigger scores_set_updated_at before update on public.scores
  for each row execute function public.set_updated_at();

alter table public.scores enable row level security;
revoke all on table public.scores from anon, authenticated;
grant select on table public.scores to anon, authenticated;
grant insert, update, delete on table public.scores to authenticated;
grant all on table public.scores to service_role;

create policy "Everyone reads scores" on public.scores for select to anon, authenticated using (true);
create policy "Admins write scores" on public.scores for insert to authenticated with check ((select public.is_admin()));
create policy "Admins correct scores" on public.scores for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins remove scores" on public.scores for delete to authenticated using ((select public.is_admin()));

create table public.scoring_points (
  correct int primary key check (correct between 0 and 12),
  points int not null check (points >= 0)
);
comment on table public.scoring_points is 'Round points by number of correct picks out of 12 (decisions.md, "Scoring").';

insert into public.scoring_points (correct, points) values
  (0, 0), (1, 0), (2, 0), (3, 0), (4, 6), (5, 8), (6, 10),
  (7, 15), (8, 20), (9, 30), (10, 45), (11, 65), (12, 90);

create table public.scoring_bonuses (
  code text primary key,
  label text not null,
  points numeric not null
);
comment on table public.scoring_bonuses is 'Bonus points and limits by code; last_round_multiplier multiplies the table points of the last round of the month.';

insert into public.scoring_bonuses (code, label, points) values
  ('streak', 'Racha 2 semanas', 5),
  ('full_month', 'Mes completo', 10),
  ('welcome', 'Bienvenida', 8),
  ('referral', 'Referido', 3),
  ('referral_monthly_cap', 'Máximo de referidos por mes', 10),
  ('last_round_multiplier', 'Última quiniela del mes', 1.5);

create table public.prizes (
  kind text not null check (kind in ('monthly', 'weekly', 'perfect')),
  place int not null check (place >= 1),
  amount_mxn int not null check (amount_mxn >= 0),
  primary key (kind, place)
);
comment on table public.prizes is 'Prize amounts in MXN by kind and place; the perfect prize is split among all perfect players of a round.';

insert into public.prizes (kind, place, amount_mxn) values
  ('monthly', 1, 1000), ('monthly', 2, 300), ('monthly', 3, 200), ('monthly', 4, 100), ('monthly', 5, 100),
  ('weekly', 1, 300),
  ('perfect', 1, 5000);

alter table public.scoring_points enable row level security;
revoke all on table public.scoring_points from anon, authenticated;
grant select on table public.scoring_points to anon, authenticated;
grant insert, update, delete on table public.scoring_points to authenticated;
grant all on table public.scoring_points to service_role;

create policy "Everyone reads the points table" on public.scoring_points for select to anon, authenticated using (true);
create policy "Admins add to the points table" on public.scoring_points for insert to authenticated with check ((select public.is_admin()));
create policy "Admins change the points table" on public.scoring_points for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins remove from the points table" on public.scoring_points for delete to authenticated using ((select public.is_admin()));

alter table public.scoring_bonuses enable row level security;
revoke all on table public.scoring_bonuses from anon, authenticated;
grant select on table public.scoring_bonuses to anon, authenticated;
grant insert, update, delete on table public.scoring_bonuses to authenticated;
grant all on table public.scoring_bonuses to service_role;

create policy "Everyone reads the bonuses" on public.scoring_bonuses for select to anon, authenticated using (true);
create policy "Admins add bonuses" on public.scoring_bonuses for insert to authenticated with check ((select public.is_admin()));
create policy "Admins change bonuses" on public.scoring_bonuses for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins remove bonuses" on public.scoring_bonuses for delete to authenticated using ((select public.is_admin()));

alter table public.prizes enable row level security;
revoke all on table public.prizes from anon, authenticated;
grant select on table public.prizes to anon, authenticated;
grant insert, update, delete on table public.prizes to authenticated;
grant all on table public.prizes to service_role;

create policy "Everyone reads the prizes" on public.prizes for select to anon, authenticated using (true);
create policy "Admins add prizes" on public.prizes for insert to authenticated with check ((select public.is_admin()));
create policy "Admins change prizes" on public.prizes for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins remove prizes" on public.prizes for delete to authenticated using ((select public.is_admin()));
