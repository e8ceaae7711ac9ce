-- Two holes an attack run found around a round's dates (docs/sealed-rounds.md, docs/product.md).
--
-- 1. A sealed round could be opened again: an admin moving its deadline into the future let
--    players change picks after the vote shares had been public, and the seal (taken once) no
--    longer matched, so the referee refused the round forever ("ya no coinciden con su sello").
--    Once sealed, a round's deadline may still move within the past (the order of played rounds,
--    re-scored by its own trigger) but never to a moment that has not come.
-- 2. admin_create_round took any week and a deadline already past; only the admin form checked
--    them. A round born closed takes no picks and becomes "the round before" for the streak.

create function internal.keep_sealed_rounds_closed() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.deadline > now() and exists (select 1 from public.round_seals s where s.quiniela_id = new.id) then
    raise exception 'Esta quiniela ya está sellada: su cierre no puede moverse al futuro.'
      using errcode = '23514', hint = 'Los pronósticos de una quiniela sellada ya no pueden cambiar.';
  end if;
  return new;
end
$$;
comment on function internal.keep_sealed_rounds_closed() is
  'Trigger: a sealed round''s deadline never moves to the future (its picks would reopen after the seal).';

create trigger quinielas_sealed_stay_closed before update of deadline on public.quinielas
  for each row when (new.deadline is distinct from old.deadline)
  execute function internal.keep_sealed_rounds_closed();

create or replace function public.admin_create_round(
  name_input text,
  week_input int,
  deadline_input timestamptz,
  is_last_of_month_input boolean,
  matches_input jsonb
) returns bigint
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  new_round bigint;
begin
  if not (public.is_admin() or (select auth.role()) = 'service_role') then
    raise exception 'Acceso restringido a administradores.' using errcode = '42501';
  end if;
  if coalesce(btrim(name_input), '') = '' or week_input is null or deadline_input is null then
    raise exception 'Todos los campos son obligatorios' using errcode = '22023';
  end if;
  if matches_input is null or jsonb_typeof(matches_input) <> 'array' or jsonb_array_length(matches_input) = 0
     or exists (
       select 1 from jsonb_array_elements(matches_input) m
       where (m ->> 'home_club_id') is null or (m ->> 'away_club_id') is null
     ) then
    raise exception 'Todos los partidos deben tener equipos locales y visitantes seleccionados.' using errcode = '22023';
  end if;
  -- The admin form's own checks (create-round-form.tsx), in its words.
  if week_input not between 1 and 53 then
    raise exception 'La semana debe ser un número del 1 al 53.' using errcode = '22023';
  end if;
  if deadline_input <= now() then
    raise exception 'El cierre ya pasó: elige una fecha y hora futuras.' using errcode = '22023';
  end if;

  insert into public.quinielas (name, week, deadline, is_last_of_month)
  values (btrim(name_input), week_input, deadline_input, coalesce(is_last_of_month_input, false))
  returning id into new_round;

  insert into public.matches (quiniela_id, match_order, home_team, away_team, home_club_id, away_club_id,
                              special_bonus_points, underdog_bonus_points, underdog_bonus_side)
  select new_round, m.ord::int,
         coalesce(h.short_name, h.name), coalesce(a.short_name, a.name), h.id, a.id,
         coalesce((m.item ->> 'special_bonus_points')::int, 0),
         coalesce((m.item ->> 'underdog_bonus_points')::int, 0),
         nullif(m.item ->> 'underdog_bonus_side', '')
  from jsonb_array_elements(matches_input) with ordinality as m (item, ord)
  join public.clubs h on h.id = (m.item ->> 'home_club_id')::bigint
  join public.clubs a on a.id = (m.item ->> 'away_club_id')::bigint
  order by m.ord;

  if (select count(*) from public.matches where quiniela_id = new_round) <> jsonb_array_length(matches_input) then
    raise exception 'Todos los partidos deben tener equipos locales y visitantes seleccionados.' using errcode = '22023';
  end if;
  return new_round;
end
$$;
