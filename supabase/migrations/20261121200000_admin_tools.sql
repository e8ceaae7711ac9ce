-- Admin tools (issue 4): creating a round with its matches in one step, the 30-day analytics,
-- and the recipients of the round reminder. Admin checks live inside each function, so the
-- database refuses a non-admin whatever the client does.

-- Security invoker: the admin policies of quinielas and matches apply as well; the explicit
-- check only makes the refusal clear. One transaction, so a failed match leaves no empty round.
create function public.admin_create_round(
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
comment on function public.admin_create_round(text, int, timestamptz, boolean, jsonb) is
  'Admin: creates a round and its matches (array of {home_club_id, away_club_id, special_bonus_points, underdog_bonus_points, underdog_bonus_side}, in order) atomically; returns the round id.';
revoke execute on function public.admin_create_round(text, int, timestamptz, boolean, jsonb) from public, anon;
grant execute on function public.admin_create_round(text, int, timestamptz, boolean, jsonb) to authenticated, service_role;

-- Security invoker: admins may read every table it counts under RLS; the check makes a
-- non-admin's refusal explicit instead of an answer of zeros.
create function public.admin_analytics_30d(p_from date) returns json
language plpgsql stable security invoker set search_path = ''
as $$
declare
  since timestamptz := (p_from::timestamp at time zone 'America/Mexico_City');
  result json;
begin
  if not (public.is_admin() or (select auth.role()) = 'service_role') then
    raise exception 'Acceso restringido a administradores.' using errcode = '42501';
  end if;
  select json_build_object(
    'active_users', (
      select count(distinct user_id) from (
        select user_id from public.activity_logs where created_at >= since
        union all
        select user_id from public.picks where updated_at >= since
        union all
        select user_id from public.daily_game_picks where updated_at >= since
      ) active
    ),
    'total_signups', (select count(*) from public.profiles),
    'new_referrals', (select count(*) from public.referral_tracking where created_at >= since),
    'referral_top', coalesce((
      select json_agg(json_build_object('username', t.username, 'count', t.referrals) order by t.referrals desc, t.username)
      from (
        select p.username, count(*)::int as referrals
        from public.referral_tracking r
        join public.profiles p on p.id = r.referrer_id
        where r.created_at >= since
        group by p.username
        order by referrals desc, p.username
        limit 10
      ) t
    ), '[]'::json)
  ) into result;
  return result;
end
$$;
comment on function public.admin_analytics_30d(date) is
  'Admin: active players (activity, picks or Boost answers since p_from, a Mexico City date), total players, new referrals and the top 10 referrers of the window.';
revoke execute on function public.admin_analytics_30d(date) from public, anon;
grant execute on function public.admin_analytics_30d(date) to authenticated, service_role;

-- Who the round reminder goes to: players with remind_quinielazo on and fewer picks than the
-- round has matches. Service role only (the quinielazo-reminder function, after its admin check).
create function public.quinielazo_reminder_recipients(quiniela_id_input bigint)
returns table (user_id uuid, email text, username text, picked int, total int)
language sql stable security invoker set search_path = ''
as $$
  with total as (select count(*)::int as n from public.matches where quiniela_id = quiniela_id_input)
  select p.id, p.email, p.username, coalesce(k.n, 0), total.n
  from public.notification_preferences np
  join public.profiles p on p.id = np.user_id
  cross join total
  left join (
    select user_id, count(*)::int as n from public.picks where quiniela_id = quiniela_id_input group by user_id
  ) k on k.user_id = p.id
  where np.remind_quinielazo
    and p.email is not null
    and coalesce(k.n, 0) < total.n
  order by p.id
$$;
comment on function public.quinielazo_reminder_recipients(bigint) is
  'Players to remind about a round: remind_quinielazo on and fewer picks than matches. Service role only.';
revoke execute on function public.quinielazo_reminder_recipients(bigint) from public, anon, authenticated;
grant execute on function public.quinielazo_reminder_recipients(bigint) to service_role;
