-- A browser's push endpoint belongs to the account that saved it first, until that account
-- removes it. save_push_subscription moved an endpoint to whoever saved it next, so a player who
-- learnt another's endpoint URL could take his notices away (issue 27). The app, refused on a
-- phone that another account used before, makes this browser a new subscription (a new endpoint)
-- and saves that; the old one dies at the push service and the dispatcher drops it.
create or replace function public.save_push_subscription(p_endpoint text, p_p256dh text, p_auth text, p_user_agent text default null)
returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
begin
  if me is null then
    raise exception 'Inicia sesión para activar los avisos.' using errcode = '42501';
  end if;
  insert into public.push_subscriptions (user_id, endpoint, p256dh, auth, user_agent)
  values (me, p_endpoint, p_p256dh, p_auth, left(p_user_agent, 512))
  on conflict (endpoint) do update
    set p256dh = excluded.p256dh, auth = excluded.auth, user_agent = excluded.user_agent, failures = 0
    where public.push_subscriptions.user_id = excluded.user_id;
  if not found then
    raise exception 'Este navegador ya recibe los avisos de otra cuenta.' using errcode = '23505',
      hint = 'Make a new push subscription in this browser and save that one.';
  end if;
exception
  when check_violation or not_null_violation then
    raise exception 'La suscripción de avisos de este navegador no es válida.' using errcode = '22023';
end
$$;
comment on function public.save_push_subscription(text, text, text, text) is
  'Saves (or refreshes) this browser''s push subscription for the signed-in player; an endpoint another account saved is refused (23505).';
