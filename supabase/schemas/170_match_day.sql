-- Match day (docs/match-day.md): the football feed's live score of each match that follows a
-- fixture (matches.provider_fixture_id), the feed's own state ("marcador en pausa" when the
-- provider fails), and the functions the poller (supabase/functions/poll-live-scores) calls with
-- the service role: which fixtures to ask for now, and what the provider answered. Players read
-- scores and the feed's state; nobody else writes them. The 90-minute result is proposed here
-- at full time (extra time and penalties never count, ../shared/spec/decisions.md "Match day").

set check_function_bodies = off;

create table public.match_live (
  match_id bigint primary key references public.matches (id) on delete cascade,
  quiniela_id bigint not null references public.quinielas (id) on delete cascade,
  fixture_id bigint not null,
  -- API-Football's fixture.status.short.
  status text not null check (status in ('TBD', 'NS', '1H', 'HT', '2H', 'ET', 'BT', 'P', 'SUSP', 'INT', 'FT', 'AET', 'PEN', 'PST', 'CANC', 'ABD', 'AWD', 'WO', 'LIVE')),
  elapsed int check (elapsed between 0 and 200),
  extra int check (extra between 0 and 60),
  -- The score as it stands (goals: extra time counted, penalties not).
  home_goals int check (home_goals >= 0),
  away_goals int check (away_goals >= 0),
  -- The result after 90 minutes and stoppage time, once the provider gives it (score.fulltime).
  ft_home int check (ft_home >= 0),
  ft_away int check (ft_away >= 0),
  -- The game's result the feed proposes at full time (from ft_home/ft_away; an awarded match's score).
  proposed_result text check (proposed_result in ('Local', 'Empate', 'Visita')),
  -- When the feed first said the match was over (FT, AET, PEN, AWD, WO).
  final_whistle_at timestamptz,
  checked_at timestamptz not null default now(),
  changed_at timestamptz not null default now(),
  -- When the proposed result last changed (a correction restarts the two hours before finalizing).
  result_changed_at timestamptz,
  -- When the feed first said the match was postponed, suspended, interrupted, cancelled or
  -- abandoned (kept when it is re-dated or resumes): such a match not completed within 48 hours
  -- of its kick-off is void (internal.void_due_matches).
  stopped_at timestamptz,
  -- The kick-off the feed gives (fixture.date): a re-dated match's new date. The poller's window
  -- follows it; matches.kickoff_at stays the scheduled one, from which the 48 hours to void run.
  feed_kickoff_at timestamptz,
  -- When the poller told the round's screens this match was made void (public.live_void_news).
  void_told_at timestamptz
);
alter table public.match_live enable row level security;
comment on table public.match_live is 'A match''s live score from the football feed (server-owned: written only by the poller''s functions). Provisional until the round is finalized.';
revoke all on table public.match_live from anon, authenticated;
grant select on table public.match_live to anon, authenticated;

create index match_live_quiniela_id_idx on public.match_live (quiniela_id);

create policy "Everyone reads live scores" on public.match_live for select to anon, authenticated using (true);

-- One row: how the feed is doing. 'paused' while the provider fails ("marcador en pausa").
create table public.live_feed (
  id int primary key default 1 check (id = 1),
  state text not null default 'ok' check (state in ('ok', 'paused')),
  reason text,
  paused_since timestamptz,
  last_success_at timestamptz,
  -- Nothing is asked before this (quota or outage back-off).
  next_request_at timestamptz,
  failures int not null default 0 check (failures >= 0),
  daily_limit int,
  daily_remaining int,
  minute_limit int,
  minute_remaining int,
  updated_at timestamptz not null default now(),
  -- A poll is asking the provider until then (or until it says it is done): a run that meets it
  -- asks nothing, so runs every 4 s never overlap (a provider slow to answer takes up to 10 s).
  polling_until timestamptz
);
alter table public.live_feed enable row level security;
comment on table public.live_feed is 'The football feed''s state (one row): paused while the provider fails or the day''s quota is spent; the quota it last reported; when it may be asked again.';
revoke all on table public.live_feed from anon, authenticated;
grant select (id, last_success_at, paused_since, state) on table public.live_feed to anon, authenticated;

create policy "Everyone reads the feed's state" on public.live_feed for select to anon, authenticated using (true);

-- The round's live topic (private channel "live:round:<id>"): every visitor may listen; only the
-- poller (service role, which bypasses RLS) sends, so no client can broadcast a false score.
create policy "Everyone hears live scores" on realtime.messages for select to anon, authenticated
  using (realtime.topic() like 'live:round:%' and extension = 'broadcast');

-- How long after its kick-off a postponed, suspended or abandoned match may still be completed
-- before it is void (../shared/spec/decisions.md, "Match day"). The one home of the 48 hours;
-- the app's copy is VOID_AFTER_HOURS in src/lib/game/rounds.ts (tests/api/rule-twins.test.ts).
create function public.match_void_after() returns interval
language sql immutable parallel safe
as $$
  select interval '48 hours'
$$;
comment on function public.match_void_after() is 'How long after its kick-off a stopped match may still be completed before it is void (48 hours).';

-- How often the scheduler calls the poller (supabase/schedule.ts, 'live-scores': pg_cron's "4
-- seconds"): the SQL's copy, for the quota rule below; tests/api/schedule.test.ts holds them equal.
create function internal.live_poll_period() returns interval
language sql immutable parallel safe
as $$
  select interval '4 seconds'
$$;
comment on function internal.live_poll_period() is 'How often the scheduler calls the live-scores poller (4 s; supabase/schedule.ts is the other home).';
revoke execute on function internal.live_poll_period() from public;
grant execute on function internal.live_poll_period() to service_role;

-- Which fixtures to ask for now: every match following a fixture from five minutes before its
-- kick-off — the feed's date once it gave one, so a re-dated match is asked from its new date,
-- not every 4 s from the old one — until its final whistle (at most 48 h after the scheduled
-- kick-off, when a match not completed is void); a stopped, postponed or finished match every 15 minutes (a resumption, a new date, a
-- corrected result within the two hours before the round finalizes by itself), then a finished
-- one hourly for a day (a correction after finalization). Nothing while the feed backs off, and
-- nothing for a round whose deadline has not come (picks are open: a score would help them);
-- nothing while another run is asking (busy): a run that asks takes the poll until it is done
-- (public.live_poll_done) or for a minute at most (a run that died), so the scheduler's 4-second
-- calls never ask twice at once.
create function public.live_poll_plan() returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  wait timestamptz;
  busy timestamptz;
  ids bigint[];
begin
  insert into public.live_feed (id) values (1) on conflict (id) do nothing;
  -- Two runs that meet take turns here; the second sees the first's claim.
  select f.next_request_at, f.polling_until into wait, busy from public.live_feed f where f.id = 1 for update;
  if busy > now() then
    return jsonb_build_object('fixtures', '[]'::jsonb, 'waitUntil', null, 'busy', true);
  end if;
  if wait > now() then
    return jsonb_build_object('fixtures', '[]'::jsonb, 'waitUntil', wait);
  end if;
  select coalesce(array_agg(m.provider_fixture_id order by m.kickoff_at, m.id), '{}') into ids
  from public.matches m
  -- Never a round still taking picks: its scores (and a result at full time) would be public
  -- while a pick on that match can still be made.
  join public.quinielas q on q.id = m.quiniela_id and q.deadline <= now()
  left join public.match_live l on l.match_id = m.id
  where m.provider_fixture_id is not null
    and m.kickoff_at is not null
    and now() >= coalesce(l.feed_kickoff_at, m.kickoff_at) - interval '5 minutes'
    and now() < m.kickoff_at + public.match_void_after()
    and (
      l.match_id is null
      or l.status in ('TBD', 'NS', '1H', 'HT', '2H', 'ET', 'BT', 'P', 'LIVE', 'SUSP', 'INT')
      or (l.status in ('PST', 'CANC', 'ABD') and l.checked_at <= now() - interval '15 minutes')
      or (l.status in ('FT', 'AET', 'PEN', 'AWD', 'WO') and l.final_whistle_at > now() - interval '2 hours'
          and l.checked_at <= now() - interval '15 minutes')
      -- After that, hourly for a day: a correction after finalization re-scores the round.
      or (l.status in ('FT', 'AET', 'PEN', 'AWD', 'WO') and l.final_whistle_at > now() - interval '24 hours'
          and l.checked_at <= now() - interval '1 hour')
    );
  if cardinality(ids) > 0 then
    update public.live_feed f set polling_until = now() + interval '1 minute' where f.id = 1;
  end if;
  return jsonb_build_object('fixtures', to_jsonb(ids), 'waitUntil', null);
end
$$;
comment on function public.live_poll_plan() is 'The poller''s question: the fixture ids to ask the feed for now ({fixtures, waitUntil}); none while it backs off. Service role only.';
revoke execute on function public.live_poll_plan() from public, anon, authenticated;
grant execute on function public.live_poll_plan() to service_role;

-- The run that took the poll (public.live_poll_plan) is done asking: the next may ask.
create function public.live_poll_done() returns void
language sql volatile security definer set search_path = ''
as $$
  update public.live_feed f set polling_until = null where f.id = 1
$$;
comment on function public.live_poll_done() is 'The poller''s run that asked the provider is done: the next run may ask. Service role only.';
revoke execute on function public.live_poll_done() from public, anon, authenticated;
grant execute on function public.live_poll_done() to service_role;

-- The kick-offs of the open rounds' fixtures not yet followed live (the scheduler's hourly
-- 'fixture-dates' run of the poller): every match of a round not finalized that follows a
-- fixture, has no live score yet and is not within five minutes of its kick-off. Asked again
-- hourly, so a match the provider moves earlier is followed from its new kick-off, not from our
-- old one. Nothing while the feed backs off.
create function public.fixture_dates_plan() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  wait timestamptz;
  ids bigint[];
begin
  select f.next_request_at into wait from public.live_feed f where f.id = 1;
  if wait > now() then
    return jsonb_build_object('fixtures', '[]'::jsonb, 'waitUntil', wait);
  end if;
  select coalesce(array_agg(m.provider_fixture_id order by m.kickoff_at, m.id), '{}') into ids
  from public.matches m
  join public.quinielas q on q.id = m.quiniela_id
  where m.provider_fixture_id is not null and not q.results_saved
    and (m.kickoff_at is null or m.kickoff_at - interval '5 minutes' > now())
    and not exists (select 1 from public.match_live l where l.match_id = m.id);
  return jsonb_build_object('fixtures', to_jsonb(ids), 'waitUntil', null);
end
$$;
comment on function public.fixture_dates_plan() is 'The fixtures whose kick-off the poller re-checks hourly: open rounds'' matches not yet followed live ({fixtures, waitUntil}). Service role only.';
revoke execute on function public.fixture_dates_plan() from public, anon, authenticated;
grant execute on function public.fixture_dates_plan() to service_role;

-- What the provider answered to the hourly re-check: a match not yet followed live whose fixture
-- has another date now takes it as its kick-off (the schedule moved before anything was played,
-- so the live window and the 48 hours to void run from it; a match re-dated once followed, a
-- postponed one, keeps ours and its feed_kickoff_at). A round still taking picks whose match now
-- kicks off before its deadline closes at that kick-off. The answer is the provider's like any
-- other: the feed works, and its quota's headers are honoured. Answers the matches re-dated and
-- the deadlines brought forward.
create function public.record_fixture_dates(fixtures jsonb, quota jsonb default '{}'::jsonb) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  was text;
  redated jsonb;
  deadlines jsonb;
begin
  if jsonb_typeof(fixtures) is distinct from 'array' then
    raise exception 'La respuesta del proveedor no trae una lista de partidos.' using errcode = '22023';
  end if;
  with incoming as (
    select (x->'fixture'->>'id')::bigint as fixture_id, (x->'fixture'->>'date')::timestamptz as kickoff_at
    from jsonb_array_elements(fixtures) x
  ), changed as (
    update public.matches m set kickoff_at = i.kickoff_at
    from incoming i
    where m.provider_fixture_id = i.fixture_id and i.kickoff_at is not null
      and m.kickoff_at is distinct from i.kickoff_at
      and not exists (select 1 from public.match_live l where l.match_id = m.id)
      and not exists (select 1 from public.quinielas q where q.id = m.quiniela_id and q.results_saved)
    returning m.id, m.quiniela_id, m.kickoff_at
  ), pulled as (
    -- A round still taking picks closes no later than its first kick-off: the provider moved a
    -- match before the deadline, so the deadline comes forward to it (now, if that has passed).
    update public.quinielas q set deadline = greatest(f.first_kickoff, now())
    from (select c.quiniela_id, min(c.kickoff_at) as first_kickoff from changed c group by c.quiniela_id) f
    where q.id = f.quiniela_id and not q.results_saved and q.deadline > now() and q.deadline > f.first_kickoff
    returning q.id, q.deadline
  )
  select coalesce((select jsonb_agg(jsonb_build_object('matchId', c.id, 'kickoffAt', c.kickoff_at) order by c.id) from changed c), '[]'::jsonb),
         coalesce((select jsonb_agg(jsonb_build_object('quinielaId', p.id, 'deadline', p.deadline) order by p.id) from pulled p), '[]'::jsonb)
  into redated, deadlines;
  was := internal.live_feed_answered(quota);
  return jsonb_build_object('moved', redated, 'deadlines', deadlines, 'rounds', '[]'::jsonb, 'feed', 'ok', 'feedChanged', coalesce(was, 'ok') <> 'ok',
                            'liveRounds', to_jsonb(internal.live_round_ids()));
end
$$;
comment on function public.record_fixture_dates(jsonb, jsonb) is 'Stores the kick-offs the provider gives for matches not yet followed live (the hourly re-check), brings an open round''s deadline forward to a kick-off moved before it, and the feed working; answers the matches re-dated and the deadlines moved. Service role only.';
revoke execute on function public.record_fixture_dates(fixtures jsonb, quota jsonb) from public, anon, authenticated;
grant execute on function public.record_fixture_dates(fixtures jsonb, quota jsonb) to service_role;

-- When the feed may be asked again after an answer that carried the quota's headers: a spent
-- minute waits for the next one; a day with fewer requests left than polls until its reset
-- (00:00 UTC, one every internal.live_poll_period()) spreads what is left evenly; a spent day
-- waits for the reset.
create function internal.live_feed_next_request(quota jsonb) returns timestamptz
language plpgsql stable set search_path = ''
as $$
declare
  reset timestamptz := (date_trunc('day', now() at time zone 'UTC') + interval '1 day') at time zone 'UTC';
  day_left int := (quota->>'dailyRemaining')::int;
  minute_left int := (quota->>'minuteRemaining')::int;
  wait_until timestamptz;
begin
  if day_left = 0 then
    return reset;
  end if;
  if minute_left = 0 then
    wait_until := now() + interval '60 seconds';
  end if;
  if day_left is not null and day_left * extract(epoch from internal.live_poll_period()) < extract(epoch from reset - now()) then
    wait_until := greatest(wait_until, now() + (reset - now()) / day_left);
  end if;
  return wait_until;
end
$$;
comment on function internal.live_feed_next_request(jsonb) is 'The back-off the quota''s headers call for ({dailyRemaining, minuteRemaining}): null when none.';
revoke execute on function internal.live_feed_next_request(quota jsonb) from public;
grant execute on function internal.live_feed_next_request(quota jsonb) to service_role;

-- The rounds whose matches are on now (for the feed's "en pausa" / "de vuelta" message).
create function internal.live_round_ids() returns bigint[]
language sql stable set search_path = ''
as $$
  select coalesce(array_agg(distinct m.quiniela_id order by m.quiniela_id), '{}')
  from public.matches m
  left join public.match_live l on l.match_id = m.id
  where m.provider_fixture_id is not null
    and now() >= coalesce(l.feed_kickoff_at, m.kickoff_at) - interval '5 minutes'
    and now() < m.kickoff_at + public.match_void_after()
    and (l.match_id is null or l.status not in ('FT', 'AET', 'PEN', 'AWD', 'WO', 'CANC'))
$$;
comment on function internal.live_round_ids() is 'Rounds with a match following the feed that is on now (about to start, in play or stopped).';
revoke execute on function internal.live_round_ids() from public;
grant execute on function internal.live_round_ids() to service_role;

-- A round's live message ({quinielaId, matches, …} on its topic "live:round:<id>", event
-- 'scores') put in the outbox, for what SQL cannot broadcast itself (the local Realtime has no
-- realtime.send): the dispatcher sends it to Realtime and retries it as it retries any notice (1,
-- 4, 16… minutes), so a message Realtime refused is not lost. `dedupe` makes it once. Answers the
-- outbox row (null when it was already queued).
create function internal.queue_live_message(p_quiniela bigint, message jsonb, dedupe text) returns bigint
language plpgsql security definer set search_path = ''
as $$
declare
  queued bigint;
begin
  insert into public.notification_outbox (user_id, kind, quiniela_id, channel, payload, dedupe_key)
  values (null, 'live', p_quiniela, 'realtime',
          jsonb_build_object('topic', format('live:round:%s', p_quiniela), 'event', 'scores', 'payload', message, 'private', true), dedupe)
  on conflict (dedupe_key) where user_id is null do nothing
  returning id into queued;
  return queued;
end
$$;
comment on function internal.queue_live_message(bigint, jsonb, text) is 'Queues a message to a round''s live screens in the outbox (channel realtime): sent and retried by the dispatcher.';
revoke execute on function internal.queue_live_message(p_quiniela bigint, message jsonb, dedupe text) from public;

-- The rounds' live messages due now (queued, or waiting for their retry): the poller sends them at
-- each run (every 4 s), the dispatcher at its minute's run. Service role only.
create function public.live_messages_due() returns bigint[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(o.id order by o.id), '{}')
  from public.notification_outbox o
  where o.user_id is null and o.channel = 'realtime' and o.state = 'pending' and o.next_attempt_at <= now()
$$;
comment on function public.live_messages_due() is 'The outbox''s round live messages due now (the poller sends them). Service role only.';
revoke execute on function public.live_messages_due() from public, anon, authenticated;
grant execute on function public.live_messages_due() to service_role;

-- The poller's broadcast Realtime refused three times (it carries the changes as they were, so a
-- copy sent later could undo a newer one): each round's screens are told instead, through the
-- outbox and its retries, to read the round again ({quinielaId, matches: [], readAgain: true}),
-- one such message waiting per round at most. Answers how many were queued. Service role only.
create function public.live_read_again(round_ids bigint[]) returns int
language sql volatile security definer set search_path = ''
as $$
  select count(internal.queue_live_message(r.id,
           jsonb_build_object('quinielaId', r.id, 'matches', '[]'::jsonb, 'readAgain', true),
           format('read-again:%s:%s', r.id, (extract(epoch from clock_timestamp()) * 1000000)::bigint)))::int
  from public.quinielas r
  where r.id = any(round_ids)
    and not exists (select 1 from public.notification_outbox o
                    where o.user_id is null and o.channel = 'realtime' and o.quiniela_id = r.id and o.state in ('pending', 'sending')
                      and (o.payload->'payload'->>'readAgain')::boolean)
$$;
comment on function public.live_read_again(bigint[]) is 'The rounds whose live broadcast Realtime refused: their screens told to read them again, through the outbox (retried); one waiting per round at most. Service role only.';
revoke execute on function public.live_read_again(round_ids bigint[]) from public, anon, authenticated;
grant execute on function public.live_read_again(round_ids bigint[]) to service_role;

-- The matches made void since the round's screens were last told, each round's once (the void is
-- stamped by internal.void_due_matches in the scheduler's minute job, which cannot broadcast):
-- each round's message ({quinielaId, matches: [], voided: [{matchId, voidedAt}], standings}, the
-- histogram the void changes) goes to the outbox in the same transaction that marks them told, so
-- a message Realtime refused is retried by the dispatcher, never lost; the poller sends it at once.
-- Answers [{quinielaId, voided}]. Service role only.
create function public.live_void_news() returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  news jsonb;
  standings jsonb;
  r jsonb;
begin
  with told as (
    update public.match_live l set void_told_at = now()
    from public.matches m
    where m.id = l.match_id and m.voided_at is not null and l.void_told_at is null
    returning l.quiniela_id, l.match_id, m.voided_at
  ), by_round as (
    select t.quiniela_id, jsonb_agg(jsonb_build_object('matchId', t.match_id, 'voidedAt', t.voided_at) order by t.match_id) as voided
    from told t
    group by t.quiniela_id
  )
  select coalesce(jsonb_agg(jsonb_build_object('quinielaId', b.quiniela_id, 'voided', b.voided) order by b.quiniela_id), '[]'::jsonb)
  into news
  from by_round b;
  if jsonb_array_length(news) = 0 then
    return news;
  end if;
  -- The histograms the voids change (a void counts for every pick on it), in the same messages.
  select coalesce(jsonb_object_agg(x->>'quinielaId', x), '{}'::jsonb) into standings
  from jsonb_array_elements(public.refresh_live_standings(array(select (n->>'quinielaId')::bigint from jsonb_array_elements(news) n))) x;
  for r in select * from jsonb_array_elements(news) loop
    perform internal.queue_live_message((r->>'quinielaId')::bigint,
      jsonb_build_object('quinielaId', (r->>'quinielaId')::bigint, 'matches', '[]'::jsonb, 'voided', r->'voided')
        || case when standings ? (r->>'quinielaId') then jsonb_build_object('standings', standings->(r->>'quinielaId')) else '{}'::jsonb end,
      format('void:%s:%s', r->>'quinielaId', (select string_agg(v->>'matchId', '-') from jsonb_array_elements(r->'voided') v)));
  end loop;
  return news;
end
$$;
comment on function public.live_void_news() is 'The matches made void since last asked, by round ([{quinielaId, voided: [{matchId, voidedAt}]}]), each told once: each round''s message to its screens is queued in the outbox (sent and retried by the dispatcher). Service role only.';
revoke execute on function public.live_void_news() from public, anon, authenticated;
grant execute on function public.live_void_news() to service_role;

-- A result typed by hand (or changed) for a match of a round being played, a void one included,
-- reaches the round's open screens as the feed's results do: one message for the change
-- ({quinielaId, matches: [], results: [{matchId, result}], standings}), through the outbox (the
-- poller sends it within its 4 seconds; a refused one is retried). The feed's own results go in
-- the poller's messages already.
create function internal.tell_typed_result() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  standings jsonb;
begin
  if new.correct_result is not distinct from old.correct_result or auth.uid() is null
     or coalesce(nullif(current_setting('quinielazo.result_source', true), ''), '') = 'proveedor' then
    return null;
  end if;
  if not exists (select 1 from public.quinielas q where q.id = new.quiniela_id and q.deadline <= now() and not q.results_saved) then
    return null;
  end if;
  select x into standings from jsonb_array_elements(public.refresh_live_standings(array[new.quiniela_id])) x limit 1;
  perform internal.queue_live_message(new.quiniela_id,
    jsonb_build_object('quinielaId', new.quiniela_id, 'matches', '[]'::jsonb,
                       'results', jsonb_build_array(jsonb_build_object('matchId', new.id, 'result', new.correct_result)))
      || case when standings is null then '{}'::jsonb else jsonb_build_object('standings', standings) end,
    format('result:%s:%s', new.id, (select count(*) from public.result_corrections c where c.match_id = new.id)));
  return null;
end
$$;
comment on function internal.tell_typed_result() is 'Trigger: a result typed by hand for a match of a round being played goes to the round''s open screens (an outbox live message).';
revoke execute on function internal.tell_typed_result() from public;

-- What the provider answered: its fixtures (API-Football's objects as they came) and the quota's
-- headers ({dailyLimit, dailyRemaining, minuteLimit, minuteRemaining}). Stores every change,
-- proposes the 90-minute result at full time, marks the feed working again, and answers the
-- changes per round (one broadcast each) and whether the feed's state changed.
create function public.record_live_scores(fixtures jsonb, quota jsonb default '{}'::jsonb) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  was text;
  changes jsonb;
  previous jsonb;
  goals int;
begin
  if jsonb_typeof(fixtures) is distinct from 'array' then
    raise exception 'La respuesta del proveedor no trae una lista de partidos.' using errcode = '22023';
  end if;
  -- What the feed proposed until now, by match.
  select coalesce(jsonb_object_agg(l.match_id::text, jsonb_build_object('result', l.proposed_result, 'goals', coalesce(l.home_goals, 0) + coalesce(l.away_goals, 0))), '{}'::jsonb) into previous
  from public.match_live l
  where l.fixture_id in (select (x->'fixture'->>'id')::bigint from jsonb_array_elements(fixtures) x);
  with incoming as (
    select (x->'fixture'->>'id')::bigint as fixture_id,
           (x->'fixture'->>'date')::timestamptz as feed_kickoff_at,
           x->'fixture'->'status'->>'short' as status,
           (x->'fixture'->'status'->>'elapsed')::int as elapsed,
           (x->'fixture'->'status'->>'extra')::int as extra,
           (x->'goals'->>'home')::int as home_goals,
           (x->'goals'->>'away')::int as away_goals,
           (x->'score'->'fulltime'->>'home')::int as ft_home,
           (x->'score'->'fulltime'->>'away')::int as ft_away
    from jsonb_array_elements(fixtures) x
  ), followed as (
    -- The matches that follow these fixtures, kept from being deleted until this is stored: a
    -- round deleted meanwhile (an admin, a test's clean-up) made the insert below fail on its
    -- foreign key (a 503 for the whole poll); one deleted before is simply not there.
    select m.id, m.quiniela_id, m.provider_fixture_id
    from public.matches m
    where m.provider_fixture_id in (select fixture_id from incoming)
    for key share
  ), fresh as (
    select m.id as match_id, m.quiniela_id, i.*,
           case
             when i.status in ('FT', 'AET', 'PEN') and i.ft_home is not null and i.ft_away is not null
               then case sign(i.ft_home - i.ft_away) when 1 then 'Local' when 0 then 'Empate' else 'Visita' end
             when i.status in ('AWD', 'WO') and i.home_goals is not null and i.away_goals is not null
               then case sign(i.home_goals - i.away_goals) when 1 then 'Local' when 0 then 'Empate' else 'Visita' end
           end as proposed_result
    from incoming i
    join followed m on m.provider_fixture_id = i.fixture_id
  ), upserted as (
    insert into public.match_live as l (match_id, quiniela_id, fixture_id, feed_kickoff_at, status, elapsed, extra, home_goals, away_goals, ft_home, ft_away,
                                        proposed_result, final_whistle_at, result_changed_at, stopped_at, checked_at, changed_at)
    select f.match_id, f.quiniela_id, f.fixture_id, f.feed_kickoff_at, f.status, f.elapsed, f.extra, f.home_goals, f.away_goals, f.ft_home, f.ft_away,
           f.proposed_result, case when f.status in ('FT', 'AET', 'PEN', 'AWD', 'WO') then now() end,
           case when f.proposed_result is not null then now() end,
           case when f.status in ('PST', 'SUSP', 'INT', 'CANC', 'ABD') then now() end, now(), now()
    from fresh f
    on conflict (match_id) do update set
      quiniela_id = excluded.quiniela_id, fixture_id = excluded.fixture_id, status = excluded.status,
      -- A fixture given without a date keeps the last one the feed gave.
      feed_kickoff_at = coalesce(excluded.feed_kickoff_at, l.feed_kickoff_at),
      elapsed = excluded.elapsed, extra = excluded.extra, home_goals = excluded.home_goals, away_goals = excluded.away_goals,
      ft_home = excluded.ft_home, ft_away = excluded.ft_away, proposed_result = excluded.proposed_result,
      final_whistle_at = case when excluded.status in ('FT', 'AET', 'PEN', 'AWD', 'WO') then coalesce(l.final_whistle_at, now()) end,
      result_changed_at = case when excluded.proposed_result is distinct from l.proposed_result then now() else l.result_changed_at end,
      stopped_at = coalesce(l.stopped_at, excluded.stopped_at),
      checked_at = now(), changed_at = now()
    where (l.status, l.elapsed, l.extra, l.home_goals, l.away_goals, l.ft_home, l.ft_away, l.feed_kickoff_at)
          is distinct from (excluded.status, excluded.elapsed, excluded.extra, excluded.home_goals, excluded.away_goals, excluded.ft_home, excluded.ft_away,
                            coalesce(excluded.feed_kickoff_at, l.feed_kickoff_at))
    returning l.*
  )
  select coalesce(jsonb_agg(jsonb_build_object('quinielaId', r.quiniela_id, 'matches', r.matches) order by r.quiniela_id), '[]'::jsonb)
  into changes
  from (
    select u.quiniela_id,
           jsonb_agg(jsonb_build_object('matchId', u.match_id, 'status', u.status, 'elapsed', u.elapsed, 'extra', u.extra,
                                        'home', u.home_goals, 'away', u.away_goals, 'proposedResult', u.proposed_result) order by u.match_id) as matches
    from upserted u
    group by u.quiniela_id
  ) r;
  -- The feed's result becomes the match's (what finalizing and the admin's screen read) unless an
  -- admin typed another by hand: a result is replaced only while it is the feed's last proposal.
  -- After finalization this is a correction: the log says "proveedor" and the round is re-scored.
  perform internal.apply_feed_result(l.match_id, previous->(l.match_id::text)->>'result', l.proposed_result)
  from public.match_live l
  where l.fixture_id in (select (x->'fixture'->>'id')::bigint from jsonb_array_elements(fixtures) x)
    and l.proposed_result is not null and l.proposed_result is distinct from previous->(l.match_id::text)->>'result';
  -- "Goles de mis partidos": a push per goal to each player who picked the match and asked for
  -- them (a phone subscribed), saying what it does to his pick; none in quiet hours (a goal is
  -- news now or never), at most one per match and minute (the dedupe key).
  insert into public.notification_outbox (user_id, kind, quiniela_id, channel, payload, dedupe_key)
  select p.user_id, 'goal', l.quiniela_id, 'push',
         jsonb_build_object(
           'title', format('⚽ ¡Gol! %s %s – %s %s', m.home_team, l.home_goals, l.away_goals, m.away_team),
           'body', format('%s · Tu predicción: %s, %s (provisional).',
                          case when l.extra > 0 then format('%s+%s''', l.elapsed, l.extra) else format('%s''', l.elapsed) end, p.result,
                          case when p.result = case sign(l.home_goals - l.away_goals) when 1 then 'Local' when 0 then 'Empate' else 'Visita' end
                               then 'vas acertando' else 'vas fallando' end),
           'url', format('/quinielazo-de-la-semana?quiniela=%s', l.quiniela_id),
           'tag', format('gol-%s', m.id)),
         format('goal:%s:%s', m.id, to_char(now() at time zone 'UTC', 'YYYYMMDDHH24MI'))
  from public.match_live l
  join public.matches m on m.id = l.match_id
  join public.picks p on p.match_id = m.id
  join public.notification_preferences np on np.user_id = p.user_id and np.goal_alerts
  where l.fixture_id in (select (x->'fixture'->>'id')::bigint from jsonb_array_elements(fixtures) x)
    and l.status in ('1H', '2H', 'ET', 'LIVE')
    and coalesce(l.home_goals, 0) + coalesce(l.away_goals, 0) > coalesce((previous->(l.match_id::text)->>'goals')::int, 0)
    and exists (select 1 from public.push_subscriptions s where s.user_id = p.user_id)
    and internal.push_hold_until(now(), null) is null
  on conflict (user_id, dedupe_key) do nothing;
  get diagnostics goals = row_count;
  -- Asked and answered, changed or not (a stopped or finished match is asked again 15 minutes later).
  update public.match_live l set checked_at = now()
  where l.fixture_id in (select (x->'fixture'->>'id')::bigint from jsonb_array_elements(fixtures) x);

  was := internal.live_feed_answered(quota);

  return jsonb_build_object('rounds', changes, 'feed', 'ok', 'feedChanged', coalesce(was, 'ok') <> 'ok',
                            'liveRounds', to_jsonb(internal.live_round_ids()), 'goalAlerts', goals);
end
$$;
comment on function public.record_live_scores(jsonb, jsonb) is 'Stores the feed''s answer (API-Football fixtures, quota headers): live scores, the 90-minute result proposed at full time, the feed working; answers the changes per round. Service role only.';
revoke execute on function public.record_live_scores(fixtures jsonb, quota jsonb) from public, anon, authenticated;
grant execute on function public.record_live_scores(fixtures jsonb, quota jsonb) to service_role;

-- The provider answered (any of the poller's requests): the feed works again, and waits as the
-- quota's headers say. Answers the state it was in.
create function internal.live_feed_answered(quota jsonb) returns text
language plpgsql security definer set search_path = ''
as $$
declare
  was text;
begin
  select f.state into was from public.live_feed f where f.id = 1 for update;
  insert into public.live_feed as f (id, state, reason, paused_since, last_success_at, next_request_at, failures,
                                     daily_limit, daily_remaining, minute_limit, minute_remaining, updated_at)
  values (1, 'ok', null, null, now(), internal.live_feed_next_request(quota), 0,
          (quota->>'dailyLimit')::int, (quota->>'dailyRemaining')::int, (quota->>'minuteLimit')::int, (quota->>'minuteRemaining')::int, now())
  on conflict (id) do update set state = 'ok', reason = null, paused_since = null, last_success_at = now(),
    next_request_at = excluded.next_request_at, failures = 0,
    daily_limit = excluded.daily_limit, daily_remaining = excluded.daily_remaining,
    minute_limit = excluded.minute_limit, minute_remaining = excluded.minute_remaining, updated_at = now();
  return was;
end
$$;
comment on function internal.live_feed_answered(jsonb) is 'The provider answered: the feed ok, the quota stored, the next request when its headers allow; answers the previous state.';
revoke execute on function internal.live_feed_answered(quota jsonb) from public;
grant execute on function internal.live_feed_answered(quota jsonb) to service_role;

-- The provider failed (no answer, a 5xx, an unreadable body, a refused key, a spent day) or asked
-- to wait (a spent minute: `pause` false). The scores stay as they were; the feed is "en pausa"
-- and asked again after a growing wait (15 s, 30 s, … at most 10 minutes) or when the provider
-- said. Answers whether the state changed and the rounds on now (to tell their screens).
create function public.record_feed_failure(reason text, pause boolean default true, retry_after_seconds int default null, quota jsonb default '{}'::jsonb) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  was text;
  n int;
begin
  select f.state, f.failures into was, n from public.live_feed f where f.id = 1 for update;
  n := coalesce(n, 0) + 1;
  insert into public.live_feed as f (id, state, reason, paused_since, next_request_at, failures,
                                     daily_limit, daily_remaining, minute_limit, minute_remaining, updated_at)
  values (1, case when pause then 'paused' else coalesce(was, 'ok') end, left(record_feed_failure.reason, 200),
          case when pause then now() end,
          greatest(now() + coalesce(make_interval(secs => retry_after_seconds), make_interval(secs => least(15 * power(2, least(n - 1, 10)), 600))),
                   internal.live_feed_next_request(quota)),
          n, (quota->>'dailyLimit')::int, (quota->>'dailyRemaining')::int, (quota->>'minuteLimit')::int, (quota->>'minuteRemaining')::int, now())
  on conflict (id) do update set
    state = excluded.state, reason = excluded.reason,
    paused_since = case when excluded.state = 'paused' then coalesce(f.paused_since, now()) end,
    next_request_at = excluded.next_request_at, failures = excluded.failures,
    daily_limit = coalesce(excluded.daily_limit, f.daily_limit), daily_remaining = coalesce(excluded.daily_remaining, f.daily_remaining),
    minute_limit = coalesce(excluded.minute_limit, f.minute_limit), minute_remaining = coalesce(excluded.minute_remaining, f.minute_remaining),
    updated_at = now();
  return jsonb_build_object('feed', case when pause then 'paused' else coalesce(was, 'ok') end,
                            'feedChanged', pause and coalesce(was, 'ok') <> 'paused',
                            'liveRounds', to_jsonb(internal.live_round_ids()));
end
$$;
comment on function public.record_feed_failure(text, boolean, int, jsonb) is 'The feed failed or asked to wait: scores kept, the feed paused (unless only waiting) and backed off. Service role only.';
revoke execute on function public.record_feed_failure(reason text, pause boolean, retry_after_seconds int, quota jsonb) from public, anon, authenticated;
grant execute on function public.record_feed_failure(reason text, pause boolean, retry_after_seconds int, quota jsonb) to service_role;

-- The feed's result written to the match (service role, through record_live_scores): only where
-- the match has no result or still has the feed's previous proposal, so a result typed by hand
-- stands. A finalized round's result changed this way is a correction by "proveedor".
create function internal.apply_feed_result(p_match bigint, previous text, proposed text) returns boolean
language plpgsql security definer set search_path = ''
as $$
begin
  perform set_config('quinielazo.result_source', 'proveedor', true);
  perform set_config('quinielazo.result_reason', 'corrección del proveedor', true);
  -- A void match stays void: it was not completed within the 48 hours, whatever the feed says later.
  update public.matches m set correct_result = proposed
  where m.id = p_match and m.correct_result is distinct from proposed and m.voided_at is null
    and (m.correct_result is null or m.correct_result = previous);
  perform set_config('quinielazo.result_source', '', true);
  perform set_config('quinielazo.result_reason', '', true);
  return found;
end
$$;
comment on function internal.apply_feed_result(bigint, text, text) is 'Writes the feed''s proposed result to a match unless a hand-typed result stands (service role, via record_live_scores).';
revoke execute on function internal.apply_feed_result(p_match bigint, previous text, proposed text) from public;
grant execute on function internal.apply_feed_result(p_match bigint, previous text, proposed text) to service_role;

-- The round's public correction log (../shared/spec/decisions.md, "Match day"): every result
-- entered or changed by hand, and every result changed after the round was finalized (by hand or
-- by the feed, "proveedor"): when, which match, old → new, who, why. Written by a trigger only.
create table public.result_corrections (
  id bigint generated always as identity primary key,
  quiniela_id bigint not null references public.quinielas (id) on delete cascade,
  match_id bigint not null references public.matches (id) on delete cascade,
  at timestamptz not null default now(),
  old_result text check (old_result in ('Local', 'Empate', 'Visita')),
  new_result text check (new_result in ('Local', 'Empate', 'Visita')),
  -- The admin who typed it; null for the feed.
  changed_by uuid,
  -- What the log shows: the admin's username, or 'proveedor'.
  who text not null,
  why text,
  after_finalization boolean not null
);
alter table public.result_corrections enable row level security;
comment on table public.result_corrections is 'A round''s public correction log: results entered or changed by hand, and any change after finalization (by hand or by the feed, "proveedor").';
revoke all on table public.result_corrections from anon, authenticated;
grant select (after_finalization, at, id, match_id, new_result, old_result, quiniela_id, who, why) on table public.result_corrections to anon, authenticated;

create index result_corrections_quiniela_id_idx on public.result_corrections (quiniela_id, at);

create index result_corrections_match_id_idx on public.result_corrections (match_id);

create policy "Everyone reads the correction log" on public.result_corrections for select to anon, authenticated using (true);

create function internal.log_result_change() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  me uuid := auth.uid();
  finalized boolean;
  source text := coalesce(nullif(current_setting('quinielazo.result_source', true), ''), '');
begin
  if new.correct_result is not distinct from old.correct_result then
    return null;
  end if;
  select q.results_saved into finalized from public.quinielas q where q.id = new.quiniela_id;
  -- By hand: a signed-in admin through the API. Otherwise only a change after finalization is logged.
  if me is null and not coalesce(finalized, false) then
    return null;
  end if;
  insert into public.result_corrections (quiniela_id, match_id, old_result, new_result, changed_by, who, why, after_finalization)
  values (new.quiniela_id, new.id, old.correct_result, new.correct_result,
          case when source = 'proveedor' then null else me end,
          case when source = 'proveedor' or me is null then 'proveedor'
               else coalesce((select p.username from public.profiles p where p.id = me), 'admin') end,
          nullif(current_setting('quinielazo.result_reason', true), ''),
          coalesce(finalized, false));
  return null;
end
$$;
comment on function internal.log_result_change() is 'Trigger: writes a result entered or changed by hand, or changed after finalization, to the round''s correction log.';
revoke execute on function internal.log_result_change() from public;

create trigger matches_log_result_change after update of correct_result on public.matches
  for each row execute function internal.log_result_change();

-- After the log (triggers fire by name): the message's dedupe key counts the match's logged changes.
create trigger matches_tell_typed_result after update of correct_result on public.matches
  for each row execute function internal.tell_typed_result();

-- A correction after finalization tells the players it changed (../shared/spec/decisions.md,
-- "Match day"): each player whose pick on the corrected match went from right to wrong or back
-- (public.pick_counts) gets one notice per correction — which match, old → new, and his points as
-- the round is now scored — by push when he has a phone subscribed, else by e-mail, like "tus
-- puntos ya están" (points_ready is the switch that covers it; quiet hours hold a push until
-- 08:00). Called by the re-scoring trigger (070_scoring.sql) once the round is scored again, for
-- the corrections this transaction logged.
create function internal.queue_correction_notices(p_quiniela bigint) returns int
language plpgsql security definer set search_path = ''
as $$
declare
  n int;
begin
  insert into public.notification_outbox (user_id, kind, quiniela_id, channel, payload, dedupe_key, next_attempt_at)
  select p.user_id, 'correction', q.id,
    case when s.push then 'push' else 'email' end,
    jsonb_build_object(
      'title', format('✏️ Corrección en %s', q.name),
      'body', format('%s vs %s: %s → %s. Tu predicción (%s) %s. Ahora tienes %s pts en esta quiniela.',
                     m.home_team, m.away_team,
                     coalesce(c.old_result, case when m.voided_at is not null then 'anulado' else 'sin resultado' end),
                     coalesce(c.new_result, case when m.voided_at is not null then 'anulado' else 'sin resultado' end),
                     p.result, case when v.now_right then 'ahora cuenta como acierto' else 'ya no cuenta como acierto' end, sc.points),
      'url', format('/quinielazo-de-la-semana?quiniela=%s', q.id),
      'tag', format('correccion-%s', m.id)),
    format('correction:%s', c.id),
    case when s.push then coalesce(internal.push_hold_until(now()), now()) else now() end
  from public.result_corrections c
  join public.quinielas q on q.id = c.quiniela_id
  join public.matches m on m.id = c.match_id
  join public.picks p on p.match_id = c.match_id
  join public.scores sc on sc.quiniela_id = c.quiniela_id and sc.user_id = p.user_id
  join public.notification_preferences np on np.user_id = p.user_id and np.points_ready
  cross join lateral (
    select public.pick_counts(p.result, c.old_result, m.voided_at is not null) as was_right,
           public.pick_counts(p.result, c.new_result, m.voided_at is not null) as now_right) v
  cross join lateral (select exists (select 1 from public.push_subscriptions ps where ps.user_id = p.user_id) as push) s
  -- This transaction's corrections (the log stamps them with its start, now()).
  where c.quiniela_id = p_quiniela and c.after_finalization and c.at = now()
    and v.was_right <> v.now_right
  order by p.user_id
  on conflict (user_id, dedupe_key) do nothing;
  get diagnostics n = row_count;
  return n;
end
$$;
comment on function internal.queue_correction_notices(bigint) is
  'Queues a notice to each player whose pick a correction after finalization turned right or wrong: the match, old → new, his points now.';
revoke execute on function internal.queue_correction_notices(p_quiniela bigint) from public;

-- Void matches (../shared/spec/decisions.md, "Match day"): a match the feed said was postponed,
-- suspended, interrupted, cancelled or abandoned, not completed within 48 hours of its kick-off
-- (the feed's last word is not a final whistle) and with no result typed, is void from then on:
-- it counts as right for every pick on it and pays no bonus (public.pick_counts, score_round,
-- Pro). An admin may still type its result by hand if it was played; that result then counts.
-- Run first by finalize_due_rounds, every minute. Answers how many matches it made void.
create function internal.void_due_matches() returns int
language plpgsql security definer set search_path = ''
as $$
declare
  n int;
begin
  update public.matches m set voided_at = now()
  from public.match_live l
  where l.match_id = m.id
    and m.voided_at is null and m.correct_result is null
    and m.kickoff_at <= now() - public.match_void_after()
    and l.stopped_at is not null
    and l.status not in ('FT', 'AET', 'PEN', 'AWD', 'WO');
  get diagnostics n = row_count;
  return n;
end
$$;
comment on function internal.void_due_matches() is
  'Makes void every match the feed said was stopped (postponed, suspended, cancelled, abandoned) and that was not completed within 48 hours of its kick-off, unless a result was typed.';
revoke execute on function internal.void_due_matches() from public;

-- Rounds whose results arrived by themselves: finalized once every match is final (the feed's
-- result written, or a result typed for a match the feed lacks) or void, two hours after the
-- last final whistle with no correction since (from the feed or by hand), unless an admin holds
-- it (quinielas.finalize_hold). The same four steps as the admin's button, stamped on
-- round_finalizations with no admin (started_by null). A round the referee refuses is left to
-- the admin and not tried again for an hour. The scheduler runs it every minute, after making
-- void the matches that are due.
create function public.finalize_due_rounds() returns int
language plpgsql security definer set search_path = ''
as $$
declare
  round_id bigint;
  run uuid;
  step text;
  done int := 0;
begin
  perform internal.void_due_matches();
  for round_id in
    select q.id from public.quinielas q
    where not q.results_saved and not q.finalize_hold and q.deadline <= now()
      and exists (select 1 from public.matches m where m.quiniela_id = q.id and m.provider_fixture_id is not null)
      -- Every match final or void: void, or a result that the feed's final whistle backs (or
      -- typed for a match the feed lacks).
      and not exists (
        select 1 from public.matches m left join public.match_live l on l.match_id = m.id
        where m.quiniela_id = q.id and m.voided_at is null
          and (m.correct_result is null
               or (m.provider_fixture_id is not null and l.status is distinct from 'FT' and l.status is distinct from 'AET'
                   and l.status is distinct from 'PEN' and l.status is distinct from 'AWD' and l.status is distinct from 'WO')))
      -- A round whose every match is void has no whistle to wait for.
      and coalesce((select max(greatest(l.final_whistle_at, l.result_changed_at)) from public.match_live l where l.quiniela_id = q.id), '-infinity')
          <= now() - interval '2 hours'
      and not exists (select 1 from public.result_corrections c where c.quiniela_id = q.id and c.at > now() - interval '2 hours')
      and not exists (select 1 from public.round_finalizations f where f.quiniela_id = q.id and f.started_by is null
                        and f.failed_step is not null and f.created_at > now() - interval '1 hour')
    order by q.id
  loop
    run := gen_random_uuid();
    step := null;
    begin
      insert into public.round_finalizations (id, quiniela_id, started_by) values (run, round_id, null);
      foreach step in array array['results', 'seal', 'scores', 'notices'] loop
        perform public.run_finalization_step(run, step);
      end loop;
      done := done + 1;
    exception when others then
      insert into public.round_finalizations (id, quiniela_id, started_by, failed_step, error)
      values (run, round_id, null, step, left(sqlerrm, 500));
    end;
  end loop;
  return done;
end
$$;
comment on function public.finalize_due_rounds() is 'The scheduler''s: makes void the matches due, then finalizes every round whose matches are all final (from the feed, or by hand where it lacks them) or void, two hours after the last whistle with no correction, unless held.';
revoke execute on function public.finalize_due_rounds() from public, anon, authenticated;

-- A round created from the feed's calendar (the round-from-calendar function, after it checked
-- the caller is an admin and read the fixtures from the provider itself): each team found among
-- the clubs by its provider id, a club new to the product created with the feed's name and
-- crest, then the round as admin_create_round makes it (its checks and Spanish messages), each
-- match with its kick-off and its fixture. Service role only.
create function public.create_round_from_feed(name_input text, week_input int, deadline_input timestamptz, is_last_of_month_input boolean, fixtures jsonb)
returns bigint
language plpgsql security definer set search_path = ''
as $$
declare
  new_round bigint;
  matches_input jsonb;
begin
  if fixtures is null or jsonb_typeof(fixtures) <> 'array' or jsonb_array_length(fixtures) = 0 then
    raise exception 'Elige al menos un partido del calendario.' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(fixtures) x group by x->'fixture'->>'id' having count(*) > 1) then
    raise exception 'Un partido del calendario está repetido.' using errcode = '22023';
  end if;
  if exists (select 1 from public.matches m where m.provider_fixture_id in (select (x->'fixture'->>'id')::bigint from jsonb_array_elements(fixtures) x)) then
    raise exception 'Un partido elegido ya está en otra quiniela.' using errcode = '23505';
  end if;
  -- Clubs new to the product.
  insert into public.clubs (name, short_name, logo_url, league, provider_team_id)
  select distinct on ((t->>'id')::bigint) t->>'name', t->>'name', t->>'logo',
         case (x->'league'->>'id')::int when 262 then 'Liga MX' when 39 then 'Premier League' when 140 then 'La Liga'
           when 78 then 'Bundesliga' when 135 then 'Serie A' when 61 then 'Ligue 1' when 253 then 'MLS' else 'Internacional' end,
         (t->>'id')::bigint
  from jsonb_array_elements(fixtures) x
  cross join lateral (values (x->'teams'->'home'), (x->'teams'->'away')) as side(t)
  where not exists (select 1 from public.clubs c where c.provider_team_id = (t->>'id')::bigint)
  on conflict (provider_team_id) do nothing;

  select jsonb_agg(jsonb_build_object('home_club_id', h.id, 'away_club_id', a.id) order by x.ord)
  into matches_input
  from jsonb_array_elements(fixtures) with ordinality as x (f, ord)
  join public.clubs h on h.provider_team_id = (x.f->'teams'->'home'->>'id')::bigint
  join public.clubs a on a.provider_team_id = (x.f->'teams'->'away'->>'id')::bigint;

  new_round := public.admin_create_round(name_input, week_input, deadline_input, is_last_of_month_input, matches_input);
  update public.matches m
  set kickoff_at = to_timestamp((x.f->'fixture'->>'timestamp')::bigint), provider_fixture_id = (x.f->'fixture'->>'id')::bigint
  from jsonb_array_elements(fixtures) with ordinality as x (f, ord)
  where m.quiniela_id = new_round and m.match_order = x.ord;
  return new_round;
end
$$;
comment on function public.create_round_from_feed(text, int, timestamptz, boolean, jsonb) is 'A round from the feed''s fixtures (API-Football objects): clubs matched by provider team id, new ones created, matches with kick-off and fixture. Service role only (round-from-calendar checks the admin).';
revoke execute on function public.create_round_from_feed(name_input text, week_input int, deadline_input timestamptz, is_last_of_month_input boolean, fixtures jsonb) from public, anon, authenticated;
grant execute on function public.create_round_from_feed(name_input text, week_input int, deadline_input timestamptz, is_last_of_month_input boolean, fixtures jsonb) to service_role;
