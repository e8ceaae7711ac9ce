-- The two checks that a pick is filed under its match's round answered in English with internal
-- ids ('quiniela_id 14 is not the round of match 269'). The app never sends such a pick, but a
-- refusal a player can cause reads in Spanish (docs/product.md, messages). Same rules, same code.
create or replace function public.set_pick_round() returns trigger
language plpgsql set search_path = ''
as $$
declare
  match_round bigint;
begin
  select quiniela_id into match_round from public.matches where id = new.match_id;
  if new.quiniela_id is null then
    new.quiniela_id := match_round;
  elsif new.quiniela_id is distinct from match_round then
    raise exception 'Ese partido no es de esta quiniela.' using errcode = '23514';
  end if;
  return new;
end
$$;

-- Security definer, as 20261123009000_pro_payments.sql made it (a replaced function takes only
-- the attributes written here): it reads the entry's round.
create or replace function public.set_paid_pick_round() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  match_round bigint;
  entry_round bigint;
begin
  select quiniela_id into match_round from public.matches where id = new.match_id;
  select quiniela_id into entry_round from public.paid_entries where id = new.paid_entry_id;
  if new.quiniela_id is null then
    new.quiniela_id := match_round;
  end if;
  if new.quiniela_id is distinct from match_round or new.quiniela_id is distinct from entry_round then
    raise exception 'Ese partido no es de la quiniela de esta entrada.' using errcode = '23514';
  end if;
  return new;
end
$$;
