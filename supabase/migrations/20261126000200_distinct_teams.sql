-- A match needs two different teams: the database refuses "América vs América" whoever writes it
-- (admin_create_round, the API, a direct session). Teams are stored twice, as club ids and as the
-- names players see, so both must differ; names compare without case, accents or extra spaces.

-- The name as a team's identity: "  club  AMÉRICA " and "Club America" are one team.
create function internal.team_key(team text) returns text
language sql immutable parallel safe set search_path = ''
as $$
  -- Accents folded in both cases, so it holds whatever the database's locale makes of lower().
  select lower(translate(btrim(regexp_replace(team, '\s+', ' ', 'g')),
                         'áàäâéèëêíìïîóòöôúùüûñçÁÀÄÂÉÈËÊÍÌÏÎÓÒÖÔÚÙÜÛÑÇ',
                         'aaaaeeeeiiiioooouuuuncAAAAEEEEIIIIOOOOUUUUNC'))
$$;
comment on function internal.team_key(text) is 'A team name folded for comparison: lower case, no accents, single inner spaces, trimmed.';
-- The constraint runs it with the privileges of whoever writes the match (an admin, the service
-- role); PostgREST does not expose schema internal, so it is no API.
revoke execute on function internal.team_key(text) from public, anon;
grant execute on function internal.team_key(text) to authenticated, service_role;

-- Rows written before this rule would make the constraint fail with no hint of which they are.
do $$
declare
  clashes text;
begin
  select string_agg(format('match %s (round %s): %s vs %s', id, quiniela_id, home_team, away_team), '; ' order by id)
  into clashes
  from public.matches
  where home_club_id = away_club_id or internal.team_key(home_team) = internal.team_key(away_team);
  if clashes is not null then
    raise exception 'Matches with the same team on both sides must be fixed or deleted first: %', clashes;
  end if;
end
$$;

alter table public.matches add constraint matches_distinct_teams
  check (home_club_id <> away_club_id and internal.team_key(home_team) <> internal.team_key(away_team));

-- A check constraint can only answer in English with its name; this trigger refuses the same
-- rows first with the Spanish message the admin screens show, naming the match. Definer only to
-- reach schema internal, which writers have no usage of; it reads nothing but the new row.
create function internal.check_match_teams() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.home_club_id = new.away_club_id or internal.team_key(new.home_team) = internal.team_key(new.away_team) then
    raise exception 'Un partido no puede enfrentar al mismo equipo: % vs % (partido %).', new.home_team, new.away_team, new.match_order
      using errcode = '23514', constraint = 'matches_distinct_teams';
  end if;
  return new;
end
$$;
comment on function internal.check_match_teams() is 'Trigger: refuses a match whose two sides are the same team, in Spanish (the constraint matches_distinct_teams backs it).';
revoke execute on function internal.check_match_teams() from public, anon, authenticated;

create trigger matches_distinct_teams before insert or update of home_team, away_team, home_club_id, away_club_id on public.matches
  for each row execute function internal.check_match_teams();
