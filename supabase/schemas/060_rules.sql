-- TOPIC 060_rules

set check_function_bodies = off;

-- The game's rules have one source: the tables scoring_points, scoring_bonuses and prizes,
-- versioned by month. A version is every row with the same effective_from (the first day of a
-- Mexico City month) and is in force from that month until a later version starts. Rules
-- change only by a migration that adds a version for a month that has not started (their rows
-- are data, so each version is a hand-written migration: the first is
-- supabase/migrations/20261127090100_first_rules_and_packs.sql); the app's copy
-- (src/lib/game/game-rules.gen.ts) is generated from these tables and functions by
-- `npm run typegen`, and tests/api/types.test.ts fails when it drifts.
create table public.scoring_points (
  correct int not null check (correct between 0 and 12),
  points int not null check (points >= 0),
  effective_from date not null check (effective_from = date_trunc('month', effective_from)::date),
  primary key (effective_from, correct)
);
alter table public.scoring_points enable row level security;
comment on table public.scoring_points is 'Round points by number of correct picks out of 12 (decisions.md, "Scoring").';
comment on column public.scoring_points.effective_from is 'First day of the Mexico City month this version of the points table starts.';
revoke all on table public.scoring_points from anon, authenticated;
grant select on table public.scoring_points to anon, authenticated;

create policy "Everyone reads the points table" on public.scoring_points for select to anon, authenticated using (true);

create table public.scoring_bonuses (
  code text not null,
  label text not null,
  points numeric not null,
  effective_from date not null check (effective_from = date_trunc('month', effective_from)::date),
  primary key (effective_from, code)
);
alter table public.scoring_bonuses enable row level security;
comment on table public.scoring_bonuses is 'Bonus points and limits by code; last_round_multiplier multiplies the table points of the last round of the month.';
comment on column public.scoring_bonuses.effective_from is 'First day of the Mexico City month this version of the bonuses starts.';
revoke all on table public.scoring_bonuses from anon, authenticated;
grant select on table public.scoring_bonuses to anon, authenticated;

create policy "Everyone reads the bonuses" on public.scoring_bonuses for select to anon, authenticated using (true);

create table public.prizes (
  kind text not null check (kind in ('monthly', 'weekly', 'perfect')),
  place int not null check (place >= 1),
  amount_mxn int not null check (amount_mxn >= 0),
  effective_from date not null check (effective_from = date_trunc('month', effective_from)::date),
  primary key (effective_from, kind, place)
);
alter table public.prizes enable row level security;
comment on table public.prizes is 'Prize amounts in MXN by kind and place; the perfect prize is split among all perfect players of a round.';
comment on column public.prizes.effective_from is 'First day of the Mexico City month this version of the prizes starts.';
revoke all on table public.prizes from anon, authenticated;
grant select on table public.prizes to anon, authenticated;

create policy "Everyone reads the prizes" on public.prizes for select to anon, authenticated using (true);

-- A rule can never change for a month that has started: even the service role and migrations
-- may only add, change or remove versions of months still to come.
create function internal.refuse_started_rule_change() returns trigger
language plpgsql set search_path = ''
as $$
declare
  this_month date := date_trunc('month', public.mx_time(now()))::date;
begin
  if tg_op = 'TRUNCATE'
     or (tg_op <> 'INSERT' and old.effective_from <= this_month)
     or (tg_op <> 'DELETE' and new.effective_from <= this_month) then
    raise exception 'Las reglas de un mes que ya empezó no cambian: agrega una versión para un mes posterior a %.', to_char(this_month, 'YYYY-MM')
      using errcode = '42501';
  end if;
  return coalesce(new, old);
end
$$;
comment on function internal.refuse_started_rule_change() is 'Trigger: the rule tables change only for months that have not started.';

-- The version in force for a month (its first day, or any day of it).
create function public.points_table_for(month_input date) returns setof public.scoring_points
language sql stable set search_path = ''
as $$
  select * from public.scoring_points
  where effective_from = (select max(v.effective_from) from public.scoring_points v where v.effective_from <= month_input)
  order by correct
$$;
comment on function public.points_table_for(date) is 'The points table in force in the month of the given day.';
revoke execute on function public.points_table_for(month_input date) from public;

create function public.bonuses_for(month_input date) returns setof public.scoring_bonuses
language sql stable set search_path = ''
as $$
  select * from public.scoring_bonuses
  where effective_from = (select max(v.effective_from) from public.scoring_bonuses v where v.effective_from <= month_input)
  order by code
$$;
comment on function public.bonuses_for(date) is 'The bonuses in force in the month of the given day.';
revoke execute on function public.bonuses_for(month_input date) from public;

create function public.prizes_for(month_input date) returns setof public.prizes
language sql stable set search_path = ''
as $$
  select * from public.prizes
  where effective_from = (select max(v.effective_from) from public.prizes v where v.effective_from <= month_input)
  order by kind, place
$$;
comment on function public.prizes_for(date) is 'The prizes in force in the month of the given day.';
revoke execute on function public.prizes_for(month_input date) from public;

-- The round's points for a number of correct picks: the table, ×multiplier on the last round of
-- the month, rounded half up (22.5 → 23). Bonuses are added after, never multiplied.
create function public.round_points(correct_input int, last_of_month_input boolean, month_input date) returns int
language sql stable set search_path = ''
as $$
  select case when last_of_month_input
              then round(coalesce(p.points, 0)
                         * coalesce((select b.points from public.bonuses_for(month_input) b where b.code = 'last_round_multiplier'), 1))::int
              else coalesce(p.points, 0) end
  from (select 1) one
  left join public.points_table_for(month_input) p on p.correct = correct_input
$$;
comment on function public.round_points(int, boolean, date) is 'Round points for a number of correct picks in a month (×multiplier on the last round of the month, half up).';
revoke execute on function public.round_points(correct_input integer, last_of_month_input boolean, month_input date) from public;

-- What each of `tied` players sharing `place` wins: the sum of the places they occupy, split
-- evenly and rounded to centavos; places past the last prize pay nothing.
create function public.prize_share(kind_input text, place_input int, tied_input int, month_input date) returns numeric
language sql stable set search_path = ''
as $$
  select round(coalesce(sum(p.amount_mxn), 0)::numeric / greatest(tied_input, 1), 2)
  from public.prizes_for(month_input) p
  where p.kind = kind_input and p.place between place_input and place_input + tied_input - 1
$$;
comment on function public.prize_share(text, int, int, date) is 'Prize of each of `tied` players sharing a place: the sum of the places they occupy, split evenly.';
revoke execute on function public.prize_share(kind_input text, place_input integer, tied_input integer, month_input date) from public;

-- Bonuses as data: one object per bonus with its kind, points and what it refers to
-- (match_ids, quiniela_id, referred_id). The Spanish lines and the referral total are derived
-- by the table, so nothing adds points up by reading text.
create function internal.bonus_lines(bonuses jsonb) returns text[]
language sql immutable parallel safe set search_path = ''
as $$
  select coalesce(array_agg(
           case b->>'kind'
             when 'last_round_multiplier' then (b->>'label') || ' ×' || (b->>'factor') || ': +' || (b->>'points')
             when 'referral' then (b->>'label') || ' ' || (b->>'username') || ': +' || (b->>'points')
             else (b->>'label') || ': +' || (b->>'points')
           end order by e.ord), '{}')
  from jsonb_array_elements(bonuses) with ordinality as e(b, ord)
$$;
revoke execute on function internal.bonus_lines(bonuses jsonb) from public;
grant execute on function internal.bonus_lines(bonuses jsonb) to authenticated, service_role;

create function internal.bonus_points(bonuses jsonb, kind_input text) returns int
language sql immutable parallel safe set search_path = ''
as $$
  select coalesce(sum((b->>'points')::int), 0)::int from jsonb_array_elements(bonuses) b where b->>'kind' = kind_input
$$;
revoke execute on function internal.bonus_points(bonuses jsonb, kind_input text) from public;
grant execute on function internal.bonus_points(bonuses jsonb, kind_input text) to authenticated, service_role;

create trigger scoring_points_started_month before insert or update or delete on public.scoring_points
  for each row execute function internal.refuse_started_rule_change();

create trigger scoring_points_truncate before truncate on public.scoring_points
  for each statement execute function internal.refuse_started_rule_change();

create trigger scoring_bonuses_started_month before insert or update or delete on public.scoring_bonuses
  for each row execute function internal.refuse_started_rule_change();

create trigger scoring_bonuses_truncate before truncate on public.scoring_bonuses
  for each statement execute function internal.refuse_started_rule_change();

create trigger prizes_started_month before insert or update or delete on public.prizes
  for each row execute function internal.refuse_started_rule_change();

create trigger prizes_truncate before truncate on public.prizes
  for each statement execute function internal.refuse_started_rule_change();
