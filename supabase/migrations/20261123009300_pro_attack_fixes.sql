-- Holes found by tests/api/attacks/pro-attacks.test.ts in 20261123009000_pro_payments.sql.

-- 1. A refund or charge-back the referee heard before the payment was ever credited (two
--    deliveries racing: one fetched "approved", the other "refunded" and was recorded first) left
--    the payment open, so the stale "approved" arriving last credited entries for refunded money.
--    A refunded or charged-back payment is now final whatever arrives after it.
-- 4. Two payments of one player credited at the same moment numbered their entries from the same
--    snapshot ("Entrada 4" twice). Crediting now locks the buyer's profile row first, and numbers
--    the new entries after the ones already numbered (created_at is the transaction's start, so
--    a payment that waited for the lock may carry an earlier time than entries numbered before it).
create or replace function public.record_pro_payment(
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

-- 2. An approved amount beyond numeric(10, 2) (e.g. 10^12) made record_pro_payment fail, so the
--    webhook answered 500 and MercadoPago retried it forever. The amount is a fact about the
--    provider's payment, stored as given; the referee still refuses any amount but the price.
alter table public.payments alter column amount_mxn type numeric;

-- 3. Even shares were rounded to the nearest cent, so a tie of 7 on a 300.00 pool paid out
--    7 × 42.86 = 300.02: more than the pool. Shares are now cut to the cent (the rest, under a
--    cent per winning entry, stays unpaid).
create or replace function public.pro_payout(p_quiniela bigint)
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
