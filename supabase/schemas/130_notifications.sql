-- TOPIC 130_notifications

set check_function_bodies = off;

-- Notification preferences (one row per player) and monthly rank snapshots.
create table public.notification_preferences (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  remind_quinielazo boolean not null default true,
  remind_boost boolean not null default true,
  new_quinielazo boolean not null default true,
  new_blog boolean not null default true,
  news_updates boolean not null default true,
  points_ready boolean not null default true,
  -- "Goles de mis partidos" (issue 45): a push per goal in a match he picked; off by default.
  goal_alerts boolean not null default false
);
alter table public.notification_preferences enable row level security;
comment on table public.notification_preferences is 'Which e-mails and pushes a player wants; created with the profile, edited only by him.';
comment on column public.notification_preferences.points_ready is 'A notice when a round he played is scored ("tus puntos ya están"), or a correction after that changes a pick of his (issue 45).';
revoke all on table public.notification_preferences from anon, authenticated;
grant select on table public.notification_preferences to authenticated;
grant insert (goal_alerts, new_blog, new_quinielazo, news_updates, points_ready, remind_boost, remind_quinielazo, user_id), update (goal_alerts, new_blog, new_quinielazo, news_updates, points_ready, remind_boost, remind_quinielazo, user_id) on table public.notification_preferences to authenticated;

create policy "Players read their own preferences and admins read all"
  on public.notification_preferences for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

create policy "Players create their own preferences"
  on public.notification_preferences for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Players change their own preferences"
  on public.notification_preferences for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

create table public.push_subscriptions (
  id bigint generated always as identity primary key,
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  endpoint text not null unique check (endpoint ~ '^https?://' and char_length(endpoint) <= 2048),
  -- The browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url.
  p256dh text not null check (p256dh ~ '^[A-Za-z0-9_-]{86,88}={0,2}$'),
  auth text not null check (auth ~ '^[A-Za-z0-9_-]{22,24}={0,2}$'),
  user_agent text check (char_length(user_agent) <= 512),
  created_at timestamptz not null default now(),
  last_success_at timestamptz,
  failures int not null default 0 check (failures >= 0)
);
alter table public.push_subscriptions enable row level security;
comment on table public.push_subscriptions is 'A browser''s web push subscription; the player reads, adds and removes his own. last_success_at/failures are the dispatcher''s.';
revoke all on table public.push_subscriptions from anon, authenticated;
grant select, delete on table public.push_subscriptions to authenticated;
grant insert (auth, endpoint, p256dh, user_agent, user_id) on table public.push_subscriptions to authenticated;

create index push_subscriptions_user_id_idx on public.push_subscriptions (user_id);

create policy "Players read their own push subscriptions" on public.push_subscriptions for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Players add their own push subscriptions" on public.push_subscriptions for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Players remove their own push subscriptions" on public.push_subscriptions for delete to authenticated
  using (user_id = (select auth.uid()));

create table public.notification_outbox (
  id bigint generated always as identity primary key,
  -- No foreign key to profiles (a reminder run writes tens of thousands of rows): a statement
  -- trigger on profiles drops a deleted player's notices (internal.drop_rows_of_deleted_players).
  -- Null for a round's live message (channel 'realtime'): one message to every screen open on the
  -- round, sent and retried by the same dispatcher as the players' notices (docs/match-day.md).
  user_id uuid,
  -- welcome: the welcome e-mail, queued in the same transaction that creates the profile, so a
  -- process killed between the profile and the mail loses nothing, and the unique
  -- (user_id, dedupe_key = 'welcome') makes one per player however often anything runs.
  kind text not null check (kind in ('deadline_24h', 'deadline_2h', 'boost', 'new_round', 'new_blog', 'points_ready', 'manual_reminder', 'welcome', 'league_reminder', 'goal', 'correction', 'live')),
  -- What the notice is about. No foreign keys: a reminder run inserts tens of thousands of rows
  -- and a per-row check of the same round doubles its time; the statement triggers below drop
  -- the notices of a deleted round, game or post instead.
  quiniela_id bigint,
  daily_game_id bigint,
  blog_slug text,
  channel text not null check (channel in ('push', 'email', 'realtime')),
  -- What the notice says: {title, body, url, tag, ...}; the dispatcher renders push and e-mail from it.
  payload jsonb not null,
  -- The occasion, once per player: `deadline_2h:<round>`, `boost:<game>`, … (byte order: it is an identifier).
  dedupe_key text collate "C" not null,
  state text not null default 'pending' check (state in ('pending', 'sending', 'sent', 'failed')),
  attempts int not null default 0,
  last_error text,
  next_attempt_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  unique (user_id, dedupe_key),
  -- A Realtime message ({topic, event, payload, private}) is no player's; every other notice is one player's.
  check ((user_id is null) = (channel = 'realtime')),
  check ((kind = 'live') = (channel = 'realtime'))
);
alter table public.notification_outbox enable row level security;
comment on table public.notification_outbox is 'Every push and e-mail notice, one row per player and occasion (user_id, dedupe_key); server-only.';
revoke all on table public.notification_outbox from anon, authenticated;

create index notification_outbox_due_idx on public.notification_outbox (next_attempt_at) where state = 'pending';

-- A round's live message once per occasion (its dedupe key), as a player's notice is once per player.
create unique index notification_outbox_live_dedupe_idx on public.notification_outbox (dedupe_key) where user_id is null;
-- The poller asks for them every 4 s (public.live_messages_due): never a scan of the players' notices.
create index notification_outbox_live_due_idx on public.notification_outbox (next_attempt_at) where user_id is null and state = 'pending';

-- A browser's push endpoint belongs to the account that saved it first, until that account
-- removes it. save_push_subscription moved an endpoint to whoever saved it next, so a player who
-- learnt another's endpoint URL could take his notices away (issue 27). The app, refused on a
-- phone that another account used before, makes this browser a new subscription (a new endpoint)
-- and saves that; the old one dies at the push service and the dispatcher drops it.
create function public.save_push_subscription(p_endpoint text, p_p256dh text, p_auth text, p_user_agent text default null)
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
revoke execute on function public.save_push_subscription(p_endpoint text, p_p256dh text, p_auth text, p_user_agent text) from public, anon;

create function internal.drop_notices_of_deleted() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_table_name = 'quinielas' then
    delete from public.notification_outbox o using gone g where o.quiniela_id = g.id;
  elsif tg_table_name = 'daily_games' then
    delete from public.notification_outbox o using gone g where o.daily_game_id = g.id;
  else
    delete from public.notification_outbox o using gone g where o.blog_slug = g.slug;
  end if;
  return null;
end
$$;
revoke execute on function internal.drop_notices_of_deleted() from public;

-- Quiet hours: no push between 23:00 and 08:00 hora del Centro. A push queued at `at` then
-- waits for the next 08:00, unless what it is about (a deadline, a Boost lock: `due`) falls
-- before that. Null when nothing holds it.
create function internal.push_hold_until(at timestamptz, due timestamptz default null)
returns timestamptz
language sql immutable set search_path = ''
as $$
  select case
    when extract(hour from l) >= 8 and extract(hour from l) < 23 then null
    when due is not null and due <= next8 then null
    else next8
  end
  from (select public.mx_time(at) as l) t
  cross join lateral (
    select public.mx_instant((case when extract(hour from l) >= 23 then l::date + 1 else l::date end) + time '08:00') as next8
  ) n
$$;
revoke execute on function internal.push_hold_until(at timestamp with time zone, due timestamp with time zone) from public;
grant execute on function internal.push_hold_until(at timestamp with time zone, due timestamp with time zone) to service_role;

-- Each queueing function below inserts its candidates the same way: push when the player has a
-- subscription (the dispatcher falls back to e-mail when every push fails), else e-mail; a push
-- held by quiet hours waits; a dedupe key already queued is skipped. `at` may be any instant
-- (tests, catch-up runs): only a quiet-hours hold delays a row past now().

-- Deadline reminders: 24 h and 2 h before each open round's deadline, to players with
-- remind_quinielazo who have not picked all its matches. The window is part of the dedupe key,
-- so each player gets each window once however often this runs; a round first seen inside
-- its last 2 hours gets only the 2-hour reminder.
-- Faster at 100,000 players:
-- each round's picks are counted with the round's id as a constant (the planner sizes it from
-- the statistics), never by an index-only scan (an open round's picks are fresh, so the
-- visibility map is unset and such a scan visits the table once per pick), each round's
-- texts are built once, not once per player, and the notices are written in key order.
create function public.queue_deadline_reminders(at timestamptz default now())
returns int
language plpgsql volatile security definer set search_path = ''
set enable_indexonlyscan = off
set work_mem = '64MB'
as $$
declare
  r record;
  n int;
  total_queued int := 0;
begin
  for r in
    select q.id, q.deadline, w.win, m.total,
           format('deadline_%s:%s', w.win, q.id) as dedupe_key,
           case when w.win = '2h' then format('⏰ %s cierra en menos de 2 horas', q.name) else format('⏰ %s cierra mañana', q.name) end as title,
           format('/picks?quiniela=%s', q.id) as url,
           format('quiniela-%s', q.id) as tag
    from public.quinielas q
    cross join lateral (select case when q.deadline <= at + interval '2 hours' then '2h' else '24h' end as win) w
    cross join lateral (select count(*)::int as total from public.matches m where m.quiniela_id = q.id) m
    where not q.results_saved and q.deadline > at and q.deadline <= at + interval '24 hours' and m.total > 0
  loop
    execute $q$
      insert into public.notification_outbox (user_id, kind, quiniela_id, channel, payload, dedupe_key, next_attempt_at)
      with picked as (
        select p.user_id, count(*)::int as n from public.picks p where p.quiniela_id = $1 group by p.user_id
      ), c as (
        select np.user_id, $4 - coalesce(k.n, 0) as missing
        from public.notification_preferences np
        left join picked k on k.user_id = np.user_id
        where np.remind_quinielazo and coalesce(k.n, 0) < $4
          -- Already queued (every run after the first): skipped here in one anti-join, far
          -- cheaper than letting tens of thousands of rows bounce off the unique key.
          and not exists (select 1 from public.notification_outbox o where o.user_id = np.user_id and o.dedupe_key = $5)
      ), played as (
        -- "5 de tu liga Oficina ya jugaron" (issue 29): per liga, the members who completed the
        -- round; each recipient hears of his liga where most did.
        select lm.league_id, count(*)::int as n
        from picked k join public.league_members lm on lm.user_id = k.user_id
        where k.n >= $4
        group by lm.league_id
      ), best as (
        select distinct on (lm.user_id) lm.user_id, l.name, pl.n
        from c
        join public.league_members lm on lm.user_id = c.user_id
        join played pl on pl.league_id = lm.league_id
        join public.leagues l on l.id = lm.league_id
        order by lm.user_id, pl.n desc, l.name
      )
      select c.user_id, 'deadline_' || $3, $1,
        case when s.push then 'push' else 'email' end,
        jsonb_strip_nulls(jsonb_build_object(
          'title', $6,
          'body', case when c.missing = $4 then 'Aún no has hecho tus predicciones.'
                       when c.missing = 1 then 'Te falta 1 predicción.'
                       else format('Te faltan %s predicciones.', c.missing) end
                  || case when b.n is null then ''
                          when b.n = 1 then format(' 1 de tu liga %s ya jugó.', b.name)
                          else format(' %s de tu liga %s ya jugaron.', b.n, b.name) end,
          'url', $7,
          'tag', $8,
          'missing', c.missing,
          'deadline', $2,
          'league', b.name)),
        $5,
        case when s.push then coalesce(internal.push_hold_until($9, $2), now()) else now() end
      from c
      left join best b on b.user_id = c.user_id
      cross join lateral (select exists (select 1 from public.push_subscriptions ps where ps.user_id = c.user_id) as push) s
      order by c.user_id -- key order: the unique key's pages are walked once
      on conflict (user_id, dedupe_key) do nothing
    $q$ using r.id, r.deadline, r.win, r.total, r.dedupe_key, r.title, r.url, r.tag, at;
    get diagnostics n = row_count;
    total_queued := total_queued + n;
  end loop;
  return total_queued;
end
$$;
revoke execute on function public.queue_deadline_reminders(at timestamp with time zone) from public, anon, authenticated;

-- Boost reminder: from 20:00 hora del Centro, to players with remind_boost who have not
-- answered the day's open game.
create function public.queue_boost_reminders(at timestamptz default now())
returns int
language plpgsql volatile security definer set search_path = ''
as $$
declare n int;
begin
  if extract(hour from public.mx_time(at)) < 20 then
    return 0;
  end if;
  insert into public.notification_outbox (user_id, kind, daily_game_id, channel, payload, dedupe_key, next_attempt_at)
  select np.user_id, 'boost', g.id,
    case when s.push then 'push' else 'email' end,
    jsonb_build_object(
      'title', '⚡ Tu Boost de hoy sigue abierto',
      'body', g.question,
      'url', '/dashboard',
      'tag', format('boost-%s', g.id)),
    format('boost:%s', g.id),
    case when s.push then coalesce(internal.push_hold_until(at, g.lock_date), now()) else now() end
  from public.daily_games g
  cross join public.notification_preferences np
  cross join lateral (select exists (select 1 from public.push_subscriptions ps where ps.user_id = np.user_id) as push) s
  where g.game_date = public.mx_time(at)::date
    and g.lock_date > at
    and np.remind_boost
    and not exists (select 1 from public.daily_game_picks dp where dp.daily_game_id = g.id and dp.user_id = np.user_id)
    and not exists (select 1 from public.notification_outbox o where o.user_id = np.user_id and o.dedupe_key = format('boost:%s', g.id))
  on conflict (user_id, dedupe_key) do nothing;
  get diagnostics n = row_count;
  return n;
end
$$;
revoke execute on function public.queue_boost_reminders(at timestamp with time zone) from public, anon, authenticated;

-- A new round: one notice per player with new_quinielazo, once the round has matches, while it
-- is open and for two days after it was created (players who joined later are not told).
create function public.queue_new_round_notices(at timestamptz default now())
returns int
language plpgsql volatile security definer set search_path = ''
as $$
declare n int;
begin
  insert into public.notification_outbox (user_id, kind, quiniela_id, channel, payload, dedupe_key, next_attempt_at)
  select np.user_id, 'new_round', q.id,
    case when s.push then 'push' else 'email' end,
    jsonb_build_object(
      'title', format('⚽ Ya está abierta %s', q.name),
      'body', 'Haz tus predicciones antes del cierre.',
      'url', format('/picks?quiniela=%s', q.id),
      'tag', format('quiniela-%s', q.id)),
    format('new_round:%s', q.id),
    -- Quiet hours hold it only when the round closes after the next 08:00, as for reminders.
    case when s.push then coalesce(internal.push_hold_until(at, q.deadline), now()) else now() end
  from public.quinielas q
  cross join public.notification_preferences np
  join public.profiles p on p.id = np.user_id
  cross join lateral (select exists (select 1 from public.push_subscriptions ps where ps.user_id = np.user_id) as push) s
  where not q.results_saved and q.deadline > at
    and q.created_at <= at and q.created_at > at - interval '2 days'
    and p.created_at <= q.created_at
    and np.new_quinielazo
    and exists (select 1 from public.matches m where m.quiniela_id = q.id)
    and not exists (select 1 from public.notification_outbox o where o.user_id = np.user_id and o.dedupe_key = format('new_round:%s', q.id))
  on conflict (user_id, dedupe_key) do nothing;
  get diagnostics n = row_count;
  return n;
end
$$;
revoke execute on function public.queue_new_round_notices(at timestamp with time zone) from public, anon, authenticated;

-- A new blog post: to players with new_blog, during the two days after it is published.
create function public.queue_blog_notices(at timestamptz default now())
returns int
language plpgsql volatile security definer set search_path = ''
as $$
declare n int;
begin
  insert into public.notification_outbox (user_id, kind, blog_slug, channel, payload, dedupe_key, next_attempt_at)
  select np.user_id, 'new_blog', b.slug,
    case when s.push then 'push' else 'email' end,
    jsonb_build_object(
      'title', format('📰 %s', b.title),
      'body', coalesce(nullif(btrim(b.excerpt), ''), 'Nueva nota en el blog de Quinielazo.'),
      'url', format('/blog/%s', b.slug),
      'tag', format('blog-%s', b.slug)),
    format('new_blog:%s', b.slug),
    case when s.push then coalesce(internal.push_hold_until(at), now()) else now() end
  from public.blog_posts b
  cross join public.notification_preferences np
  join public.profiles p on p.id = np.user_id
  cross join lateral (select exists (select 1 from public.push_subscriptions ps where ps.user_id = np.user_id) as push) s
  where b.published_at <= at and b.published_at > at - interval '2 days'
    and p.created_at <= b.published_at
    and np.new_blog
    and not exists (select 1 from public.notification_outbox o where o.user_id = np.user_id and o.dedupe_key = format('new_blog:%s', b.slug))
  on conflict (user_id, dedupe_key) do nothing;
  get diagnostics n = row_count;
  return n;
end
$$;
revoke execute on function public.queue_blog_notices(at timestamp with time zone) from public, anon, authenticated;

-- Points ready: after a round is finalized, to the players who played it (picked at least one
-- match) and want the notice; only for scores written in the last two days.
create function public.queue_points_ready(at timestamptz default now())
returns int
language plpgsql volatile security definer set search_path = ''
as $$
declare n int;
begin
  insert into public.notification_outbox (user_id, kind, quiniela_id, channel, payload, dedupe_key, next_attempt_at)
  select sc.user_id, 'points_ready', q.id,
    case when s.push then 'push' else 'email' end,
    jsonb_build_object(
      'title', format('🏆 Tus puntos de %s ya están', q.name),
      'body', format('Hiciste %s puntos (%s aciertos).', sc.points, sc.correct),
      'url', '/mis-quinielas',
      'tag', format('quiniela-%s', q.id)),
    format('points_ready:%s', q.id),
    case when s.push then coalesce(internal.push_hold_until(at), now()) else now() end
  from public.quinielas q
  join public.scores sc on sc.quiniela_id = q.id
  join public.notification_preferences np on np.user_id = sc.user_id
  cross join lateral (select exists (select 1 from public.push_subscriptions ps where ps.user_id = sc.user_id) as push) s
  where q.results_saved
    and sc.updated_at > at - interval '2 days' and sc.updated_at <= at
    and np.points_ready
    and exists (select 1 from public.picks p where p.quiniela_id = q.id and p.user_id = sc.user_id)
    and not exists (select 1 from public.notification_outbox o where o.user_id = sc.user_id and o.dedupe_key = format('points_ready:%s', q.id))
  on conflict (user_id, dedupe_key) do nothing;
  get diagnostics n = row_count;
  return n;
end
$$;
revoke execute on function public.queue_points_ready(at timestamp with time zone) from public, anon, authenticated;

-- The scheduled job: every kind at once; answers how many notices it queued.
create function public.queue_notifications(at timestamptz default now())
returns int
language sql volatile security definer set search_path = ''
as $$
  select public.queue_deadline_reminders(at) + public.queue_boost_reminders(at)
       + public.queue_new_round_notices(at) + public.queue_blog_notices(at) + public.queue_points_ready(at)
$$;
comment on function public.queue_notifications(timestamptz) is 'Scheduled: queues every due notice (deadline 24 h/2 h, Boost at 20:00, new round, new blog post, points ready). Service role only.';
revoke execute on function public.queue_notifications(at timestamp with time zone) from public, anon, authenticated;

-- The admin's manual reminder (/admin/quinielazo-reminder): the same recipients as the
-- deadline reminder, queued now (a fresh dedupe key per send, so he may send again later).
create function public.queue_manual_reminder(quiniela_id_input bigint)
returns bigint[]
language plpgsql volatile security definer set search_path = ''
as $$
declare
  ids bigint[];
  batch text := gen_random_uuid()::text;
begin
  with r as (select * from public.quinielazo_reminder_recipients(quiniela_id_input)),
  q as (select id, name, deadline from public.quinielas where id = quiniela_id_input),
  ins as (
    insert into public.notification_outbox (user_id, kind, quiniela_id, channel, payload, dedupe_key)
    select r.user_id, 'manual_reminder', q.id,
           case when exists (select 1 from public.push_subscriptions ps where ps.user_id = r.user_id) then 'push' else 'email' end,
           jsonb_build_object(
             'title', format('⏰ No te quedes fuera: %s está por cerrar', q.name),
             'body', case when r.picked = 0 then 'Aún no has hecho tus predicciones.'
                          when r.total - r.picked = 1 then 'Te falta 1 predicción.'
                          else format('Te faltan %s predicciones.', r.total - r.picked) end,
             'url', format('/picks?quiniela=%s', q.id),
             'tag', format('quiniela-%s', q.id),
             'missing', r.total - r.picked,
             'deadline', q.deadline),
           format('manual:%s:%s', q.id, batch)
    from r cross join q
    returning id
  )
  select coalesce(array_agg(id order by id), '{}') into ids from ins;
  return ids;
end
$$;
revoke execute on function public.queue_manual_reminder(quiniela_id_input bigint) from public, anon, authenticated;

-- The dispatcher's claim: due rows (or the given ids) move to 'sending' with one more attempt,
-- skipping rows another dispatcher holds. Rows stuck in 'sending' (a dispatcher that died)
-- are due again after 10 minutes.
create function public.claim_notifications(p_limit int default 500, p_ids bigint[] default null)
returns table (id bigint, user_id uuid, kind text, channel text, payload jsonb, attempts int, email text, username text, subscriptions jsonb)
language plpgsql volatile security definer set search_path = ''
as $$
begin
  return query
  with due as (
    select o.id from public.notification_outbox o
    where (p_ids is null and o.state = 'pending' and o.next_attempt_at <= now())
       or (p_ids is null and o.state = 'sending' and o.next_attempt_at <= now() - interval '10 minutes')
       or (p_ids is not null and o.id = any (p_ids) and o.state = 'pending')
    order by o.next_attempt_at, o.id
    limit greatest(1, least(p_limit, 5000))
    for update skip locked
  ),
  claimed as (
    update public.notification_outbox o
    set state = 'sending', attempts = o.attempts + 1, next_attempt_at = now()
    from due where o.id = due.id
    returning o.id, o.user_id, o.kind, o.channel, o.payload, o.attempts
  )
  select c.id, c.user_id, c.kind, c.channel, c.payload, c.attempts, p.email, p.username,
         case when c.channel = 'push' then coalesce((
           select jsonb_agg(jsonb_build_object('endpoint', ps.endpoint, 'p256dh', ps.p256dh, 'auth', ps.auth) order by ps.id)
           from public.push_subscriptions ps where ps.user_id = c.user_id), '[]'::jsonb) else '[]'::jsonb end
  -- A round's live message has no player; a player's notice goes only while he exists.
  from claimed c left join public.profiles p on p.id = c.user_id
  where c.user_id is null or p.id is not null
  order by c.id;
end
$$;
comment on function public.claim_notifications(int, bigint[]) is 'dispatch-notifications: claims due outbox rows. Service role only.';
revoke execute on function public.claim_notifications(p_limit integer, p_ids bigint[]) from public, anon, authenticated;

-- The dispatcher's report. results: [{id, state: sent|retry|failed, channel, error}];
-- subscriptions: [{endpoint, outcome: ok|gone|failed}]. A retry waits 1, 4, 16… minutes.
create function public.complete_notifications(results jsonb, subscriptions jsonb default '[]'::jsonb)
returns void
language plpgsql volatile security definer set search_path = ''
as $$
begin
  update public.notification_outbox o
  set state = case when r.state = 'retry' then 'pending' else r.state end,
      channel = coalesce(r.channel, o.channel),
      last_error = coalesce(r.error, o.last_error),
      sent_at = case when r.state = 'sent' then now() else o.sent_at end,
      next_attempt_at = case when r.state = 'retry' then now() + interval '1 minute' * power(4, greatest(o.attempts - 1, 0)) else o.next_attempt_at end
  from jsonb_to_recordset(results) as r(id bigint, state text, channel text, error text)
  where o.id = r.id and r.state in ('sent', 'retry', 'failed');

  delete from public.push_subscriptions ps
  using jsonb_to_recordset(subscriptions) as s(endpoint text, outcome text)
  where ps.endpoint = s.endpoint and s.outcome = 'gone';

  update public.push_subscriptions ps
  set last_success_at = case when s.outcome = 'ok' then now() else ps.last_success_at end,
      failures = case when s.outcome = 'ok' then 0 else ps.failures + 1 end
  from jsonb_to_recordset(subscriptions) as s(endpoint text, outcome text)
  where ps.endpoint = s.endpoint and s.outcome in ('ok', 'failed');
end
$$;
comment on function public.complete_notifications(jsonb, jsonb) is 'dispatch-notifications: records outcomes of a batch. Service role only.';
revoke execute on function public.complete_notifications(results jsonb, subscriptions jsonb) from public, anon, authenticated;

-- Statement-level: a set-based insert of many profiles (the seed, benches) queues them in one
-- statement instead of one per row. The link goes to this week's round (the open round the app
-- shows: soonest deadline still ahead, results not saved), or to the weekly page when none is
-- open; the invitation link and the referral bonus in force travel in the payload.
create function internal.queue_welcome_emails() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  round record;
  referral record;
begin
  select q.id, q.name, q.deadline into round
  from public.quinielas q
  where q.deadline > now() and not q.results_saved
  order by q.deadline, q.id
  limit 1;
  select coalesce(max(b.points) filter (where b.code = 'referral'), 3)::int as points,
         coalesce(max(b.points) filter (where b.code = 'referral_monthly_cap'), 10)::int as cap
  into referral
  from public.bonuses_for(public.mx_time(now())::date) b;

  insert into public.notification_outbox (user_id, kind, channel, payload, dedupe_key)
  select a.id, 'welcome', 'email',
    jsonb_strip_nulls(jsonb_build_object(
      'title', '⚽ ¡Bienvenido a Quinielazo!',
      'body', case when round.id is null
                   then 'Tu cuenta está lista. Cada semana hay una quiniela gratis de 12 partidos: haz tus predicciones y suma puntos para los premios del mes.'
                   else format('Tu cuenta está lista. La quiniela de esta semana, %s, ya te espera: haz tus predicciones gratis y suma puntos para los premios del mes.', round.name) end,
      'url', case when round.id is null then '/quinielazo-de-la-semana' else format('/quinielazo-de-la-semana?quiniela=%s', round.id) end,
      'tag', 'welcome',
      'deadline', round.deadline,
      'invite_url', '/signup?ref=' || a.referral_code,
      'invite_text', format('Invita a tus amigos con tu enlace: ganas +%s puntos por cada amigo que juegue (hasta %s al mes).', referral.points, referral.cap))),
    'welcome'
  from added a
  on conflict (user_id, dedupe_key) do nothing;
  return null;
end
$$;
comment on function internal.queue_welcome_emails() is 'Trigger on profiles: queues each new player''s welcome e-mail (once: dedupe key ''welcome'').';
revoke execute on function internal.queue_welcome_emails() from public;

-- A player's push subscriptions are his browsers: a phone or two, a computer. The table took any
-- number, and every notice goes to all of them at once (claim_notifications lists them, the
-- dispatcher pushes to each and retries the failures), so one player with 2,000 rows multiplied
-- the work of every reminder. A player keeps his 10 newest; an insert (or a takeover by the
-- app's save) past them drops the oldest. Dropped, not refused: a player on a new browser is
-- never kept from turning notices on, and a dropped browser still gets its notices by e-mail.
create function internal.keep_newest_push_subscriptions() returns trigger
language plpgsql set search_path = ''
as $$
begin
  delete from public.push_subscriptions ps
  using (
    select ranked.id
    from (
      select s.id, row_number() over (partition by s.user_id order by s.created_at desc, s.id desc) as newest
      from public.push_subscriptions s
      where s.user_id in (select distinct user_id from changed)
    ) as ranked
    where ranked.newest > 10
  ) as extra
  where ps.id = extra.id;
  return null;
end
$$;
comment on function internal.keep_newest_push_subscriptions() is
  'Trigger (after insert or update, per statement): each player keeps his 10 newest push subscriptions.';

create trigger quinielas_drop_notices after delete on public.quinielas
  referencing old table as gone for each statement execute function internal.drop_notices_of_deleted();

create trigger daily_games_drop_notices after delete on public.daily_games
  referencing old table as gone for each statement execute function internal.drop_notices_of_deleted();

create trigger blog_posts_drop_notices after delete on public.blog_posts
  referencing old table as gone for each statement execute function internal.drop_notices_of_deleted();

create trigger profiles_queue_welcome_email after insert on public.profiles
  referencing new table as added for each statement execute function internal.queue_welcome_emails();

create trigger push_subscriptions_cap_insert after insert on public.push_subscriptions
  referencing new table as changed
  for each statement execute function internal.keep_newest_push_subscriptions();

create trigger push_subscriptions_cap_update after update on public.push_subscriptions
  referencing new table as changed
  for each statement execute function internal.keep_newest_push_subscriptions();
