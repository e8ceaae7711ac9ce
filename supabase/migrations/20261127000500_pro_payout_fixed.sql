-- A Pro round's pool and payout are fixed when the round is finalized (issue 27). pro_payout was
-- computed on every read from the live entries, so a winner who charged back his payment after
-- the round was finalized voided his entry and moved the 300 MXN to the next entry: the business
-- paid twice, or its public ledger contradicted what it paid.
--
-- Now finalizing writes the pool and the payout once (pro_round_closings, pro_payouts). A refund
-- or charge-back heard after that is the house's loss: the payment is recorded and shown in the
-- open ledger as such, its entries keep playing in the results they were finalized with, and the
-- prize never moves. A corrected result of a finalized round (the admin's fix of the referee's
-- own input) recomputes the payout over the same pool and the entries that were live when the
-- round was finalized. A payment approved after its round closed is still refused (no entry),
-- and mercadopago-webhook now refunds it through MercadoPago's refund API and tells the player.

create table public.pro_round_closings (
  quiniela_id bigint primary key references public.quinielas (id) on delete cascade,
  pool_mxn numeric(10, 2) not null,
  players int not null,
  entries int not null,
  fixed_at timestamptz not null default now()
);
comment on table public.pro_round_closings is 'A finalized round''s Pro pool, fixed at finalization (later refunds are the house''s loss). Written by the finalization trigger only.';

create table public.pro_payouts (
  quiniela_id bigint not null references public.pro_round_closings (quiniela_id) on delete cascade,
  entry_id bigint not null references public.paid_entries (id) on delete cascade,
  ledger_tag text not null,
  points int not null,
  share_mxn numeric(10, 2) not null,
  primary key (quiniela_id, entry_id)
);
comment on table public.pro_payouts is 'A finalized round''s Pro payout: the best entries and their even shares, fixed at finalization. Written by the finalization trigger only.';

alter table public.pro_round_closings enable row level security;
alter table public.pro_payouts enable row level security;
revoke all on table public.pro_round_closings, public.pro_payouts from anon, authenticated;
grant select on table public.pro_round_closings, public.pro_payouts to anon, authenticated;
grant all on table public.pro_round_closings, public.pro_payouts to service_role;
create policy "Everyone reads fixed Pro pools" on public.pro_round_closings for select to anon, authenticated using (true);
create policy "Everyone reads fixed Pro payouts" on public.pro_payouts for select to anon, authenticated using (true);

-- What the house absorbs: a payment refunded or charged back after its round was finalized.
alter table public.payments drop constraint payments_outcome_check;
alter table public.payments add constraint payments_outcome_check
  check (outcome in ('pending', 'rejected', 'credited', 'voided', 'refused', 'house_loss'));
comment on column public.payments.outcome is
  'pending, rejected, credited, voided (refunded before the round was finalized), refused (with why), or house_loss (refunded or charged back after: the prize stays).';
-- The refund the webhook asked MercadoPago for (a payment approved after its round closed), and
-- when the player was told: each step once, however often MercadoPago repeats the notification.
alter table public.payments
  add column refund_id text,
  add column refund_requested_at timestamptz,
  add column refund_mailed_at timestamptz;
comment on column public.payments.refund_id is 'MercadoPago''s refund of a payment refused because its round had closed (set by mercadopago-webhook).';
comment on column public.payments.refund_mailed_at is 'When the player was told by e-mail that the refused payment was refunded.';

-- The payout over a pool, among the entries live at `as_of` (voided later still count).
create function internal.fix_pro_payout(p_quiniela bigint) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  closing public.pro_round_closings;
begin
  select * into closing from public.pro_round_closings c where c.quiniela_id = p_quiniela for update;
  if not found then
    insert into public.pro_round_closings (quiniela_id, pool_mxn, players, entries)
    select p_quiniela, s.pool_mxn, s.players, s.entries from public.pro_pool_stats(p_quiniela) s
    returning * into closing;
  end if;
  delete from public.pro_payouts where quiniela_id = p_quiniela;
  with scored as (
    select e.id, coalesce(p.ledger_tag, 'ADMIN') as tag,
      (select count(*) from public.paid_picks k join public.matches m on m.id = k.match_id
        where k.paid_entry_id = e.id and m.correct_result = k.result)::int as points
    from public.paid_entries e
    left join public.payments p on p.id = e.payment_id
    where e.quiniela_id = p_quiniela and (e.voided_at is null or e.voided_at > closing.fixed_at)
  ), winners as (
    select * from scored where points = (select max(points) from scored)
  )
  insert into public.pro_payouts (quiniela_id, entry_id, ledger_tag, points, share_mxn)
  select p_quiniela, w.id, w.tag, w.points, trunc(closing.pool_mxn / (select count(*) from winners), 2)
  from winners w;
end
$$;
comment on function internal.fix_pro_payout(bigint) is
  'Fixes a finalized round''s Pro pool (once) and payout (again after a corrected result, over the same pool and entries).';
revoke execute on function internal.fix_pro_payout(bigint) from public, anon, authenticated;

create function internal.fix_pro_payout_on_finalize() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_table_name = 'quinielas' then
    perform internal.fix_pro_payout(new.id);
  elsif exists (select 1 from public.quinielas q where q.id = new.quiniela_id and q.results_saved) then
    perform internal.fix_pro_payout(new.quiniela_id);
  end if;
  return null;
end
$$;
comment on function internal.fix_pro_payout_on_finalize() is 'Trigger: fixes the Pro payout when a round is finalized, and again when a finalized round''s result is corrected.';
revoke execute on function internal.fix_pro_payout_on_finalize() from public, anon, authenticated;

create trigger quinielas_fix_pro_payout after update of results_saved on public.quinielas
  for each row when (new.results_saved and not old.results_saved)
  execute function internal.fix_pro_payout_on_finalize();
create trigger matches_fix_pro_payout after update of correct_result on public.matches
  for each row when (new.correct_result is distinct from old.correct_result)
  execute function internal.fix_pro_payout_on_finalize();

-- Rounds finalized before this migration get theirs as they stand now.
insert into public.pro_round_closings (quiniela_id, pool_mxn, players, entries)
select q.id, s.pool_mxn, s.players, s.entries
from public.quinielas q cross join lateral public.pro_pool_stats(q.id) s
where q.results_saved;
do $$
declare
  r bigint;
begin
  for r in select quiniela_id from public.pro_round_closings loop
    perform internal.fix_pro_payout(r);
  end loop;
end $$;

-- Reads: the fixed payout once finalized; the fixed pool once finalized, the live one before.
create or replace function public.pro_payout(p_quiniela bigint)
returns table (entry_id bigint, ledger_tag text, points int, share_mxn numeric)
language sql stable security definer set search_path = ''
as $$
  select p.entry_id, p.ledger_tag, p.points, p.share_mxn
  from public.pro_payouts p join public.quinielas q on q.id = p.quiniela_id and q.results_saved
  where p.quiniela_id = p_quiniela
  order by p.entry_id
$$;
comment on function public.pro_payout(bigint) is 'The Pro pool''s split among a finalized round''s best entries (even shares per entry), as fixed at finalization. Public: entries are shown by ledger tag only.';

create or replace function public.pro_pool_stats(p_quiniela bigint)
returns table (pool_mxn numeric, players int, entries int)
language sql stable security definer set search_path = ''
as $$
  select c.pool_mxn, c.players, c.entries from public.pro_round_closings c where c.quiniela_id = p_quiniela
  union all
  select
    greatest(public.pro_pool_minimum(), coalesce((select sum(p.pool_mxn) from public.payments p
      where p.quiniela_id = p_quiniela and p.outcome = 'credited'), 0)),
    (select count(distinct e.user_id)::int from public.paid_entries e where e.quiniela_id = p_quiniela and e.voided_at is null),
    (select count(*)::int from public.paid_entries e where e.quiniela_id = p_quiniela and e.voided_at is null)
  where not exists (select 1 from public.pro_round_closings c where c.quiniela_id = p_quiniela)
$$;
comment on function public.pro_pool_stats(bigint) is 'A round''s Pro pool (MXN, at least pro_pool_minimum()), players and live entries; fixed once the round is finalized. Public.';

create or replace function public.pro_ledger(p_quiniela bigint)
returns table (at timestamptz, ledger_tag text, pack_type text, amount_mxn numeric, pool_mxn numeric, outcome text)
language sql stable security definer set search_path = ''
as $$
  select coalesce(p.credited_at, p.created_at), p.ledger_tag, p.pack_type, p.amount_mxn,
    case when p.outcome in ('credited', 'house_loss') then p.pool_mxn else 0 end, p.outcome
  from public.payments p
  where p.quiniela_id = p_quiniela and p.outcome in ('credited', 'voided', 'house_loss')
  order by coalesce(p.credited_at, p.created_at), p.id
$$;
comment on function public.pro_ledger(bigint) is 'A round''s credited, voided and house-loss Pro payments, anonymous (ledger tag only); a house loss still counts in the fixed pool. Public.';

-- The referee: a refund or charge-back of a credited payment after its round was finalized is
-- the house's loss (entries and payout stay); a refund of a refused payment keeps why it was
-- refused. Otherwise as in 20261123009000_pro_payments.sql.
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
      if exists (select 1 from public.pro_round_closings c where c.quiniela_id = pay.quiniela_id) then
        update public.payments set status = p_status, outcome = 'house_loss', outcome_detail = p_status, voided_at = now(), updated_at = now()
          where id = pay.id;
        return 'house_loss';
      end if;
      update public.paid_entries set voided_at = now() where payment_id = pay.id and voided_at is null;
      update public.payments set status = p_status, outcome = 'voided', outcome_detail = p_status, voided_at = now(), updated_at = now()
        where id = pay.id;
      return 'voided';
    end if;
    if pay.outcome in ('voided', 'house_loss', 'refused') then
      update public.payments set status = p_status, updated_at = now() where id = pay.id;
      return pay.outcome;
    end if;
    update public.payments set status = p_status, updated_at = now(), outcome = 'rejected', outcome_detail = p_status
      where id = pay.id;
    return 'rejected';
  end if;

  if pay.outcome in ('credited', 'voided', 'house_loss') or pay.status in ('refunded', 'charged_back') then
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
