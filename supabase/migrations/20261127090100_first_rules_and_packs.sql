-- hand-written: rows, which a schema diff does not carry (docs/decisions.md, "Schema files and generated migrations").
-- The game's first rules and the Pro packs. Rule rows are versioned by month
-- (supabase/schemas/060_rules.sql); this first version is in force from 2000-01-01, before any
-- month the game is played in. The rule tables refuse a change to a month that has started, so
-- their guard triggers are off for this insert only: a later version goes in for a month to come,
-- with the guards on.

alter table public.scoring_points disable trigger scoring_points_started_month;
alter table public.scoring_bonuses disable trigger scoring_bonuses_started_month;
alter table public.prizes disable trigger prizes_started_month;

-- Round points by number of correct picks out of 12.
insert into public.scoring_points (effective_from, correct, points) values
  ('2000-01-01', 0, 0), ('2000-01-01', 1, 0), ('2000-01-01', 2, 0), ('2000-01-01', 3, 0),
  ('2000-01-01', 4, 6), ('2000-01-01', 5, 8), ('2000-01-01', 6, 10), ('2000-01-01', 7, 15),
  ('2000-01-01', 8, 20), ('2000-01-01', 9, 30), ('2000-01-01', 10, 45), ('2000-01-01', 11, 65),
  ('2000-01-01', 12, 90);
insert into public.scoring_bonuses (effective_from, code, label, points) values
  ('2000-01-01', 'streak', 'Racha 2 semanas', 5),
  ('2000-01-01', 'full_month', 'Mes completo', 10),
  ('2000-01-01', 'welcome', 'Bienvenida', 8),
  ('2000-01-01', 'referral', 'Referido', 3),
  ('2000-01-01', 'referral_monthly_cap', 'Máximo de referidos por mes', 10),
  ('2000-01-01', 'last_round_multiplier', 'Última quiniela del mes', 1.5);
insert into public.prizes (effective_from, kind, place, amount_mxn) values
  ('2000-01-01', 'monthly', 1, 1000), ('2000-01-01', 'monthly', 2, 300), ('2000-01-01', 'monthly', 3, 200),
  ('2000-01-01', 'monthly', 4, 100), ('2000-01-01', 'monthly', 5, 100),
  ('2000-01-01', 'weekly', 1, 300),
  ('2000-01-01', 'perfect', 1, 5000);

alter table public.scoring_points enable trigger scoring_points_started_month;
alter table public.scoring_bonuses enable trigger scoring_bonuses_started_month;
alter table public.prizes enable trigger prizes_started_month;

-- What a Pro purchase costs and adds to the pool (after the provider's 5% and the product's 15%).
insert into public.pro_packs (pack_type, entries, price_mxn, pool_mxn, title) values
  ('single', 1, 25.00, 16.50, 'Quinielazo Pro: 1 entrada'),
  ('triple', 3, 60.00, 44.00, 'Quinielazo Pro: paquete de 3 entradas');
