-- The sign-up chain (docs/product.md#sign-up) in the database, so no client can skip it: when a
-- user's e-mail becomes confirmed (on insert or on update), the profile is created from the
-- pending signup of that e-mail, or from the sign-up metadata (supabase-js signUp
-- options.data) when there is none; the referral code is resolved into referred_by and a
-- referral_tracking row (a liga's invitation code, league_code, joins the liga and makes its
-- owner the referrer when no referral code names one); default preferences are created; the pending row is deleted.

set check_function_bodies = off;

-- Definer: runs inside GoTrue's write to auth.users and must write profiles, preferences and
-- referrals that the auth role cannot.
create function public.handle_confirmed_user() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  meta jsonb := case when jsonb_typeof(new.raw_user_meta_data) = 'object' then new.raw_user_meta_data else '{}'::jsonb end;
  choices record;
  wanted text;
  chosen text;
  suffix int := 1;
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

  select * into choices from public.signup_choices(meta);
  wanted := coalesce(choices.username, 'jugador' || left(replace(new.id::text, '-', ''), 6));
  if choices.referral_code is not null then
    select id into referrer from public.profiles where upper(referral_code) = choices.referral_code;
  end if;
  -- Joining through a liga's invitation counts as its owner's referral (issue 29).
  if referrer is null and choices.league_code is not null then
    select l.owner_id into referrer from public.leagues l where l.code = choices.league_code;
  end if;

  -- A name taken since sign-up (or one that looks like a taken one) gets a number (still within
  -- 20 characters) rather than failing the confirmation; a clash with a confirmation running at
  -- the same moment is retried.
  chosen := wanted;
  loop
    while exists (select 1 from public.profiles where public.username_key(username) = public.username_key(chosen)) loop
      suffix := suffix + 1;
      chosen := left(wanted, 20 - char_length(suffix::text)) || suffix::text;
    end loop;
    begin
      insert into public.profiles (id, username, email, newsletter_opt_in, referral_code, referred_by)
      values (new.id, chosen, lower(new.email), coalesce(choices.newsletter_opt_in, false), public.new_referral_code(), referrer);
      exit;
    exception when unique_violation then
      if exists (select 1 from public.profiles where id = new.id) then
        return new;
      end if;
    end;
  end loop;

  if referrer is not null then
    insert into public.referral_tracking (referrer_id, referred_id) values (referrer, new.id);
  end if;

  -- The sign-up's "Quiero recibir noticias, recordatorios y novedades por correo" left unticked
  -- turns every notice off (issue 44, item 5: an unticked player got the Boost reminder within
  -- 30 s and found every preference on); ticked, or a sign-up that does not ask (an account made
  -- by an admin), keeps the defaults.
  insert into public.notification_preferences (user_id, remind_quinielazo, remind_boost, new_quinielazo, new_blog, news_updates, points_ready)
  select new.id, wanted_notices, wanted_notices, wanted_notices, wanted_notices, wanted_notices, wanted_notices
  from (select coalesce(choices.newsletter_opt_in, true) as wanted_notices) w
  on conflict (user_id) do nothing;
  if choices.league_code is not null then
    perform internal.join_league_at_signup(new.id, choices.league_code);
  end if;
  return new;
end
$$;
comment on function public.handle_confirmed_user() is 'Trigger on auth.users: turns a confirmed e-mail into a profile from the user''s own sign-up metadata; never fails on a bad value (it is replaced by the default). Definer: writes tables the auth role cannot.';
revoke execute on function public.handle_confirmed_user() from public, anon, authenticated;

-- The metadata's four values as the rules accept them; null where a value is missing or wrong.
create function public.signup_choices(meta jsonb, out username text, out newsletter_opt_in boolean, out referral_code text, out league_code text)
language sql immutable parallel safe set search_path = ''
as $$
  select
    case when jsonb_typeof(meta -> 'username') = 'string' and public.username_problem(meta ->> 'username') is null
         then public.normalize_username(meta ->> 'username') end,
    case when jsonb_typeof(meta -> 'newsletter_opt_in') = 'boolean' then (meta -> 'newsletter_opt_in')::boolean end,
    case when jsonb_typeof(meta -> 'referred_by') = 'string' and char_length(btrim(meta ->> 'referred_by')) between 1 and 64
         then upper(btrim(meta ->> 'referred_by')) end,
    case when jsonb_typeof(meta -> 'league_code') = 'string' and char_length(btrim(meta ->> 'league_code')) between 1 and 64
         then upper(btrim(meta ->> 'league_code')) end
$$;
comment on function public.signup_choices(jsonb) is 'Username (normalised), newsletter opt-in, referral code and liga invitation code of sign-up metadata, each null unless it passes the rules.';
revoke execute on function public.signup_choices(meta jsonb, OUT username text, OUT newsletter_opt_in boolean, OUT referral_code text, OUT league_code text) from public, anon, authenticated;

-- The auth server's before-user-created hook (Supabase Auth Hooks: a Postgres function taking
-- the event and returning {} to go on or {error: {http_code, message}} to refuse). It answers
-- the sign-up form's own questions, so a client that skips the form gets the same refusal.
-- A referral code that names nobody is not an error: an old link must not block a sign-up.
create function public.hook_before_user_created(event jsonb) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  meta jsonb := event -> 'user' -> 'user_metadata';
  problem text;
  refuse constant jsonb := '{"error": {"http_code": 400}}';
begin
  if meta is null or jsonb_typeof(meta) = 'null' then
    return '{}'::jsonb;
  end if;
  if jsonb_typeof(meta) <> 'object' then
    return jsonb_set(refuse, '{error,message}', to_jsonb('Los datos del registro no son válidos.'::text));
  end if;
  if meta ? 'username' then
    problem := case when jsonb_typeof(meta -> 'username') = 'string' then public.check_username(meta ->> 'username') else 'invalid' end;
    if problem = 'taken' then
      return jsonb_build_object('error', jsonb_build_object('http_code', 409,
        'message', 'Ese nombre de usuario ya está en uso; elige otro.'));
    elsif problem <> 'ok' then
      return jsonb_set(refuse, '{error,message}', to_jsonb(case problem
        when 'too_long' then 'El nombre de usuario puede tener como máximo 20 caracteres.'
        when 'too_short' then 'El nombre de usuario debe tener al menos 3 caracteres.'
        else 'El nombre de usuario solo puede tener letras, números, _, . y -.'
      end));
    end if;
  end if;
  if meta ? 'newsletter_opt_in' and jsonb_typeof(meta -> 'newsletter_opt_in') <> 'boolean' then
    return jsonb_set(refuse, '{error,message}', to_jsonb('La suscripción al boletín debe ser sí o no.'::text));
  end if;
  if meta ? 'referred_by' and jsonb_typeof(meta -> 'referred_by') <> 'null'
     and (jsonb_typeof(meta -> 'referred_by') <> 'string' or char_length(meta ->> 'referred_by') > 64) then
    return jsonb_set(refuse, '{error,message}', to_jsonb('El código de referido no es válido.'::text));
  end if;
  if meta ? 'league_code' and jsonb_typeof(meta -> 'league_code') <> 'null'
     and (jsonb_typeof(meta -> 'league_code') <> 'string' or char_length(meta ->> 'league_code') > 64) then
    return jsonb_set(refuse, '{error,message}', to_jsonb('El código de la liga no es válido.'::text));
  end if;
  return '{}'::jsonb;
end
$$;
comment on function public.hook_before_user_created(jsonb) is 'Auth hook: refuses a sign-up whose metadata breaks the rules (username, boolean opt-in, referral and liga code shape) with a 4xx and a Spanish message.';
revoke execute on function public.hook_before_user_created(event jsonb) from public, anon, authenticated;
grant execute on function public.hook_before_user_created(event jsonb) to supabase_auth_admin;

-- A player's profile keeps the address he signs in with. The auth API lets him change it
-- (supabase.auth.updateUser({ email }), completed when the new address opens the mailed link),
-- and the profile's copy was written once, at confirmation: reminders, points and score e-mails
-- kept going to the old address, and the same-mailbox referral rule
-- (internal.refuse_self_referral) compared against it.
create function internal.profile_email_follows_auth() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update public.profiles set email = lower(new.email)
  where id = new.id and email is distinct from lower(new.email);
  return null;
end
$$;
comment on function internal.profile_email_follows_auth() is
  'Trigger on auth.users (after an e-mail change): copies the new sign-in address to the profile. Definer: profiles.email is not writable by the auth role.';
revoke execute on function internal.profile_email_follows_auth() from public;

create trigger on_auth_user_confirmed
  after insert or update of email_confirmed_at on auth.users
  for each row execute function public.handle_confirmed_user();

-- Only a confirmed change: the auth server writes email itself once the new address confirms
-- (the pending one waits in email_change).
create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row when (new.email is distinct from old.email and new.email is not null)
  execute function internal.profile_email_follows_auth();
