-- Usernames that look alike are one name (an attack run, 2026-11-26). Names were unique
-- ignoring case only, so "Sofía" could sit beside "SofiTricolor"'s look-alike "SofıTricolor"
-- (a dotless ı), "SofiTricołor" (ł) or "Sofia" beside "Sofía", and one player could pass for
-- another in the chat and the rankings. Uniqueness now compares public.username_key: case
-- folded, accents and other marks dropped, and the Latin letters that read as a plain one
-- without decomposing into it (ı ł ø đ ħ ŧ ĸ ſ ð ŋ, and ß æ œ þ) written as it. The letters a
-- name may use do not change (20261123002000_usernames.sql).

create function public.username_key(name text) returns text
language sql immutable parallel safe set search_path = ''
as $$
  select replace(replace(replace(replace(
           translate(regexp_replace(normalize(lower(name collate "pg_c_utf8"), NFD), '[\u0300-\u036F]', '', 'g'),
                     'ıłøđħŀŧĸſðŋ', 'ilodhltksdn'),
           'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'þ', 'th')
$$;
comment on function public.username_key(text) is 'What makes two usernames the same name: case, accents and look-alike Latin letters folded (Sofía = SOFIA = Sofıa).';
-- Players need it: the unique index on it is computed as the writer of a profile.
revoke execute on function public.username_key(text) from public, anon;
grant execute on function public.username_key(text) to authenticated, service_role;

-- Names that collide under the new key: the oldest keeps its name, the others get the lowest
-- free number (within 20 characters), as the sign-up chain does for a name taken meanwhile.
do $$
declare
  p record;
  suffix int;
  chosen text;
begin
  for p in
    select id, username from (
      select id, username, row_number() over (partition by public.username_key(username) order by created_at, id) as nth
      from public.profiles) ranked
    where nth > 1 order by id
  loop
    suffix := 1;
    chosen := p.username;
    while exists (select 1 from public.profiles o where o.id <> p.id and public.username_key(o.username) = public.username_key(chosen)) loop
      suffix := suffix + 1;
      chosen := left(p.username, 20 - char_length(suffix::text)) || suffix::text;
    end loop;
    update public.profiles set username = chosen where id = p.id;
  end loop;
end
$$;

drop index public.profiles_username_lower_key;
create unique index profiles_username_key on public.profiles (public.username_key(username));

create or replace function public.check_username(name text) returns text
language sql stable security definer set search_path = ''
as $$
  select coalesce(
    public.username_problem(name),
    case when exists (
      select 1 from public.profiles
      where public.username_key(username) = public.username_key(public.normalize_username(name))
        and id is distinct from (select auth.uid())
    ) then 'taken' else 'ok' end
  )
$$;
comment on function public.check_username(text) is 'Whether a username may be used: ok, taken (the same name ignoring case, accents and look-alike letters; the caller''s own name excepted), too_short, too_long or invalid.';

-- Adding a friend finds him by the same key: "sofia" finds Sofía.
create or replace function public.find_player(username_input text)
returns table (id uuid, username text, club_logo_url text)
language sql stable security definer set search_path = ''
as $$
  select p.id, p.username, c.logo_url
  from public.profiles p left join public.clubs c on c.id = p.favorite_club_id
  where (select auth.uid()) is not null
    and public.username_key(p.username) = public.username_key(public.normalize_username(username_input))
  limit 1
$$;
comment on function public.find_player(text) is 'A player by username (ignoring case, accents and look-alike letters), for adding friends; signed-in players only.';

create or replace function public.handle_confirmed_user() returns trigger
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

  insert into public.notification_preferences (user_id) values (new.id) on conflict (user_id) do nothing;
  return new;
end
$$;
