-- TOPIC 175_live_standings
-- His place in the round while it is played ("entre el 3 % mejor", docs/match-day.md): how many
-- of the round's players would have each number of points if every match ended as it stands
-- now. One histogram per round, the same for everybody: it goes out in the round's one broadcast
-- (supabase/functions/poll-live-scores) and each screen finds its own place in it from its own
-- provisional points. Nothing here is a score, and no player's points are stored: the round is
-- scored from its results when it is finalized (070_scoring.sql).
--
-- Built for 1,000,000 players: a round's picks do not change after its deadline, so they are
-- grouped once into pick patterns (each player's picks as three 12-bit masks, and how many
-- players picked exactly that), and each histogram is one pass over the patterns with bit
-- arithmetic instead of a join of the round's 12 picks per player to the results.

set check_function_bodies = off;

-- The round's picks by pattern: bit k-1 of a mask is match_order k picked Local (local_mask),
-- Empate (draw_mask) or Visita (away_mask). Built after the deadline; what it was built from is
-- live_round_standings.patterns_key.
create table internal.live_pick_patterns (
  quiniela_id bigint not null references public.quinielas (id) on delete cascade,
  local_mask int not null,
  draw_mask int not null,
  away_mask int not null,
  players int not null check (players > 0),
  primary key (quiniela_id, local_mask, draw_mask, away_mask)
);
alter table internal.live_pick_patterns enable row level security;
comment on table internal.live_pick_patterns is 'A closed round''s picks grouped by pattern (three 12-bit masks by match_order) with how many players picked each: what the provisional histogram is read from.';

-- The round's provisional histogram and what it was computed from.
create table internal.live_round_standings (
  quiniela_id bigint primary key references public.quinielas (id) on delete cascade,
  -- What the patterns and the histogram were built from (the deadline, the matches, their
  -- bonuses, the last round's multiplier): a round reopened or edited builds them again.
  patterns_key text not null,
  -- The results as they stood ({"<match id>": "Local" | "Empate" | "Visita" | null}): a screen
  -- shows the place only while its own results are these.
  results jsonb,
  players int not null default 0,
  -- [[points, players], …], most points first.
  histogram jsonb not null default '[]'::jsonb,
  computed_at timestamptz not null default now()
);
alter table internal.live_round_standings enable row level security;
comment on table internal.live_round_standings is 'A closed round''s provisional histogram (players per points if every match ended as it stands), with the results it was computed from. Written by refresh_live_standings only.';

-- A match's result if it ended now: the saved result, else the feed's 90-minute result once over
-- (or in extra time: the 90 minutes are over), else the score as it stands while in play; null
-- before kick-off and for a postponed, cancelled or abandoned match. The app's twin is
-- resultAsItStands (src/features/picks/model/live.ts), held to the same answers by
-- tests/api/live-standings.test.ts.
create function internal.result_as_it_stands(correct_result text, status text, home int, away int, proposed text) returns text
language sql immutable parallel safe set search_path = ''
as $$
  select case
    when correct_result is not null then correct_result
    when status in ('FT', 'AET', 'PEN', 'AWD', 'WO', 'ET', 'BT', 'P') then proposed
    when status in ('1H', 'HT', '2H', 'LIVE', 'SUSP', 'INT') and home is not null and away is not null
      then case sign(home - away) when 1 then 'Local' when 0 then 'Empate' else 'Visita' end
  end
$$;
comment on function internal.result_as_it_stands(text, text, int, int, text) is 'A match''s result if it ended now (provisional): saved result, else the feed''s 90-minute result once over, else the score in play.';
revoke execute on function internal.result_as_it_stands(correct_result text, status text, home int, away int, proposed text) from public;

-- Brings the histogram of each round being played up to date: every closed round not finalized
-- with live scores (or the ones named). Builds a round's patterns the first time (at the first
-- poll, five minutes before kick-off, so never on a goal's path) and again if its deadline,
-- matches, bonuses or multiplier changed; computes the histogram only then or when a result as
-- it stands changed. Answers the
-- rounds whose histogram changed, each as a screen reads it (get_live_standings). Service role
-- only: the poller calls it after recording the feed's answer.
create function public.refresh_live_standings(round_ids bigint[] default null) returns jsonb
language plpgsql security definer set search_path = ''
-- A million players' picks group in memory instead of spilling to disk.
set work_mem = '64MB'
as $$
declare
  r record;
  built_from text;
  standing jsonb;
  was internal.live_round_standings%rowtype;
  rules_month date;
  changed jsonb := '[]'::jsonb;
  total int;
  counts jsonb;
begin
  for r in
    select q.id, q.deadline, q.is_last_of_month from public.quinielas q
    where q.deadline <= now() and not q.results_saved
      and (round_ids is null or q.id = any (round_ids))
      and exists (select 1 from public.match_live l where l.quiniela_id = q.id)
    order by q.id
  loop
    -- Two refreshes of one round (two polls overlapping) take turns.
    perform pg_advisory_xact_lock(175, (r.id % 2147483647)::int);
    -- A match made void changes it too: the histogram is computed again with the void counted.
    select string_agg(concat_ws(':', m.id, m.match_order, m.special_bonus_points, m.underdog_bonus_points, m.underdog_bonus_side, m.voided_at is not null), ',' order by m.match_order)
           || '@' || extract(epoch from r.deadline) || ':' || r.is_last_of_month
    into built_from from public.matches m where m.quiniela_id = r.id;
    select * into was from internal.live_round_standings s where s.quiniela_id = r.id;
    if was.quiniela_id is null or was.patterns_key is distinct from built_from then
      delete from internal.live_pick_patterns p where p.quiniela_id = r.id;
      insert into internal.live_pick_patterns (quiniela_id, local_mask, draw_mask, away_mask, players)
      select r.id, x.l, x.d, x.v, count(*)::int
      from (
        select bit_or(case when p.result = 'Local' then 1 << (m.match_order - 1) else 0 end) as l,
               bit_or(case when p.result = 'Empate' then 1 << (m.match_order - 1) else 0 end) as d,
               bit_or(case when p.result = 'Visita' then 1 << (m.match_order - 1) else 0 end) as v
        from public.picks p
        join public.matches m on m.id = p.match_id
        where p.quiniela_id = r.id
        group by p.user_id
      ) x
      group by x.l, x.d, x.v;
      insert into internal.live_round_standings as s (quiniela_id, patterns_key, results, players, histogram, computed_at)
      values (r.id, built_from, null, 0, '[]'::jsonb, now())
      on conflict (quiniela_id) do update set patterns_key = excluded.patterns_key, results = null, computed_at = now();
      was.results := null;
    end if;

    select jsonb_object_agg(m.id::text, internal.result_as_it_stands(m.correct_result, l.status, l.home_goals, l.away_goals, l.proposed_result))
    into standing
    from public.matches m left join public.match_live l on l.match_id = m.id
    where m.quiniela_id = r.id;
    if was.results is not distinct from standing then
      continue;
    end if;

    -- The histogram: each pattern's hits (its picks equal to the results as they stand), the
    -- round's points for that many hits (the points table, ×multiplier on the last round of the
    -- month: public.round_points) plus the special and underdog bonuses of the matches hit —
    -- "Si terminara así", the same sum the app shows (pointsIfItEndedNow). Monthly bonuses are not in it.
    -- A void match with no result counts for every pick on it (public.pick_counts): its bit is in
    -- all three result masks, and it pays no bonus.
    rules_month := date_trunc('month', public.mx_time(r.deadline))::date;
    with res as (
      select m.match_order, internal.result_as_it_stands(m.correct_result, l.status, l.home_goals, l.away_goals, l.proposed_result) as result,
             m.special_bonus_points, m.underdog_bonus_points, m.underdog_bonus_side,
             m.voided_at is not null and m.correct_result is null as voided
      from public.matches m left join public.match_live l on l.match_id = m.id
      where m.quiniela_id = r.id
    ), masks as (
      select coalesce(sum(1 << (res.match_order - 1)) filter (where res.result = 'Local' or res.voided), 0)::int as rl,
             coalesce(sum(1 << (res.match_order - 1)) filter (where res.result = 'Empate' or res.voided), 0)::int as rd,
             coalesce(sum(1 << (res.match_order - 1)) filter (where res.result = 'Visita' or res.voided), 0)::int as rv
      from res
    ), hits as (
      select (p.local_mask & k.rl) | (p.draw_mask & k.rd) | (p.away_mask & k.rv) as hit, sum(p.players)::int as players
      from internal.live_pick_patterns p cross join masks k
      where p.quiniela_id = r.id
      group by 1
    ), by_hits as (
      select bit_count(h.hit::bit(32))::int as correct,
             coalesce((select sum(res.special_bonus_points + case when res.underdog_bonus_side = res.result then res.underdog_bonus_points else 0 end)
                       from res where not res.voided and h.hit & (1 << (res.match_order - 1)) <> 0), 0)::int as bonus,
             h.players
      from hits h
    ), by_points as (
      select public.round_points(b.correct, r.is_last_of_month, rules_month) + b.bonus as points, sum(b.players)::int as players
      from (select b.correct, b.bonus, sum(b.players)::int as players from by_hits b group by 1, 2) b
      group by 1
    )
    select coalesce(sum(p.players), 0)::int, coalesce(jsonb_agg(jsonb_build_array(p.points, p.players) order by p.points desc), '[]'::jsonb)
    into total, counts
    from by_points p;

    update internal.live_round_standings s set results = standing, players = total, histogram = counts, computed_at = now()
    where s.quiniela_id = r.id;
    changed := changed || jsonb_build_array(jsonb_build_object('quinielaId', r.id, 'results', standing, 'players', total, 'histogram', counts));
  end loop;
  return changed;
end
$$;
comment on function public.refresh_live_standings(bigint[]) is 'Brings the provisional histogram of each closed, unfinalized round with live scores (or those named) up to date; answers the rounds whose histogram changed ([{quinielaId, results, players, histogram}]). Service role only (the poller).';
revoke execute on function public.refresh_live_standings(round_ids bigint[]) from public, anon, authenticated;
grant execute on function public.refresh_live_standings(round_ids bigint[]) to service_role;

-- What a screen reads when it subscribes (and after a reconnect): the round's last histogram and
-- the results it was computed from; null before the first. Everyone: it names nobody.
create function public.get_live_standings(quiniela_id_input bigint) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object('quinielaId', s.quiniela_id, 'results', s.results, 'players', s.players, 'histogram', s.histogram)
  from internal.live_round_standings s
  join public.quinielas q on q.id = s.quiniela_id
  where s.quiniela_id = quiniela_id_input and s.results is not null and not q.results_saved
$$;
comment on function public.get_live_standings(bigint) is 'A round being played: how many players would have each number of points if every match ended as it stands ({quinielaId, results, players, histogram: [[points, players], …]}); null before the first. Provisional, never a score.';
revoke execute on function public.get_live_standings(quiniela_id_input bigint) from public;
grant execute on function public.get_live_standings(quiniela_id_input bigint) to anon, authenticated;
