-- The sign-up chain (docs/product.md#sign-up) in the database, so no client can skip it: when a
-- user's e-mail becomes confirmed (on insert or on update), the profile is created from the
-- pending signup of that e-mail, or from the sign-up metadata (supabase-js signUp
-- options.data) when there is none; the referral code is resolved into referred_by and a
-- referral_tracking row; default preferences are created; the pending row is deleted.

-- Definer: runs inside GoTrue's write to auth.users and must write profiles, preferences and
-- referrals that the auth role cannot.
create function public.handle_confirmed_user() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  pending public.pending_signups%rowtype;
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  wanted text;
  chosen text;
  suffix int := 1;
  code text;
  referrer uuid;
begin
  if new.email_confirmed_at is null then
    return new;
  end if;
  if tg_op = 'UPDATE' and old.email_confirmed_at is not null then
    return new;
  end if;
  if exists (select 1 from public.profiles where id = new.id) then
    return new;
  end if;

  select * into pending from public.pending_signups where email = lower(btrim(new.email));

  wanted := btrim(coalesce(pending.username, meta ->> 'username', ''));
  if char_length(wanted) < 3 then
    wanted := 'jugador' || left(replace(new.id::text, '-', ''), 6);
  end if;
  -- A name taken since the availability check gets a number rather than failing the confirmation.
  chosen := wanted;
  while exists (select 1 from public.profiles where lower(username) = lower(chosen)) loop
    suffix := suffix + 1;
    chosen := wanted || suffix::text;
  end loop;

  code := nullif(btrim(coalesce(pending.referred_by, meta ->> 'referred_by', '')), '');
  if code is not null then
    select id into referrer from public.profiles where upper(referral_code) = upper(code);
  end if;

  insert into public.profiles (id, username, email, newsletter_opt_in, referral_code, referred_by)
  values (
    new.id,
    chosen,
    lower(new.email),
    coalesce(
      pending.newsletter_opt_in,
      case when meta ->> 'newsletter_opt_in' in ('true', 'false') then (meta ->> 'newsletter_opt_in')::boolean end,
      false
    ),
    public.new_referral_code(),
    referrer
  );

  if referrer is not null then
    insert into public.referral_tracking (referrer_id, referred_id) values (referrer, new.id);
  end if;

  insert into public.notification_preferences (user_id) values (new.id) on conflict (user_id) do nothing;

  delete from public.pending_signups where email = lower(btrim(new.email));
  return new;
end
$$;
comment on function public.handle_confirmed_user() is 'Trigger on auth.users: turns a confirmed e-mail into a profile (see migration). Definer: writes tables the auth role cannot.';
revoke execute on function public.handle_confirmed_user() from public, anon, authenticated;

create trigger on_auth_user_confirmed
  after insert or update of email_confirmed_at on auth.users
  for each row execute function public.handle_confirmed_user();
