-- The welcome e-mail (spec §7 send-welcome-email, issue 9): queued in notification_outbox in the
-- same transaction that creates the profile, so a process killed between the profile and the
-- mail loses nothing (the row waits for the next dispatcher run), and the unique
-- (user_id, dedupe_key = 'welcome') makes one per player however often anything runs.
-- dispatch-notifications sends it like every other notice (_shared/notify.ts renders it).

alter table public.notification_outbox drop constraint notification_outbox_kind_check;
alter table public.notification_outbox add constraint notification_outbox_kind_check
  check (kind in ('deadline_24h', 'deadline_2h', 'boost', 'new_round', 'new_blog', 'points_ready', 'manual_reminder', 'welcome'));

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
  from public.bonuses_for((now() at time zone 'America/Mexico_City')::date) b;

  insert into public.notification_outbox (user_id, kind, channel, payload, dedupe_key)
  select a.id, 'welcome', 'email',
    jsonb_strip_nulls(jsonb_build_object(
      'title', '⚽ ¡Bienvenido a Quinielazo!',
      'body', case when round.id is null
                   then 'Tu cuenta está lista. Cada semana hay una quiniela gratis de 12 partidos: haz tus picks y suma puntos para los premios del mes.'
                   else format('Tu cuenta está lista. La quiniela de esta semana, %s, ya te espera: haz tus picks gratis y suma puntos para los premios del mes.', round.name) end,
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

create trigger profiles_queue_welcome_email after insert on public.profiles
  referencing new table as added for each statement execute function internal.queue_welcome_emails();
