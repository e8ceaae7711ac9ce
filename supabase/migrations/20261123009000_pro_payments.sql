-- Pro with MercadoPago (docs/pro.md): the packs a player can buy, the checkouts he starts, the
-- payments the webhook records, the entries it credits, the pool, the results, the payout and
-- the open ledger. The database is the referee: the Edge Functions only carry facts in
-- (who asked for which pack; what MercadoPago says about a payment) and these functions decide.

-- ---------------------------------------------------------------------------------------------
-- Packs: prices and pool contributions are data, changed only by migration (decisions.md).
create table public.pro_packs (
  pack_type text primary key check (pack_type ~ '^[a-z_0-9]{1,30}$'),
  entries int not null check (entries > 0),
  price_mxn numeric(10, 2) not null check (price_mxn > 0),
  pool_mxn numeric(10, 2) not null check (pool_mxn >= 0 and pool_mxn <= price_mxn),
  title text not null
);
comment on table public.pro_packs is 'What a Pro purchase costs and adds to the pool (after the provider''s 5% and the product''s 15%). Changed by migration only.';
insert into public.pro_packs (pack_type, entries, price_mxn, pool_mxn, title) values
  ('single', 1, 25.00, 16.50, 'Quinielazo Pro: 1 entrada'),
  ('triple', 3, 60.00, 44.00, 'Quinielazo Pro: paquete de 3 entradas');

alter table public.pro_packs enable row level security;
revoke all on table public.pro_packs from anon, authenticated;
grant select on table public.pro_packs to anon, authenticated;
grant all on table public.pro_packs to service_role;
create policy "Everyone reads the packs" on public.pro_packs for select to anon, authenticated using (true);

/** A round's pool never shows less than this (spec §9), whatever was bought. */
create function public.pro_pool_minimum() returns numeric
language sql immutable set search_path = ''
as $$ select 300.00::numeric $$;
comment on function public.pro_pool_minimum() is 'The smallest pool a Pro round advertises and pays (MXN).';

-- ---------------------------------------------------------------------------------------------
-- The 18+ confirmation: set by the player for himself only, through confirm_adult().
alter table public.profiles add column adult_confirmed_at timestamptz;
comment on column public.profiles.adult_confirmed_at is 'When the player confirmed he is 18 or older (required to pay). Set by confirm_adult() only.';

create function public.confirm_adult() returns timestamptz
language plpgsql security definer set search_path = ''
as $$
declare
  confirmed timestamptz;
begin
  if auth.uid() is null then
    raise exception 'Debes iniciar sesión.' using errcode = '42501';
  end if;
  update public.profiles set adult_confirmed_at = coalesce(adult_confirmed_at, now())
    where id = auth.uid() returning adult_confirmed_at into confirmed;
  return confirmed;
end
$$;
comment on function public.confirm_adult() is 'The caller confirms he is 18 or older; the first confirmation''s time is kept.';
revoke execute on function public.confirm_adult() from public, anon;
grant execute on function public.confirm_adult() to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Checkouts: the server's record of "this player asked to buy this pack for this round". Its
-- id is the preference's external_reference, so the buyer is never something the browser says.
create table public.pro_checkouts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  quiniela_id bigint not null references public.quinielas (id) on delete cascade,
  pack_type text not null references public.pro_packs (pack_type),
  price_mxn numeric(10, 2) not null,
  preference_id text,
  created_at timestamptz not null default now()
);
comment on table public.pro_checkouts is 'A Pro purchase a player started (start_pro_checkout). Its id travels as MercadoPago''s external_reference.';
create index pro_checkouts_user_id_idx on public.pro_checkouts (user_id, quiniela_id);

alter table public.pro_checkouts enable row level security;
revoke all on table public.pro_checkouts from anon, authenticated;
grant select on table public.pro_checkouts to authenticated;
grant all on table public.pro_checkouts to service_role;
create policy "Players read their checkouts" on public.pro_checkouts for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

/**
 * The checks before paying, under the caller's own token: signed in, 18+ confirmed, a known
 * pack, a round that exists and is still open. Records the checkout and returns what the
 * preference needs. Spanish errors with codes the function maps to HTTP answers.
 */
create function public.start_pro_checkout(p_quiniela bigint, p_pack text)
returns table (checkout_id uuid, title text, price_mxn numeric, quiniela_name text)
language plpgsql security definer set search_path = ''
as $$
declare
  pack public.pro_packs;
  round public.quinielas;
  checkout uuid;
begin
  if auth.uid() is null then
    raise exception 'Debes iniciar sesión.' using errcode = '42501';
  end if;
  select * into pack from public.pro_packs where pack_type = p_pack;
  if not found then
    raise exception 'Paquete no válido.' using errcode = '22023';
  end if;
  select * into round from public.quinielas where id = p_quiniela;
  if not found then
    raise exception 'Quiniela no encontrada.' using errcode = 'P0002';
  end if;
  if round.deadline <= now() or round.results_saved then
    raise exception 'Esta quiniela ya cerró: ya no se pueden comprar entradas.' using errcode = '42501';
  end if;
  if not exists (select 1 from public.profiles where id = auth.uid() and adult_confirmed_at is not null) then
    raise exception 'Confirma que tienes 18 años o más para jugar Pro.' using errcode = '42501';
  end if;
  insert into public.pro_checkouts (user_id, quiniela_id, pack_type, price_mxn)
    values (auth.uid(), p_quiniela, pack.pack_type, pack.price_mxn)
    returning id into checkout;
  return query select checkout, pack.title || ' · ' || round.name, pack.price_mxn, round.name;
end
$$;
comment on function public.start_pro_checkout(bigint, text) is 'create-preference''s referee: refuses visitors, minors, unknown packs and closed rounds; records the checkout.';
revoke execute on function public.start_pro_checkout(bigint, text) from public, anon;
grant execute on function public.start_pro_checkout(bigint, text) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Payments: every MercadoPago payment the webhook heard of, with what the referee made of it.
create table public.payments (
  id bigint generated by default as identity primary key,
  provider text not null default 'mercadopago',
  provider_payment_id text not null,
  checkout_id uuid references public.pro_checkouts (id) on delete set null,
  user_id uuid references public.profiles (id) on delete set null,
  quiniela_id bigint references public.quinielas (id) on delete set null,
  pack_type text references public.pro_packs (pack_type),
  status text not null,
  -- A fact about the provider's payment, stored as given (any size): the referee compares it with
  -- the price, and a value too big for a column must never make the webhook fail forever.
  amount_mxn numeric,
  currency text,
  -- What the referee decided: pending, rejected, credited, voided, or refused (with why).
  outcome text not null check (outcome in ('pending', 'rejected', 'credited', 'voided', 'refused')),
  outcome_detail text,
  pool_mxn numeric(10, 2) not null default 0,
  -- A short anonymous tag for the open ledger (never the player's name or id).
  ledger_tag text not null default upper(substr(md5(gen_random_uuid()::text), 1, 6)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  credited_at timestamptz,
  voided_at timestamptz,
  unique (provider, provider_payment_id)
);
comment on table public.payments is 'Every provider payment and its outcome. Written only by record_pro_payment (service role); the owner and admins read.';
create index payments_quiniela_id_idx on public.payments (quiniela_id);
create index payments_user_id_idx on public.payments (user_id, quiniela_id);

alter table public.payments enable row level security;
revoke all on table public.payments from anon, authenticated;
grant select on table public.payments to authenticated;
grant all on table public.payments to service_role;
create policy "Players read their payments" on public.payments for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

alter table public.paid_entries
  add column payment_id bigint references public.payments (id) on delete set null,
  add column voided_at timestamptz;
comment on column public.paid_entries.payment_id is 'The payment that credited this entry (null for an entry an admin granted).';
comment on column public.paid_entries.voided_at is 'Set when its payment was refunded or charged back: the entry no longer plays or counts.';
create index paid_entries_payment_id_idx on public.paid_entries (payment_id);

-- A voided entry takes no more picks.
drop policy "Players insert Pro picks of their entries while the round is open" on public.paid_picks;
drop policy "Players change Pro picks of their entries while the round is open" on public.paid_picks;
create policy "Players insert Pro picks of their live entries while the round is open"
  on public.paid_picks for insert to authenticated
  with check (
    exists (select 1 from public.paid_entries e where e.id = paid_entry_id and e.user_id = (select auth.uid()) and e.voided_at is null)
    and exists (select 1 from public.quinielas q where q.id = quiniela_id and now() < q.deadline and not q.results_saved)
  );
create policy "Players change Pro picks of their live entries while the round is open"
  on public.paid_picks for update to authenticated
  using (
    exists (select 1 from public.paid_entries e where e.id = paid_entry_id and e.user_id = (select auth.uid()) and e.voided_at is null)
    and exists (select 1 from public.quinielas q where q.id = quiniela_id and now() < q.deadline and not q.results_saved)
  )
  with check (
    exists (select 1 from public.paid_entries e where e.id = paid_entry_id and e.user_id = (select auth.uid()) and e.voided_at is null)
    and exists (select 1 from public.quinielas q where q.id = quiniela_id and now() < q.deadline and not q.results_saved)
  );
-- The round check reads the entry as its owner would, so a pick on someone else's entry is refused
-- by the policies above (42501) instead of looking like a pick in the wrong round.
alter function public.set_paid_pick_round() security definer;

-- The receipt of a Pro pick, like picks.updated_at.
alter table public.paid_picks add column updated_at timestamptz not null default now();
create function public.touch_paid_pick() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
revoke execute on function public.touch_paid_pick() from public, anon, authenticated;
create trigger paid_picks_touch before update on public.paid_picks for each row execute function public.touch_paid_pick();

/**
 * The webhook's referee. Called with what MercadoPago's API (not the webhook's body) says about
 * one payment; safe under concurrent and repeated deliveries: the payment's row is created once
 * (unique provider id) and locked, so each payment credits its entries exactly once.
 * Credits only an approved payment of exactly the pack's price in MXN for a known checkout of
 * a round still open; a refund or charge-back voids its entries, takes it out of the pool and is
 * final (a stale "approved" arriving after it changes nothing).
 * Returns the outcome.
 */
create function public.record_pro_payment(
  p_provider_payment_id text,
  p_status text,
  p_amount numeric,
  p_currency text,
  p_external_reference text
) returns text
language plpgsql security definer set search_path = ''
as $$
declare
  pay public.payments;
  checkout public.pro_checkouts;
  pack public.pro_packs;
  round public.quinielas;
  new_outcome text;
  detail text;
begin
  if p_provider_payment_id is null or btrim(p_provider_payment_id) = '' then
    raise exception 'payment id required' using errcode = '22023';
  end if;
  if p_external_reference ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select * into checkout from public.pro_checkouts where id = p_external_reference::uuid;
  end if;

  insert into public.payments (provider_payment_id, checkout_id, user_id, quiniela_id, pack_type, status, amount_mxn, currency, outcome)
    values (p_provider_payment_id, checkout.id, checkout.user_id, checkout.quiniela_id, checkout.pack_type, p_status, p_amount, p_currency, 'pending')
    on conflict (provider, provider_payment_id) do nothing;
  select * into pay from public.payments where provider = 'mercadopago' and provider_payment_id = p_provider_payment_id for update;

  -- A payment keeps the checkout it was first recorded with, whatever a later answer says.
  if pay.checkout_id is distinct from checkout.id then
    select * into checkout from public.pro_checkouts where id = pay.checkout_id;
  end if;

  if p_status in ('refunded', 'charged_back') then
    if pay.outcome = 'credited' then
      update public.paid_entries set voided_at = now() where payment_id = pay.id and voided_at is null;
      update public.payments set status = p_status, outcome = 'voided', outcome_detail = p_status, voided_at = now(), updated_at = now()
        where id = pay.id;
      return 'voided';
    end if;
    update public.payments set status = p_status, updated_at = now(),
      outcome = case when outcome = 'voided' then 'voided' else 'rejected' end, outcome_detail = p_status
      where id = pay.id;
    return case when pay.outcome = 'voided' then 'voided' else 'rejected' end;
  end if;

  if pay.outcome in ('credited', 'voided') or pay.status in ('refunded', 'charged_back') then
    -- Already decided for good: a replay, or a late "approved" (or "pending") after a refund,
    -- also one recorded before the payment was ever credited.
    return pay.outcome;
  end if;

  if p_status = 'approved' then
    select * into pack from public.pro_packs where pack_type = checkout.pack_type;
    select * into round from public.quinielas where id = checkout.quiniela_id;
    if checkout.id is null then
      new_outcome := 'refused'; detail := 'unknown_reference';
    elsif p_currency is distinct from 'MXN' or p_amount is distinct from pack.price_mxn then
      new_outcome := 'refused'; detail := 'amount_mismatch';
    elsif round.id is null or round.deadline <= now() or round.results_saved then
      new_outcome := 'refused'; detail := 'round_closed';
    else
      new_outcome := 'credited';
    end if;
    if new_outcome = 'credited' then
      -- One player's credits go one at a time, so the numbering below sees the other payments' entries.
      perform 1 from public.profiles where id = checkout.user_id for no key update;
      insert into public.paid_entries (quiniela_id, user_id, label, payment_id)
        select checkout.quiniela_id, checkout.user_id, null, pay.id from generate_series(1, pack.entries);
      -- Labels number a player's entries in the round in the order they were credited.
      update public.paid_entries e set label = 'Entrada ' || n.rn
        from (
          select id, row_number() over (order by label is null, created_at, id) as rn
          from public.paid_entries where quiniela_id = checkout.quiniela_id and user_id = checkout.user_id
        ) n
        where e.id = n.id and e.label is null;
    end if;
    update public.payments set status = p_status, amount_mxn = p_amount, currency = p_currency, outcome = new_outcome,
      outcome_detail = detail, pool_mxn = case when new_outcome = 'credited' then pack.pool_mxn else 0 end,
      credited_at = case when new_outcome = 'credited' then now() end, updated_at = now()
      where id = pay.id;
    return new_outcome;
  end if;

  new_outcome := case when p_status in ('pending', 'in_process', 'authorized', 'in_mediation') then 'pending' else 'rejected' end;
  update public.payments set status = p_status, amount_mxn = p_amount, currency = p_currency, outcome = new_outcome,
    outcome_detail = case when new_outcome = 'rejected' then p_status end, updated_at = now()
    where id = pay.id;
  return new_outcome;
end
$$;
comment on function public.record_pro_payment(text, text, numeric, text, text) is 'mercadopago-webhook''s referee (service role): records a payment once and credits, voids or refuses it.';
revoke execute on function public.record_pro_payment(text, text, numeric, text, text) from public, anon, authenticated;
grant execute on function public.record_pro_payment(text, text, numeric, text, text) to service_role;

-- ---------------------------------------------------------------------------------------------
-- The pool: the larger of the minimum and the credited contributions.
create function public.pro_pool_stats(p_quiniela bigint)
returns table (pool_mxn numeric, players int, entries int)
language sql stable security definer set search_path = ''
as $$
  select
    greatest(public.pro_pool_minimum(), coalesce((select sum(p.pool_mxn) from public.payments p
      where p.quiniela_id = p_quiniela and p.outcome = 'credited'), 0)),
    (select count(distinct e.user_id)::int from public.paid_entries e where e.quiniela_id = p_quiniela and e.voided_at is null),
    (select count(*)::int from public.paid_entries e where e.quiniela_id = p_quiniela and e.voided_at is null)
$$;
comment on function public.pro_pool_stats(bigint) is 'A round''s Pro pool (MXN, at least pro_pool_minimum()), players and live entries. Public.';
revoke execute on function public.pro_pool_stats(bigint) from public;
grant execute on function public.pro_pool_stats(bigint) to anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Results: one row per live entry the caller may see (his own before the deadline, everyone's
-- after: the policies of paid_entries and paid_picks decide, this runs as the caller), with its
-- picks and points (1 per correct pick), best first, then by name.
create function public.pro_results_snapshot(p_quiniela bigint)
returns table (entry_id bigint, user_id uuid, username text, label text, points int, picks jsonb)
language sql stable security invoker set search_path = ''
as $$
  select e.id, e.user_id, coalesce(pp.username, ''), coalesce(e.label, 'Entrada'),
    count(*) filter (where m.correct_result is not null and m.correct_result = k.result)::int,
    coalesce(jsonb_agg(jsonb_build_object('match_id', k.match_id, 'result', k.result)
      order by m.match_order) filter (where k.match_id is not null), '[]'::jsonb)
  from public.paid_entries e
  left join public.public_profiles pp on pp.id = e.user_id
  left join public.paid_picks k on k.paid_entry_id = e.id
  left join public.matches m on m.id = k.match_id
  where e.quiniela_id = p_quiniela and e.voided_at is null
  group by e.id, e.user_id, pp.username, e.label
  order by 5 desc, lower(coalesce(pp.username, '')), e.label, e.id
$$;
comment on function public.pro_results_snapshot(bigint) is 'Pro entries of a round with picks and points, as the caller may see them (RLS applies).';
revoke execute on function public.pro_results_snapshot(bigint) from public, anon;
grant execute on function public.pro_results_snapshot(bigint) to authenticated;

-- Copies the caller's free picks of the round into one of his live entries (open rounds only:
-- the policies of paid_picks refuse the rest). Returns how many picks were copied.
create function public.copy_free_picks_to_paid_entry(p_entry bigint)
returns int
language plpgsql security invoker set search_path = ''
as $$
declare
  copied int;
  entry public.paid_entries;
begin
  select * into entry from public.paid_entries where id = p_entry and user_id = auth.uid() and voided_at is null;
  if not found then
    raise exception 'No tienes esa entrada.' using errcode = '42501';
  end if;
  insert into public.paid_picks (paid_entry_id, quiniela_id, match_id, result)
    select entry.id, p.quiniela_id, p.match_id, p.result
    from public.picks p where p.user_id = auth.uid() and p.quiniela_id = entry.quiniela_id
    on conflict (paid_entry_id, match_id) do update set result = excluded.result;
  get diagnostics copied = row_count;
  return copied;
end
$$;
comment on function public.copy_free_picks_to_paid_entry(bigint) is 'Copies the caller''s free picks of the round into his Pro entry while the round is open.';
revoke execute on function public.copy_free_picks_to_paid_entry(bigint) from public, anon;
grant execute on function public.copy_free_picks_to_paid_entry(bigint) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- The payout (decisions.md): once the round is finalized, the whole pool goes to the live
-- entries with the most points, shared evenly per entry. Empty before that.
create function public.pro_payout(p_quiniela bigint)
returns table (entry_id bigint, ledger_tag text, points int, share_mxn numeric)
language sql stable security definer set search_path = ''
as $$
  with round as (
    select q.id from public.quinielas q where q.id = p_quiniela and q.results_saved
  ), scored as (
    select e.id, coalesce(p.ledger_tag, 'ADMIN') as tag,
      (select count(*) from public.paid_picks k join public.matches m on m.id = k.match_id
        where k.paid_entry_id = e.id and m.correct_result = k.result)::int as points
    from public.paid_entries e
    join round on round.id = e.quiniela_id
    left join public.payments p on p.id = e.payment_id
    where e.voided_at is null
  ), winners as (
    select * from scored where points = (select max(points) from scored)
  )
  select w.id, w.tag, w.points,
    trunc((select s.pool_mxn from public.pro_pool_stats(p_quiniela) s) / (select count(*) from winners), 2)
  from winners w
  order by w.id
$$;
comment on function public.pro_payout(bigint) is 'The Pro pool''s split among a finalized round''s best entries (even shares per entry). Public: entries are shown by ledger tag only.';
revoke execute on function public.pro_payout(bigint) from public;
grant execute on function public.pro_payout(bigint) to anon, authenticated;

-- The open ledger: every credited or voided payment of a round, without who paid. The pool
-- total is the sum of the credited lines (at least the minimum); anyone can add it up.
create function public.pro_ledger(p_quiniela bigint)
returns table (at timestamptz, ledger_tag text, pack_type text, amount_mxn numeric, pool_mxn numeric, outcome text)
language sql stable security definer set search_path = ''
as $$
  select coalesce(p.credited_at, p.created_at), p.ledger_tag, p.pack_type, p.amount_mxn,
    case when p.outcome = 'credited' then p.pool_mxn else 0 end, p.outcome
  from public.payments p
  where p.quiniela_id = p_quiniela and p.outcome in ('credited', 'voided')
  order by coalesce(p.credited_at, p.created_at), p.id
$$;
comment on function public.pro_ledger(bigint) is 'A round''s credited and voided Pro payments, anonymous (ledger tag only). Public.';
revoke execute on function public.pro_ledger(bigint) from public;
grant execute on function public.pro_ledger(bigint) to anon, authenticated;

-- A voided payment's contribution goes back to 0 in the ledger view above, but the row keeps
-- what it once added (pool_mxn) for the admins' records.
alter publication supabase_realtime add table public.payments;
