-- TOPIC 160_leagues
-- Ligas (docs/product.md#ligas): private leagues inside the same game. A liga is a list of
-- players; its table is read from the same monthly_standings and scores the global ranking
-- uses. Nobody reads another player's picks through a liga before the round's deadline.
--
-- Errors: a Spanish message for the player, the SQLSTATE as the family (23514 a rule or limit,
-- 42501 not allowed, P0002 not found, QZ429 too often, as elsewhere) and the hint as the stable
-- reason a client can branch on (league_name_too_short, league_full, …; docs/data-model.md).

set check_function_bodies = off;

-- Codes: 8 characters of an alphabet without look-alikes (no 0/O, 1/I/l); read case-insensitively.
create function internal.new_league_code() returns text
language plpgsql volatile set search_path = ''
as $$
declare
  alphabet constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  bytes bytea;
  candidate text;
begin
  loop
    -- Random bytes, not a UUID's: a version-4 UUID's 7th byte carries the version, so its
    -- character came from 16 symbols and a guesser had half the codes to try (an attack run,
    -- 2026-11-28). 256 is a multiple of 32, so each character is uniform.
    bytes := extensions.gen_random_bytes(8);
    candidate := '';
    for i in 0..7 loop
      candidate := candidate || substr(alphabet, (get_byte(bytes, i) % 32) + 1, 1);
    end loop;
    exit when not exists (select 1 from public.leagues l where l.code = candidate);
  end loop;
  return candidate;
end
$$;
comment on function internal.new_league_code() is 'A fresh unused liga code: 8 characters of A–Z and 2–9 without I and O.';
revoke execute on function internal.new_league_code() from public;

-- A liga's name and prize line as stored: NFKC and trimmed like usernames, the characters that
-- show nothing (public.invisible_characters: zero-width, controls, fillers, the bidi isolates
-- that reorder the text after them in a push's title…) dropped and runs of white space
-- (public.white_space_characters) made one space: none may count towards the 3 a name needs (an
-- attack run, 2026-11-28). The same two lists decide what a blank chat message or poll answer is.
create function public.normalize_league_text(t text) returns text
language sql immutable parallel safe set search_path = ''
as $$
  select nullif(btrim(regexp_replace(
           regexp_replace(normalize(t, NFKC), '[' || public.invisible_characters() || ']', '', 'g'),
           '[' || public.white_space_characters() || ']+', ' ', 'g')), '')
$$;
comment on function public.normalize_league_text(text) is 'A liga''s name or prize line as stored: NFKC, invisible characters dropped, white space collapsed and trimmed; null when nothing visible is left.';
revoke execute on function public.normalize_league_text(t text) from public, anon;

create table public.leagues (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 3 and 40),
  prize_note text check (char_length(prize_note) <= 120),
  code text not null unique check (code ~ '^[A-HJ-NP-Z2-9]{8}$'),
  -- No cascade: a deleting owner hands the liga to its oldest member first (internal.hand_over_leagues).
  owner_id uuid not null references public.profiles (id),
  created_at timestamptz not null default now(),
  -- Who created it (for the creation rate limit, whoever owns it later).
  created_by uuid references public.profiles (id) on delete set null default auth.uid()
);
alter table public.leagues enable row level security;
comment on table public.leagues is 'A private liga: its name, prize line, invitation code and owner. Members read it; the owner edits name and prize line; everything else through the league functions.';
comment on column public.leagues.code is 'The invitation code (/liga/<code>): 8 characters without look-alikes; renewing it kills old links.';
revoke all on table public.leagues from anon, authenticated;
grant select, delete on table public.leagues to authenticated;
grant update (name, prize_note) on table public.leagues to authenticated;

create index leagues_owner_id_idx on public.leagues (owner_id);

create index leagues_created_by_created_at_idx on public.leagues (created_by, created_at);

create table public.league_members (
  league_id uuid not null references public.leagues (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  joined_at timestamptz not null default now(),
  primary key (league_id, user_id)
);
alter table public.league_members enable row level security;
comment on table public.league_members is 'Who plays in which liga. Members read their liga''s members; written by join_league, leave_league, remove_league_member (and the sign-up chain).';
revoke all on table public.league_members from anon, authenticated;
grant select on table public.league_members to authenticated;

create index league_members_user_id_idx on public.league_members (user_id, league_id);

-- "Recordarles": one per liga and round.
create table public.league_reminders (
  league_id uuid not null references public.leagues (id) on delete cascade,
  quiniela_id bigint not null references public.quinielas (id) on delete cascade,
  sent_by uuid references public.profiles (id) on delete set null,
  queued int not null default 0,
  created_at timestamptz not null default now(),
  primary key (league_id, quiniela_id)
);
alter table public.league_reminders enable row level security;
comment on table public.league_reminders is 'The owner''s "Recordarles" per liga and round (at most one). Members read their liga''s (the button shows when it went); written only by remind_league_missing.';
revoke all on table public.league_reminders from anon, authenticated;
grant select on table public.league_reminders to authenticated;

create index league_reminders_sent_by_created_at_idx on public.league_reminders (sent_by, created_at);

-- Definer: the policies of league_members ask about league_members; without it they would recurse.
create function public.is_league_member(league_id_input uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.league_members m where m.league_id = league_id_input and m.user_id = (select auth.uid()))
$$;
comment on function public.is_league_member(uuid) is 'True when the caller plays in the liga. Definer so policies can ask without recursing.';
revoke execute on function public.is_league_member(league_id_input uuid) from public, anon;

create policy "Members read their ligas and admins read all" on public.leagues for select to authenticated
  using ((select public.is_league_member(id)) or (select public.is_admin()));

create policy "Owners edit their ligas" on public.leagues for update to authenticated
  using (owner_id = (select auth.uid())) with check (owner_id = (select auth.uid()));

create policy "Owners delete their ligas" on public.leagues for delete to authenticated
  using (owner_id = (select auth.uid()));

create policy "Members read their ligas' members and admins read all" on public.league_members for select to authenticated
  using ((select public.is_league_member(league_id)) or (select public.is_admin()));

-- So the owner sees before tapping, on any phone, that this round's "Recordarles" already went.
create policy "Members read their ligas' reminders and admins read all" on public.league_reminders for select to authenticated
  using ((select public.is_league_member(league_id)) or (select public.is_admin()));

-- A liga's chat (issue 44, item 14): the round chat's table with a liga instead of a round, so
-- its rules stay in one home (120_chat.sql: not blank through public.shows_nothing, at most 500
-- characters, the server's created_at, one message every 3 s per player across every chat,
-- admins remove). Only who reads and who writes differ: the liga's members, as for its table.
alter table public.chat_messages add column league_id uuid references public.leagues (id) on delete cascade;
alter table public.chat_messages add constraint chat_messages_one_room check ((quiniela_id is null) <> (league_id is null));
grant insert (league_id) on table public.chat_messages to authenticated;
comment on column public.chat_messages.league_id is 'The liga whose chat holds the message (its members only); null for a round''s chat.';

create index chat_messages_league_id_created_at_idx on public.chat_messages (league_id, created_at) where league_id is not null;

create policy "Members read their ligas' chat and admins read all" on public.chat_messages for select to authenticated
  using (league_id is not null and ((select public.is_league_member(league_id)) or (select public.is_admin())));

create policy "Members post as themselves in their ligas' chat" on public.chat_messages for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and league_id is not null
    and (select public.is_league_member(league_id))
  );

-- Name and prize line: one rule for the functions and the owner's direct update.
create function internal.check_league_texts() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.name := public.normalize_league_text(new.name);
  new.prize_note := public.normalize_league_text(new.prize_note);
  if new.name is null or char_length(new.name) < 3 then
    raise exception 'El nombre de la liga debe tener al menos 3 caracteres.' using errcode = '23514', hint = 'league_name_too_short';
  elsif char_length(new.name) > 40 then
    raise exception 'El nombre de la liga puede tener como máximo 40 caracteres.' using errcode = '23514', hint = 'league_name_too_long';
  elsif char_length(new.prize_note) > 120 then
    raise exception 'El premio de la liga puede tener como máximo 120 caracteres.' using errcode = '23514', hint = 'prize_note_too_long';
  end if;
  return new;
end
$$;
comment on function internal.check_league_texts() is 'Trigger: stores a liga''s name (3–40 visible characters) and prize line (≤ 120) normalised, refusing others in Spanish (23514).';
revoke execute on function internal.check_league_texts() from public;

create trigger leagues_check_texts before insert or update of name, prize_note on public.leagues
  for each row execute function internal.check_league_texts();

-- The limits, in one place. A player's ligas are counted under his own lock, a liga's members
-- under its row lock, so two joins at once cannot pass a limit together.
create function internal.lock_player_leagues(player uuid) returns void
language sql volatile set search_path = ''
as $$
  select pg_advisory_xact_lock(hashtext('quinielazo.league_members'), hashtext(player::text))
$$;
revoke execute on function internal.lock_player_leagues(player uuid) from public;

create function internal.assert_league_room(player uuid) returns void
language plpgsql stable set search_path = ''
as $$
begin
  if (select count(*) from public.league_members m where m.user_id = player) >= 20 then
    raise exception 'Ya estás en 20 ligas, el máximo: sal de una para entrar a otra.' using errcode = '23514', hint = 'too_many_leagues';
  end if;
end
$$;
revoke execute on function internal.assert_league_room(player uuid) from public;

create function internal.require_player() returns uuid
language plpgsql stable set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
begin
  if me is null or not exists (select 1 from public.profiles p where p.id = me) then
    raise exception 'Inicia sesión para jugar en ligas.' using errcode = '42501', hint = 'not_signed_in';
  end if;
  return me;
end
$$;
revoke execute on function internal.require_player() from public;

-- The liga, its row locked, when the caller is a member (owner_only: its owner).
create function internal.league_for(league_id_input uuid, owner_only boolean)
returns public.leagues
language plpgsql volatile set search_path = ''
as $$
declare
  me uuid := internal.require_player();
  l public.leagues;
begin
  select * into l from public.leagues where id = league_id_input for update;
  if l.id is null or not exists (select 1 from public.league_members m where m.league_id = l.id and m.user_id = me) then
    raise exception 'No eres parte de esta liga.' using errcode = '42501', hint = 'not_league_member';
  end if;
  if owner_only and l.owner_id <> me then
    raise exception 'Solo quien organiza la liga puede hacer esto.' using errcode = '42501', hint = 'not_league_owner';
  end if;
  return l;
end
$$;
revoke execute on function internal.league_for(league_id_input uuid, owner_only boolean) from public;

-- The readers' check: the caller plays in the liga (a missing liga reads the same, so ids
-- cannot be probed).
create function internal.assert_league_member(league_id_input uuid) returns void
language plpgsql stable set search_path = ''
as $$
begin
  if not exists (select 1 from public.league_members m where m.league_id = league_id_input and m.user_id = (select auth.uid())) then
    raise exception 'No eres parte de esta liga.' using errcode = '42501', hint = 'not_league_member';
  end if;
end
$$;
revoke execute on function internal.assert_league_member(league_id_input uuid) from public;

-- Adds a player to a liga (the liga's row locked by the caller): idempotent, within the limits.
create function internal.add_league_member(l public.leagues, player uuid) returns boolean
language plpgsql volatile set search_path = ''
as $$
begin
  if exists (select 1 from public.league_members m where m.league_id = l.id and m.user_id = player) then
    return true;
  end if;
  perform internal.assert_league_room(player);
  if (select count(*) from public.league_members m where m.league_id = l.id) >= 500 then
    raise exception 'Esta liga ya tiene 500 miembros, el máximo.' using errcode = '23514', hint = 'league_full';
  end if;
  insert into public.league_members (league_id, user_id) values (l.id, player);
  return false;
end
$$;
revoke execute on function internal.add_league_member(l public.leagues, player uuid) from public;

create function public.create_league(name text, prize_note text default null)
returns table (id uuid, code text)
language plpgsql volatile security definer set search_path = ''
as $$
declare
  me uuid := internal.require_player();
  created public.leagues;
begin
  perform internal.lock_player_leagues(me);
  if (select count(*) from public.leagues l where l.created_by = me and l.created_at > clock_timestamp() - interval '1 hour') >= 5 then
    raise exception 'Ya creaste 5 ligas en la última hora. Espera un rato para crear otra.'
      using errcode = 'QZ429', hint = 'league_create_rate';
  end if;
  perform internal.assert_league_room(me);
  insert into public.leagues (name, prize_note, code, owner_id, created_by)
  values (create_league.name, create_league.prize_note, internal.new_league_code(), me, me)
  returning * into created;
  insert into public.league_members (league_id, user_id) values (created.id, me);
  return query select created.id, created.code;
end
$$;
comment on function public.create_league(text, text) is 'Creates a liga owned by the caller (his first member) and answers its id and invitation code. At most 20 ligas per player and 5 created per hour.';
revoke execute on function public.create_league(name text, prize_note text) from public, anon;

-- Guessing codes (issue 41): join_league answered an unknown code with HTTP 500 about 500 times
-- a second and get_league_preview answered visitors about 545 times a second, never a 429. A
-- caller may now name a code no liga has (a miss) 10 times in 10 minutes as a player and 30 times
-- in 10 minutes from one address (a visitor, or players sharing a network); past that every
-- lookup of his is refused with 429 until the window ends, a right code too, so a lucky guess
-- tells him nothing. A malformed code cannot name a liga and is not counted. Counted on one row
-- per caller, locked while the lookup runs, so parallel guesses cannot pass the limit together.
create table internal.league_code_guesses (
  -- 'player:<id>' or 'source:<address>' (internal.request_source()).
  caller text primary key,
  window_start timestamptz not null default now(),
  misses int not null default 0
);
comment on table internal.league_code_guesses is 'Liga codes a caller named that no liga has, in his current 10-minute window (the guessing limit of join_league and get_league_preview).';
revoke all on table internal.league_code_guesses from public, anon, authenticated;

-- The address the request came from: the last x-forwarded-for entry, the one the API gateway adds
-- for the connection it accepted (entries before it are whatever the client sent). Null outside
-- a PostgREST request.
create function internal.request_source() returns text
language sql stable set search_path = ''
as $$
  select nullif(btrim(split_part(
    nullif(current_setting('request.headers', true), '')::json ->> 'x-forwarded-for', ',', -1)), '')
$$;
comment on function internal.request_source() is 'The caller''s address as the API gateway saw it (the last x-forwarded-for entry); null outside a request.';
revoke execute on function internal.request_source() from public;

-- Who is guessing: the signed-in player and the address, each with his own limit.
create function internal.league_code_callers() returns table (caller text, misses_allowed int)
language sql stable set search_path = ''
as $$
  select 'player:' || auth.uid(), 10 where auth.uid() is not null
  union all
  select 'source:' || internal.request_source(), 30 where internal.request_source() is not null
$$;
revoke execute on function internal.league_code_callers() from public;

-- Before a lookup: refused while any of the caller's rows used up its window. Locks his rows
-- (in one order) so his other lookups wait for this one's miss to be counted. A caller whose
-- lookups queue on his own rows for a second (a burst of guesses sent at once) is refused like a
-- guesser, rather than held until the statement times out (a 500 to the 40 of a burst's last).
create function internal.refuse_league_code_guessing() returns void
language plpgsql volatile set search_path = '' set lock_timeout = '1s'
as $$
declare
  g record;
begin
  for g in
    select c.misses_allowed, x.misses, x.window_start
    from internal.league_code_callers() c
    join internal.league_code_guesses x on x.caller = c.caller
    order by x.caller
    for update of x
  loop
    if g.window_start > now() - interval '10 minutes' and g.misses >= g.misses_allowed then
      raise exception 'Probaste demasiados códigos de liga que no existen. Espera unos minutos y pide el enlace a quien te invitó.'
        using errcode = 'PT429', hint = 'league_code_guesses';
    end if;
  end loop;
exception when lock_not_available then
  raise exception 'Probaste demasiados códigos de liga a la vez. Espera unos minutos y pide el enlace a quien te invitó.'
    using errcode = 'PT429', hint = 'league_code_guesses';
end
$$;
revoke execute on function internal.refuse_league_code_guessing() from public;

-- A join's first lock: the player's, as every change to his ligas takes it, waited for a second at
-- most. A burst of guesses sent at once queues here, before his guessing rows; those still queued
-- after a second are refused like a guesser, rather than held until the statement times out (a
-- 500 to the last of 40 on a busy machine).
create function internal.lock_joining_player(player uuid) returns void
language plpgsql volatile set search_path = '' set lock_timeout = '1s'
as $$
begin
  perform internal.lock_player_leagues(player);
exception when lock_not_available then
  raise exception 'Probaste demasiados códigos de liga a la vez. Espera unos minutos y pide el enlace a quien te invitó.'
    using errcode = 'PT429', hint = 'league_code_guesses';
end
$$;
revoke execute on function internal.lock_joining_player(player uuid) from public;

-- After a miss: counted for each of the caller's rows (a new window when the last one ended).
-- The miss past a limit is refused like the next lookups (its count rolls back; the row is full).
create function internal.count_league_code_miss(code text) returns void
language plpgsql volatile set search_path = '' set lock_timeout = '1s'
as $$
declare
  over int;
begin
  if code is null or code !~ '^[A-HJ-NP-Z2-9]{8}$' then
    return;
  end if;
  with counted as (
    insert into internal.league_code_guesses as x (caller, window_start, misses)
    select c.caller, now(), 1 from internal.league_code_callers() c order by c.caller
    on conflict (caller) do update set
      misses = case when x.window_start <= now() - interval '10 minutes' then 1 else x.misses + 1 end,
      window_start = case when x.window_start <= now() - interval '10 minutes' then now() else x.window_start end
    returning x.caller, x.misses
  )
  select count(*) into over from counted n join internal.league_code_callers() c on c.caller = n.caller
  where n.misses > c.misses_allowed;
  if over > 0 then
    raise exception 'Probaste demasiados códigos de liga que no existen. Espera unos minutos y pide el enlace a quien te invitó.'
      using errcode = 'PT429', hint = 'league_code_guesses';
  end if;
  -- Windows that ended are forgotten a few at a time, so callers who never come back leave no rows.
  delete from internal.league_code_guesses x
    where x.ctid = any (array(select y.ctid from internal.league_code_guesses y
                              where y.window_start <= now() - interval '10 minutes' limit 20 for update skip locked));
exception when lock_not_available then
  raise exception 'Probaste demasiados códigos de liga a la vez. Espera unos minutos y pide el enlace a quien te invitó.'
    using errcode = 'PT429', hint = 'league_code_guesses';
end
$$;
revoke execute on function internal.count_league_code_miss(code text) from public;

-- An unknown code is a 404 with the reason, and the miss is kept: a raised error would roll it
-- back, so the refusal is the answer itself (PostgREST sends it with response.status), shaped
-- as PostgREST's own errors are (code, message, hint, details). A join answers the liga as
-- {league_id, already_member}.
create function public.join_league(code text)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  me uuid := internal.require_player();
  wanted text := upper(btrim(join_league.code));
  l public.leagues;
  was boolean;
begin
  -- The player's lock first, then his guessing rows, in every join: the other order deadlocked
  -- two of his joins sent at once (40P01, a 500).
  perform internal.lock_joining_player(me);
  perform internal.refuse_league_code_guessing();
  select * into l from public.leagues where leagues.code = wanted for update;
  if l.id is null then
    perform internal.count_league_code_miss(wanted);
    perform set_config('response.status', '404', true);
    return jsonb_build_object('code', 'P0002', 'hint', 'league_not_found', 'details', null,
      'message', 'Esta invitación ya no es válida: pide un enlace nuevo a quien te invitó.');
  end if;
  was := internal.add_league_member(l, me);
  return jsonb_build_object('league_id', l.id, 'already_member', was);
end
$$;
comment on function public.join_league(text) is 'Joins the liga of an invitation code (case-insensitive): {league_id, already_member}, idempotent. An unknown code answers 404 with the refusal as its body; 10 unknown codes in 10 minutes per player, 30 per address, then 429. Refused past 20 ligas or 500 members.';
revoke execute on function public.join_league(code text) from public, anon;

create function public.leave_league(league_id uuid) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  l public.leagues := internal.league_for(leave_league.league_id, false);
begin
  if l.owner_id = (select auth.uid()) then
    if exists (select 1 from public.league_members m where m.league_id = l.id and m.user_id <> l.owner_id) then
      raise exception 'Organizas la liga: pásala a otro miembro o bórrala antes de salir.' using errcode = '23514', hint = 'league_owner_cannot_leave';
    end if;
    delete from public.leagues where id = l.id;
    return;
  end if;
  delete from public.league_members m where m.league_id = l.id and m.user_id = (select auth.uid());
end
$$;
comment on function public.leave_league(uuid) is 'The caller leaves a liga. Its owner must hand it over first, unless he is alone in it (then the liga goes).';
revoke execute on function public.leave_league(league_id uuid) from public, anon;

-- The round the app calls "this week's": the soonest deadline still ahead, results not saved.
create function internal.current_round() returns table (id bigint, name text, deadline timestamptz)
language sql stable set search_path = ''
as $$
  select q.id, q.name, q.deadline from public.quinielas q
  where q.deadline > now() and not q.results_saved
  order by q.deadline, q.id
  limit 1
$$;
revoke execute on function internal.current_round() from public;

-- The invitation page (visitors too): what the liga is, never who is in it.
create function public.get_league_preview(code text)
returns table (
  league_id uuid, name text, prize_note text, owner_username text, member_count int, is_member boolean,
  quiniela_id bigint, quiniela_name text, deadline timestamptz
)
language plpgsql volatile security definer set search_path = ''
as $$
declare
  wanted text := upper(btrim(get_league_preview.code));
begin
  perform internal.refuse_league_code_guessing();
  return query
  select l.id, l.name, l.prize_note, o.username,
         (select count(*)::int from public.league_members m where m.league_id = l.id),
         exists (select 1 from public.league_members m where m.league_id = l.id and m.user_id = (select auth.uid())),
         r.id, r.name, r.deadline
  from public.leagues l
  join public.profiles o on o.id = l.owner_id
  left join internal.current_round() r on true
  where l.code = wanted;
  if not found then
    perform internal.count_league_code_miss(wanted);
  end if;
end
$$;
comment on function public.get_league_preview(text) is 'The invitation page of a code: liga name, prize line, owner, member count, whether the caller is in it, and this week''s round. Empty for a dead code; counted with join_league''s misses (429 past the guessing limit).';
revoke execute on function public.get_league_preview(code text) from public;
grant execute on function public.get_league_preview(code text) to anon, authenticated;

-- Members with fewer picks than the round has matches (one read of the round's picks by its index).
create function internal.league_missing(league_id_input uuid, quiniela_id_input bigint)
returns table (user_id uuid, username text)
language sql stable set search_path = ''
as $$
  select m.user_id, p.username
  from public.quinielas q
  cross join lateral (select count(*)::int as total from public.matches x where x.quiniela_id = q.id) t
  join public.league_members m on m.league_id = league_id_input
  join public.profiles p on p.id = m.user_id
  where q.id = quiniela_id_input and now() < q.deadline and not q.results_saved and t.total > 0
    and (select count(*) from public.picks k where k.quiniela_id = q.id and k.user_id = m.user_id) < t.total
  order by p.username, m.user_id
$$;
revoke execute on function internal.league_missing(league_id_input uuid, quiniela_id_input bigint) from public;

create function public.get_league_missing_picks(league_id uuid, quiniela_id bigint)
returns table (user_id uuid, username text)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform internal.assert_league_member(get_league_missing_picks.league_id);
  return query select * from internal.league_missing(get_league_missing_picks.league_id, get_league_missing_picks.quiniela_id);
end
$$;
comment on function public.get_league_missing_picks(uuid, bigint) is '"Faltan por jugar": the liga''s members without all the round''s picks, while it is open (empty after the deadline). Members only; usernames, never picks.';
revoke execute on function public.get_league_missing_picks(league_id uuid, quiniela_id bigint) from public, anon;

create function public.get_my_leagues()
returns table (
  id uuid, name text, code text, prize_note text, is_owner boolean, member_count int, my_rank int, missing_count int, rank_month text
)
language plpgsql stable security definer set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  month_start timestamp := date_trunc('month', public.mx_time(now()));
  y int := extract(year from month_start)::int;
  mo int := extract(month from month_start)::int;
  py int := extract(year from month_start - interval '1 month')::int;
  pmo int := extract(month from month_start - interval '1 month')::int;
  round_id bigint := (select r.id from internal.current_round() r);
begin
  return query
  select l.id, l.name, l.code, l.prize_note, l.owner_id = me,
         (select count(*)::int from public.league_members m where m.league_id = l.id),
         -- Ties share the rank: 1 + members with more points in the month ranked.
         -- His place as the liga's table gives it (internal.league_table, the one home of a
         -- liga place): null while he has no points in the month (issue 44: "Vas 3.º de 9" at 0
         -- points while the table said "Sin posición").
         (select t.rank_total from internal.league_table(l.id, w.rmo, w.ry, 'total', 1) t where t.user_id = me),
         coalesce((select count(*)::int from internal.league_missing(l.id, round_id)), 0),
         case when w.final then to_char(make_date(py, pmo, 1), 'YYYY-MM') end
  from public.league_members mine
  join public.leagues l on l.id = mine.league_id
  -- The month's first days (issue 44, item 10): while no member has points this month, the
  -- place is last month's final one, as the liga's table shows it (load-league.ts), when the
  -- liga existed then and someone scored.
  cross join lateral (
    select not exists (select 1 from public.league_members m
                       join public.monthly_standings s on s.user_id = m.user_id and s.year = y and s.month = mo
                       where m.league_id = l.id and s.total_points > 0)
       and public.mx_time(l.created_at) < month_start
       and exists (select 1 from public.league_members m
                   join public.monthly_standings s on s.user_id = m.user_id and s.year = py and s.month = pmo
                   where m.league_id = l.id and s.total_points > 0) as final
  ) f
  cross join lateral (select f.final, case when f.final then py else y end as ry, case when f.final then pmo else mo end as rmo) w
  where mine.user_id = me
  order by mine.joined_at, l.id;
end
$$;
comment on function public.get_my_leagues() is '"Mis ligas": the caller''s ligas with his position this Mexico City month (null while he has no points in it; or, while nobody in the liga has points this month, last month''s final position: rank_month names that month, null otherwise) and how many members still have to pick this week''s round.';
revoke execute on function public.get_my_leagues() from public, anon;

-- The liga's month table from monthly_standings (the rows the global ranking reads), ranked
-- within the liga with the same tie rule (rank(): ties share); members without points yet
-- count with 0 and have no place: each rank is null while its points are 0, and previous_rank
-- (the member's position within the liga last month) is null when he had no points then. This is
-- the one home of a liga place: the table, its movement arrows and "Mis ligas" read it (issue 44).
-- ranking: 'total' (ordered by total) or 'daily' (Boost).
-- limit_input: the first rows only (null: all), and the caller's own row wherever it falls, as
-- the global ranking's page does: every member is ranked, but a liga of 500 sends a phone 50
-- rows (15 KB) instead of 500 (146 KB). Names are read only for the rows up to the page's last
-- rank, which the tie order needs.
create function internal.league_table(league_id_input uuid, month_input int, year_input int, ranking text, limit_input int)
returns table (
  user_id uuid, username text, favorite_club_id bigint, club_logo_url text,
  total_points int, daily_points int, weekly_points int, referral_points int,
  rank_total int, rank_weekly int, rank_daily int, previous_rank int
)
language sql stable set search_path = ''
as $$
  with points as (
    select m.user_id,
           coalesce(s.total_points, 0) as total_points, coalesce(s.daily_points, 0) as daily_points,
           coalesce(s.weekly_points, 0) as weekly_points, coalesce(s.referral_points, 0) as referral_points,
           case when ranking = 'daily' then pv.daily_points else pv.total_points end as previous_points
    from public.league_members m
    left join public.monthly_standings s on s.user_id = m.user_id and s.year = year_input and s.month = month_input
    left join public.monthly_standings pv on pv.user_id = m.user_id
     and pv.year = year_input - case when month_input = 1 then 1 else 0 end
     and pv.month = case when month_input = 1 then 12 else month_input - 1 end
    where m.league_id = league_id_input
  ), ranked as (
    -- Over every member: those at 0 come last, so the ranks of those with points are theirs.
    select r.*,
           rank() over (order by r.total_points desc)::int as order_total,
           rank() over (order by r.daily_points desc)::int as order_daily,
           case when r.total_points > 0 then rank() over (order by r.total_points desc) end::int as rank_total,
           case when r.weekly_points > 0 then rank() over (order by r.weekly_points desc) end::int as rank_weekly,
           case when r.daily_points > 0 then rank() over (order by r.daily_points desc) end::int as rank_daily,
           case when r.previous_points > 0
                then rank() over (order by coalesce(r.previous_points, 0) desc) end::int as previous_rank
    from points r
  ), keyed as (
    -- The order of the rows (and of the page's cut): the members without a place after the rest.
    select r.*, case when ranking = 'daily' then r.order_daily else r.order_total end as place from ranked r
  ), candidates as (
    select k.* from keyed k
    where limit_input is null
       or k.place <= coalesce((select b.place from keyed b order by b.place offset greatest(limit_input, 1) - 1 limit 1), 2147483647)
       or k.user_id = (select auth.uid())
  ), named as (
    select c.*, p.username, p.favorite_club_id, row_number() over (order by c.place, p.username, c.user_id) as position
    from candidates c join public.profiles p on p.id = c.user_id
  )
  select n.user_id, n.username, n.favorite_club_id, cl.logo_url, n.total_points, n.daily_points, n.weekly_points, n.referral_points,
         n.rank_total, n.rank_weekly, n.rank_daily, n.previous_rank
  from named n
  left join public.clubs cl on cl.id = n.favorite_club_id
  where limit_input is null or n.position <= limit_input or n.user_id = (select auth.uid())
  order by n.position
$$;
revoke execute on function internal.league_table(league_id_input uuid, month_input integer, year_input integer, ranking text, limit_input integer) from public;

create function public.get_league_standings(league_id uuid, month_input int, year_input int, limit_input int default null)
returns table (
  user_id uuid, username text, favorite_club_id bigint, club_logo_url text,
  total_points int, daily_points int, weekly_points int, referral_points int,
  rank_total int, rank_weekly int, rank_daily int, previous_rank int
)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform internal.assert_league_member(get_league_standings.league_id);
  return query select * from internal.league_table(get_league_standings.league_id, month_input, year_input, 'total', limit_input);
end
$$;
comment on function public.get_league_standings(uuid, int, int, int) is
  'A liga''s table of a Mexico City month: the columns of get_monthly_leaderboard, from the same standings, ranked within the liga (ties share); previous_rank = position in the liga last month. Optional: the first limit_input rows and the caller''s own row. Members only.';
revoke execute on function public.get_league_standings(league_id uuid, month_input integer, year_input integer, limit_input integer) from public, anon;

create function public.get_league_boost_standings(league_id uuid, month_input int, year_input int, limit_input int default null)
returns table (
  user_id uuid, username text, favorite_club_id bigint, club_logo_url text,
  total_points int, daily_points int, weekly_points int, referral_points int,
  rank_total int, rank_weekly int, rank_daily int, previous_rank int
)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform internal.assert_league_member(get_league_boost_standings.league_id);
  return query select * from internal.league_table(get_league_boost_standings.league_id, month_input, year_input, 'daily', limit_input);
end
$$;
comment on function public.get_league_boost_standings(uuid, int, int, int) is
  'A liga''s Boost table of a month: the columns of get_league_standings ordered by rank_daily; previous_rank = Boost position in the liga last month. Optional: the first limit_input rows and the caller''s own row. Members only.';
revoke execute on function public.get_league_boost_standings(league_id uuid, month_input integer, year_input integer, limit_input integer) from public, anon;

-- One round within the liga: each member's points and hits of that round (scores, public once
-- the round is scored), ranked with ties sharing; rank 1 is the round's winner in the liga.
create function public.get_league_round_standings(league_id uuid, quiniela_id bigint)
returns table (user_id uuid, username text, favorite_club_id bigint, club_logo_url text, points int, correct int, rank int)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform internal.assert_league_member(get_league_round_standings.league_id);
  return query
  with rows as (
    select m.user_id, p.username, p.favorite_club_id, c.logo_url, coalesce(s.points, 0) as points, coalesce(s.correct, 0) as correct,
           -- Played: scored in it (scoring keeps a row only for players with picks) or, before
           -- it is scored, has picks in it.
           s.user_id is not null
             or exists (select 1 from public.picks k where k.user_id = m.user_id and k.quiniela_id = get_league_round_standings.quiniela_id) as played
    from public.league_members m
    join public.profiles p on p.id = m.user_id
    left join public.clubs c on c.id = p.favorite_club_id
    left join public.scores s on s.user_id = m.user_id and s.quiniela_id = get_league_round_standings.quiniela_id
    where m.league_id = get_league_round_standings.league_id
  )
  -- A member who made no picks in the round (one who joined after it, or skipped it) has no
  -- place in it: rank null, listed after those who played (issue 44; docs/decisions/ligas.md).
  select r.user_id, r.username, r.favorite_club_id, r.logo_url, r.points, r.correct,
         case when r.played then rank() over (partition by r.played order by r.points desc) end::int
  from rows r
  order by 7 nulls last, r.username, r.user_id;
end
$$;
comment on function public.get_league_round_standings(uuid, bigint) is 'A round within a liga: each member''s points and hits, ranked (ties share; rank 1 = the round''s winner in the liga); rank null for a member without picks in the round, listed last. Members only.';
revoke execute on function public.get_league_round_standings(league_id uuid, quiniela_id bigint) from public, anon;

-- The members' picks side by side, only once the round's deadline has passed by the database
-- clock (nothing before, whoever asks); the match's result is beside each pick.
create function public.get_league_round_picks(league_id uuid, quiniela_id bigint)
returns table (user_id uuid, username text, match_id bigint, result text, correct_result text)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform internal.assert_league_member(get_league_round_picks.league_id);
  return query
  select k.user_id, p.username, k.match_id, k.result, x.correct_result
  from public.quinielas q
  join public.league_members m on m.league_id = get_league_round_picks.league_id
  join public.profiles p on p.id = m.user_id
  join public.picks k on k.quiniela_id = q.id and k.user_id = m.user_id
  join public.matches x on x.id = k.match_id
  where q.id = get_league_round_picks.quiniela_id and now() >= q.deadline
  order by p.username, k.user_id, x.match_order;
end
$$;
comment on function public.get_league_round_picks(uuid, bigint) is 'The liga members'' picks of a round with each match''s result, only after its deadline (empty before). Members only.';
revoke execute on function public.get_league_round_picks(league_id uuid, quiniela_id bigint) from public, anon;

-- Owner management.
create function public.update_league(league_id uuid, name text, prize_note text default null) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  l public.leagues := internal.league_for(update_league.league_id, true);
begin
  update public.leagues set name = update_league.name, prize_note = update_league.prize_note where id = l.id;
end
$$;
comment on function public.update_league(uuid, text, text) is 'The owner renames a liga and sets its prize line (null or blank: none). Same rules as create_league.';
revoke execute on function public.update_league(league_id uuid, name text, prize_note text) from public, anon;

create function public.remove_league_member(league_id uuid, user_id uuid) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  l public.leagues := internal.league_for(remove_league_member.league_id, true);
begin
  if remove_league_member.user_id = l.owner_id then
    raise exception 'No puedes sacarte de tu propia liga: pásala a otro miembro o bórrala.' using errcode = '23514', hint = 'league_owner_cannot_leave';
  end if;
  delete from public.league_members m where m.league_id = l.id and m.user_id = remove_league_member.user_id;
end
$$;
comment on function public.remove_league_member(uuid, uuid) is 'The owner removes a member (he may come back with the code until it is renewed).';
revoke execute on function public.remove_league_member(league_id uuid, user_id uuid) from public, anon;

create function public.renew_league_code(league_id uuid) returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  l public.leagues := internal.league_for(renew_league_code.league_id, true);
  fresh text := internal.new_league_code();
begin
  update public.leagues set code = fresh where id = l.id;
  return fresh;
end
$$;
comment on function public.renew_league_code(uuid) is 'The owner replaces the invitation code: old links stop working. Answers the new code.';
revoke execute on function public.renew_league_code(league_id uuid) from public, anon;

create function public.transfer_league(league_id uuid, new_owner uuid) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  l public.leagues := internal.league_for(transfer_league.league_id, true);
begin
  if not exists (select 1 from public.league_members m where m.league_id = l.id and m.user_id = new_owner) then
    raise exception 'Solo puedes pasar la liga a uno de sus miembros.' using errcode = '23514', hint = 'new_owner_not_member';
  end if;
  update public.leagues set owner_id = new_owner where id = l.id;
end
$$;
comment on function public.transfer_league(uuid, uuid) is 'The owner hands the liga to another member.';
revoke execute on function public.transfer_league(league_id uuid, new_owner uuid) from public, anon;

create function public.delete_league(league_id uuid) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  l public.leagues := internal.league_for(delete_league.league_id, true);
begin
  delete from public.leagues where id = l.id;
end
$$;
comment on function public.delete_league(uuid) is 'The owner deletes the liga (its memberships and reminders go with it; nobody''s points change).';
revoke execute on function public.delete_league(league_id uuid) from public, anon;

-- "Recordarles": each member still missing picks of the open round gets one notice (push when
-- he has a subscription, else e-mail; quiet hours hold a push unless the deadline comes first),
-- when he wants deadline reminders. Once per liga and round; a player gets at most one liga
-- reminder per round whichever of his ligas sends it (dedupe key league_reminder:<round>); an
-- owner sends at most 10 in an hour across his ligas.
create function public.remind_league_missing(league_id uuid, quiniela_id bigint) returns int
language plpgsql volatile security definer set search_path = ''
as $$
declare
  l public.leagues := internal.league_for(remind_league_missing.league_id, true);
  me uuid := (select auth.uid());
  -- Who sends it, named in the notice (issue 44, item 13): "Ana te recuerda…", as a friend's
  -- nudge reads, not the app's.
  sender text := coalesce((select nullif(btrim(p.username), '') from public.profiles p where p.id = me), 'Quien organiza tu liga');
  q record;
  n int;
begin
  select r.id, r.name, r.deadline into q from public.quinielas r
  where r.id = remind_league_missing.quiniela_id and now() < r.deadline and not r.results_saved;
  if q.id is null then
    raise exception 'Esta quiniela ya cerró: ya no hay a quién recordarle.' using errcode = '23514', hint = 'round_closed';
  end if;
  perform pg_advisory_xact_lock(hashtext('quinielazo.league_reminders'), hashtext(me::text));
  if exists (select 1 from public.league_reminders r where r.league_id = l.id and r.quiniela_id = q.id) then
    raise exception 'Ya les recordaste esta quiniela a los de tu liga.' using errcode = 'QZ429', hint = 'league_already_reminded';
  end if;
  if (select count(*) from public.league_reminders r where r.sent_by = me and r.created_at > clock_timestamp() - interval '1 hour') >= 10 then
    raise exception 'Ya enviaste muchos recordatorios en la última hora. Espera un rato.' using errcode = 'QZ429', hint = 'league_remind_rate';
  end if;
  insert into public.notification_outbox (user_id, kind, quiniela_id, channel, payload, dedupe_key, next_attempt_at)
  select mi.user_id, 'league_reminder', q.id,
         case when s.push then 'push' else 'email' end,
         jsonb_build_object(
           'title', format('⏰ %s te recuerda: tu liga %s te espera', sender, l.name),
           -- The round's name quoted («Quiniela del 5 de diciembre»): "predicciones de Quiniela del…" read as a typo.
           'body', format('%s te recuerda que aún te faltan predicciones en «%s». Hazlas antes del cierre.', sender, q.name),
           'sender', sender,
           'url', format('/picks?quiniela=%s', q.id),
           'tag', format('quiniela-%s', q.id),
           'league', l.name,
           'deadline', q.deadline),
         format('league_reminder:%s', q.id),
         case when s.push then coalesce(internal.push_hold_until(now(), q.deadline), now()) else now() end
  from internal.league_missing(l.id, q.id) mi
  join public.notification_preferences np on np.user_id = mi.user_id and np.remind_quinielazo
  cross join lateral (select exists (select 1 from public.push_subscriptions ps where ps.user_id = mi.user_id) as push) s
  where mi.user_id <> me
  on conflict (user_id, dedupe_key) do nothing;
  get diagnostics n = row_count;
  insert into public.league_reminders (league_id, quiniela_id, sent_by, queued) values (l.id, q.id, me, n);
  return n;
end
$$;
comment on function public.remind_league_missing(uuid, bigint) is '"Recordarles": the owner queues one notice to each member missing picks of the open round (respecting preferences). Once per liga and round; answers how many were queued.';
revoke execute on function public.remind_league_missing(league_id uuid, quiniela_id bigint) from public, anon;

-- A deleting owner hands each of his ligas to its oldest other member; a liga with nobody
-- else goes. (His memberships then go with the profile, by the foreign key's cascade.)
create function internal.hand_over_leagues() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  l record;
  heir uuid;
begin
  for l in select id from public.leagues where owner_id = old.id for update loop
    select m.user_id into heir from public.league_members m
    where m.league_id = l.id and m.user_id <> old.id
    order by m.joined_at, m.user_id limit 1;
    if heir is null then
      delete from public.leagues where id = l.id;
    else
      update public.leagues set owner_id = heir where id = l.id;
    end if;
  end loop;
  return old;
end
$$;
comment on function internal.hand_over_leagues() is 'Trigger (before a profile is deleted): each liga he owns passes to its oldest other member, or is deleted when he was alone.';
revoke execute on function internal.hand_over_leagues() from public;

create trigger profiles_hand_over_leagues before delete on public.profiles
  for each row execute function internal.hand_over_leagues();

-- The sign-up chain's part: a new player who came through an invitation joins the liga (when
-- the limits allow; a full liga never blocks a sign-up). Called by public.handle_confirmed_user.
create function internal.join_league_at_signup(player uuid, league_code text) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  l public.leagues;
begin
  perform internal.lock_player_leagues(player);
  select * into l from public.leagues where code = upper(btrim(league_code)) for update;
  if l.id is null then
    return;
  end if;
  begin
    perform internal.add_league_member(l, player);
  exception when check_violation then
    null;
  end;
end
$$;
revoke execute on function internal.join_league_at_signup(player uuid, league_code text) from public;
