-- Referrals and friends (docs/product.md#referrals-and-friends).

-- A referral link's visit counts once per visitor and code: the app sends a random visitor id
-- it keeps on the device, and the database keeps one row per pair.
alter table public.referral_clicks add column visitor_id uuid;
create unique index referral_clicks_code_visitor_key on public.referral_clicks (referral_code, visitor_id);
grant insert (visitor_id) on table public.referral_clicks to anon, authenticated;

-- The same person behind two accounts: one mailbox under two spellings. Lower case, the
-- "+tag" dropped, and for Gmail the dots too (Gmail ignores them), googlemail = gmail.
create function internal.mailbox_of(email text) returns text
language sql immutable parallel safe set search_path = ''
as $$
  select case when domain in ('gmail.com', 'googlemail.com')
              then replace(split_part(local, '+', 1), '.', '') || '@gmail.com'
              else split_part(local, '+', 1) || '@' || domain end
  from (select split_part(lower(btrim(email)), '@', 1) as local, split_part(lower(btrim(email)), '@', 2) as domain) e
$$;
comment on function internal.mailbox_of(text) is 'The mailbox an e-mail address delivers to (lower case, no +tag, Gmail without dots).';

-- Nobody refers himself, nor another account of his own: the referrer is dropped before the
-- profile is written (whatever path writes it), and referral_tracking only mirrors a referrer
-- the profile kept.
create function internal.refuse_self_referral() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.referred_by is not null and (
       new.referred_by = new.id
       or exists (select 1 from public.profiles r
                  where r.id = new.referred_by and internal.mailbox_of(r.email) = internal.mailbox_of(new.email))) then
    new.referred_by := null;
  end if;
  return new;
end
$$;
create trigger profiles_refuse_self_referral before insert or update of referred_by on public.profiles
  for each row execute function internal.refuse_self_referral();

create function internal.tracking_follows_profile() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if not exists (select 1 from public.profiles p where p.id = new.referred_id and p.referred_by = new.referrer_id) then
    return null;
  end if;
  return new;
end
$$;
create trigger referral_tracking_follows_profile before insert on public.referral_tracking
  for each row execute function internal.tracking_follows_profile();

-- Players a player follows by username (decisions: one-way, at most 50; they are not told).
create table public.friends (
  user_id uuid not null references public.profiles (id) on delete cascade,
  friend_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, friend_id),
  check (user_id <> friend_id)
);
comment on table public.friends is 'Players a player added to his friends ranking by username (one-way, at most 50).';
create index friends_friend_id_idx on public.friends (friend_id);

alter table public.friends enable row level security;
revoke all on table public.friends from anon, authenticated;
grant select, delete on table public.friends to authenticated;
grant insert (user_id, friend_id) on table public.friends to authenticated;
grant all on table public.friends to service_role;

create policy "Players read their own friends" on public.friends for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Players add their own friends" on public.friends for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "Players remove their own friends" on public.friends for delete to authenticated
  using (user_id = (select auth.uid()));

create function internal.friends_cap() returns trigger
language plpgsql set search_path = ''
as $$
begin
  -- Serialises one player's additions, so two at once cannot pass 50 together.
  perform pg_advisory_xact_lock(hashtext('quinielazo.friends'), hashtext(new.user_id::text));
  if (select count(*) from public.friends where user_id = new.user_id) >= 50 then
    raise exception 'Ya tienes 50 amigos agregados: quita uno para agregar otro.' using errcode = '23514';
  end if;
  return new;
end
$$;
create trigger friends_cap before insert on public.friends for each row execute function internal.friends_cap();

-- The month's ranking among a player's friends and himself, with the columns of
-- get_monthly_leaderboard; ranks are re-counted inside the group (ties share).
create function public.get_friends_leaderboard(month_input int, year_input int)
returns table (
  user_id uuid, username text, favorite_club_id bigint, club_logo_url text,
  total_points int, daily_points int, weekly_points int, referral_points int,
  rank_total int, rank_weekly int, rank_daily int, previous_rank int
)
language sql stable security definer set search_path = ''
as $$
  with me as (select (select auth.uid()) as id), circle as (
    select me.id from me where me.id is not null
    union select p.id from public.profiles p, me where p.referred_by = me.id
    union select p.referred_by from public.profiles p, me where p.id = me.id and p.referred_by is not null
    union select f.friend_id from public.friends f, me where f.user_id = me.id
  ), rows as (
    select c.id, pp.username, pp.favorite_club_id, cl.logo_url,
           coalesce(s.total_points, 0) as total_points, coalesce(s.daily_points, 0) as daily_points,
           coalesce(s.weekly_points, 0) as weekly_points, coalesce(s.referral_points, 0) as referral_points
    from circle c
    join public.public_profiles pp on pp.id = c.id
    left join public.clubs cl on cl.id = pp.favorite_club_id
    left join public.monthly_standings s on s.user_id = c.id and s.year = year_input and s.month = month_input
  ), ranked as (
    select r.*,
           rank() over (order by r.total_points desc)::int as rank_total,
           rank() over (order by r.weekly_points desc)::int as rank_weekly,
           rank() over (order by r.daily_points desc)::int as rank_daily
    from rows r
  )
  select r.id, r.username, r.favorite_club_id, r.logo_url, r.total_points, r.daily_points, r.weekly_points, r.referral_points,
         r.rank_total, r.rank_weekly, r.rank_daily, prev.rank_total
  from ranked r
  left join public.rank_snapshots prev
    on prev.user_id = r.id
   and prev.year = year_input - case when month_input = 1 then 1 else 0 end
   and prev.month = case when month_input = 1 then 12 else month_input - 1 end
  order by r.rank_total, r.username, r.id
$$;
comment on function public.get_friends_leaderboard(int, int) is
  'The caller''s friends ranking of a Mexico City month (his referrals, his referrer, the players he added, and himself), ranked within the group; the columns of get_monthly_leaderboard.';
revoke execute on function public.get_friends_leaderboard(int, int) from public, anon;
grant execute on function public.get_friends_leaderboard(int, int) to authenticated, service_role;

-- The referral card: friends invited, friends active (played a round), points earned from
-- referrals this month, and the monthly cap, for the caller.
create function public.get_my_referral_stats()
returns table (referral_code text, invited int, active int, month_points int, monthly_cap int)
language sql stable security definer set search_path = ''
as $$
  with me as (select p.id, p.referral_code from public.profiles p where p.id = (select auth.uid())),
  month as (select now() at time zone 'America/Mexico_City' as local_now)
  select me.referral_code,
         (select count(*)::int from public.profiles f where f.referred_by = me.id),
         (select count(*)::int from public.profiles f
          where f.referred_by = me.id and exists (select 1 from public.picks x where x.user_id = f.id)),
         coalesce((select s.referral_points from public.monthly_standings s, month
                   where s.user_id = me.id and s.year = extract(year from month.local_now) and s.month = extract(month from month.local_now)), 0),
         coalesce((select b.points::int from public.bonuses_for((select local_now::date from month)) b where b.code = 'referral_monthly_cap'), 0)
  from me
$$;
comment on function public.get_my_referral_stats() is 'The caller''s referral code, friends invited and active, referral points this Mexico City month, and the monthly cap.';
revoke execute on function public.get_my_referral_stats() from public, anon;
grant execute on function public.get_my_referral_stats() to authenticated, service_role;

-- Finding a player by username to add him (case-insensitive, like the uniqueness rule).
create function public.find_player(username_input text)
returns table (id uuid, username text, club_logo_url text)
language sql stable security definer set search_path = ''
as $$
  select p.id, p.username, c.logo_url
  from public.profiles p left join public.clubs c on c.id = p.favorite_club_id
  where (select auth.uid()) is not null
    and lower(p.username collate "pg_c_utf8") = lower(btrim(username_input) collate "pg_c_utf8")
  limit 1
$$;
comment on function public.find_player(text) is 'A player by username (case-insensitive), for adding friends; signed-in players only.';
revoke execute on function public.find_player(text) from public, anon;
grant execute on function public.find_player(text) to authenticated, service_role;
