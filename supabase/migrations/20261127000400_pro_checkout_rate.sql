-- Starting a Pro purchase makes a MercadoPago preference on the merchant's token; nothing limited
-- it (100 parallel calls made 100 preferences in 0.95 s, issue 27). A player may have at most 10
-- checkouts started in the last 10 minutes that no payment followed: more than a player who
-- changes his mind needs, while one who pays is never held back. Counted under a per-player lock
-- so parallel calls cannot all see the same count.
create index payments_checkout_id_idx on public.payments (checkout_id);

create function internal.limit_pro_checkouts() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtext('pro_checkouts'), hashtext(new.user_id::text));
  if (select count(*) from public.pro_checkouts c
      where c.user_id = new.user_id and c.created_at > clock_timestamp() - interval '10 minutes'
        and not exists (select 1 from public.payments p where p.checkout_id = c.id)) >= 10 then
    raise exception 'Ya iniciaste varios pagos en unos minutos. Espera un momento e inténtalo de nuevo.'
      using errcode = 'QZ429', hint = 'Como máximo 10 pagos sin pagar iniciados cada 10 minutos.';
  end if;
  return new;
end
$$;
comment on function internal.limit_pro_checkouts() is
  'Trigger: a player has at most 10 unpaid Pro checkouts started in 10 minutes (QZ429), counted under a per-player lock.';
revoke execute on function internal.limit_pro_checkouts() from public, anon, authenticated;

create trigger pro_checkouts_rate before insert on public.pro_checkouts
  for each row execute function internal.limit_pro_checkouts();
