-- TOPIC 090_seals

set check_function_bodies = off;

-- Sealed rounds (docs/sealed-rounds.md): once a round's deadline passes, the database commits to
-- every player's picks with a Merkle root anyone can read, and gives each player the salt and
-- proof to check that his own picks are in it. Scoring refuses a round whose picks no longer
-- produce its seal, so nobody (not even someone with database access) can change a pick after
-- the deadline without it showing.
create table public.round_seal_salts (
  quiniela_id bigint not null references public.quinielas (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  salt bytea not null check (octet_length(salt) = 16),
  primary key (quiniela_id, user_id)
);
alter table public.round_seal_salts enable row level security;
comment on table public.round_seal_salts is 'Each player''s random salt of a sealed round: it hides his picks in the public seal; only he reads it.';
revoke all on table public.round_seal_salts from anon, authenticated;
grant select on table public.round_seal_salts to authenticated;

create index round_seal_salts_user_id_idx on public.round_seal_salts (user_id);

create policy "Players read their own salts" on public.round_seal_salts for select to authenticated
  using (user_id = (select auth.uid()));

create table public.round_seals (
  quiniela_id bigint primary key references public.quinielas (id) on delete cascade,
  root text not null check (root ~ '^[0-9a-f]{64}$'),
  leaves int not null check (leaves >= 0),
  sealed_at timestamptz not null default now()
);
alter table public.round_seals enable row level security;
comment on table public.round_seals is 'The Merkle root of every player''s picks of a round, taken when its deadline passed; public.';
revoke all on table public.round_seals from anon, authenticated;
grant select on table public.round_seals to anon, authenticated;

create policy "Everyone reads the seals" on public.round_seals for select to anon, authenticated using (true);

-- Each player's leaf: sha256(salt_hex | quiniela_id | user_id | picks), picks being
-- "match_id:result" in match order joined by ",". Players without a salt (no picks at sealing)
-- have no leaf.
create function internal.round_leaves(quiniela_id_input bigint)
returns table (user_id uuid, leaf bytea)
language sql stable set search_path = ''
as $$
  select p.user_id,
         extensions.digest(
           encode(s.salt, 'hex') || '|' || quiniela_id_input::text || '|' || p.user_id::text || '|'
             || string_agg(m.id::text || ':' || p.result, ',' order by m.match_order, m.id),
           'sha256')
  from public.picks p
  join public.matches m on m.id = p.match_id
  join public.round_seal_salts s on s.quiniela_id = quiniela_id_input and s.user_id = p.user_id
  where p.quiniela_id = quiniela_id_input
  group by p.user_id, s.salt
$$;

-- The level above a list of hashes: pairs hashed smaller first, an odd last one carried up.
create function internal.merkle_level(level bytea[]) returns bytea[]
language plpgsql immutable set search_path = ''
as $$
declare
  upper bytea[] := '{}';
  i int := 1;
begin
  while i <= cardinality(level) loop
    if i = cardinality(level) then
      upper := upper || level[i];
    else
      upper := upper || extensions.digest(least(level[i], level[i + 1]) || greatest(level[i], level[i + 1]), 'sha256');
    end if;
    i := i + 2;
  end loop;
  return upper;
end
$$;

-- The root of a set of leaves (sorted first); no leaves: sha256 of nothing.
create function internal.merkle_root(leaves bytea[]) returns bytea
language plpgsql immutable set search_path = ''
as $$
declare
  level bytea[] := array(select l from unnest(leaves) l order by l);
begin
  if cardinality(level) = 0 then
    return extensions.digest(''::bytea, 'sha256');
  end if;
  while cardinality(level) > 1 loop
    level := internal.merkle_level(level);
  end loop;
  return level[1];
end
$$;

-- The sibling hashes from a leaf up to the root (hex), in order.
create function internal.merkle_proof(leaves bytea[], target bytea) returns text[]
language plpgsql immutable set search_path = ''
as $$
declare
  level bytea[] := array(select l from unnest(leaves) l order by l);
  proof text[] := '{}';
  pos int := array_position(level, target);
begin
  if pos is null then
    return null;
  end if;
  while cardinality(level) > 1 loop
    -- Its pair partner: the next for an odd position, the previous for an even one.
    if pos % 2 = 1 and pos < cardinality(level) then
      proof := proof || encode(level[pos + 1], 'hex');
    elsif pos % 2 = 0 then
      proof := proof || encode(level[pos - 1], 'hex');
    end if;
    level := internal.merkle_level(level);
    pos := (pos + 1) / 2;
  end loop;
  return proof;
end
$$;

-- Seals one round (locked while it is sealed; a second call finds the seal and does nothing).
create function internal.seal_round(quiniela_id_input bigint) returns boolean
language plpgsql volatile set search_path = ''
as $$
declare
  leaves bytea[];
begin
  perform 1 from public.quinielas q where q.id = quiniela_id_input for update;
  if exists (select 1 from public.round_seals s where s.quiniela_id = quiniela_id_input) then
    return false;
  end if;
  insert into public.round_seal_salts (quiniela_id, user_id, salt)
  select distinct quiniela_id_input, p.user_id, extensions.gen_random_bytes(16) from public.picks p where p.quiniela_id = quiniela_id_input
  on conflict do nothing;
  leaves := array(select l.leaf from internal.round_leaves(quiniela_id_input) l);
  insert into public.round_seals (quiniela_id, root, leaves)
  values (quiniela_id_input, encode(internal.merkle_root(leaves), 'hex'), cardinality(leaves));
  return true;
end
$$;

-- Seals every round whose deadline has passed and that has no seal yet. Definer: it writes
-- salts for every player and reads everyone's picks. Idempotent; two runs at once skip each
-- other's rounds.
-- The seal waits for writers instead of skipping a round they hold: seal_due_rounds skipped a
-- round whose row was locked, and a writer's FOR KEY SHARE above now is such a lock. Rounds are
-- sealed one at a time, each under its row lock (seal_round), so two runs still seal once.
create function public.seal_due_rounds() returns int
language plpgsql volatile security definer set search_path = ''
as $$
declare
  due bigint;
  sealed int := 0;
begin
  for due in
    select q.id from public.quinielas q
    where q.deadline <= now() and not exists (select 1 from public.round_seals s where s.quiniela_id = q.id)
    order by q.deadline, q.id
  loop
    if internal.seal_round(due) then
      sealed := sealed + 1;
    end if;
  end loop;
  return sealed;
end
$$;
comment on function public.seal_due_rounds() is 'Seals every round whose deadline passed (Merkle root of salted picks); the scheduler runs it every minute.';
revoke execute on function public.seal_due_rounds() from public, anon, authenticated;

create function public.get_round_seal(quiniela_id_input bigint)
returns table (root text, leaves int, sealed_at timestamptz)
language sql stable set search_path = ''
as $$
  select s.root, s.leaves, s.sealed_at from public.round_seals s where s.quiniela_id = quiniela_id_input
$$;
comment on function public.get_round_seal(bigint) is 'A round''s seal: its Merkle root, how many players, when; nothing before the seal.';
revoke execute on function public.get_round_seal(quiniela_id_input bigint) from public;

-- The caller's receipt: his salt and leaf, the proof, and the root. Definer: the proof needs
-- every leaf of the round (hashes only; nobody's picks or salt leave the database).
create function public.get_my_round_receipt(quiniela_id_input bigint)
returns table (salt text, leaf text, proof text[], root text)
language plpgsql stable security definer set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  all_leaves bytea[];
  mine bytea;
begin
  if me is null or not exists (select 1 from public.round_seals s where s.quiniela_id = quiniela_id_input) then
    return;
  end if;
  all_leaves := array(select l.leaf from internal.round_leaves(quiniela_id_input) l);
  select l.leaf into mine from internal.round_leaves(quiniela_id_input) l where l.user_id = me;
  if mine is null then
    return;
  end if;
  return query
    select encode(s.salt, 'hex'), encode(mine, 'hex'), internal.merkle_proof(all_leaves, mine), rs.root
    from public.round_seal_salts s join public.round_seals rs on rs.quiniela_id = s.quiniela_id
    where s.quiniela_id = quiniela_id_input and s.user_id = me;
end
$$;
comment on function public.get_my_round_receipt(bigint) is 'The caller''s receipt of a sealed round: salt, leaf, proof (sibling hashes) and root.';
revoke execute on function public.get_my_round_receipt(quiniela_id_input bigint) from public, anon;

-- The referee's check: a sealed round's picks must still give its root.
create function internal.assert_round_seal_intact(quiniela_id_input bigint) returns void
language plpgsql stable set search_path = ''
as $$
declare
  stored text;
begin
  select s.root into stored from public.round_seals s where s.quiniela_id = quiniela_id_input;
  if stored is not null
     and stored <> encode(internal.merkle_root(array(select l.leaf from internal.round_leaves(quiniela_id_input) l)), 'hex') then
    raise exception 'Las predicciones de esta quiniela ya no coinciden con su sello; no se puede calificar.'
      using errcode = 'P0001', hint = 'Alguien cambió predicciones después del cierre. Revisa round_seals.';
  end if;
end
$$;

-- A corrected result of a finalized round re-scores it, so its seal is checked first. (Finalizing
-- a round seals and checks it too: supabase/schemas/180_round_changes.sql.)
create function internal.check_seal_before_scoring() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if exists (select 1 from public.quinielas q where q.id = new.quiniela_id and q.results_saved) then
    perform internal.assert_round_seal_intact(new.quiniela_id);
  end if;
  return new;
end
$$;

-- Two holes an attack run found around a round's dates (docs/sealed-rounds.md, docs/product.md).
--
-- 1. A sealed round could be opened again: an admin moving its deadline into the future let
--    players change picks after the vote shares had been public, and the seal (taken once) no
--    longer matched, so the referee refused the round forever ("ya no coinciden con su sello").
--    Once sealed, a round's deadline may still move within the past (the order of played rounds,
--    re-scored by its own trigger) but never to a moment that has not come.
-- 2. admin_create_round took any week and a deadline already past; only the admin form checked
--    them. A round born closed takes no picks and becomes "the round before" for the streak.
create function internal.keep_sealed_round_closed(p_quiniela bigint, p_deadline timestamptz) returns void
language plpgsql set search_path = ''
as $$
begin
  if p_deadline > now() and exists (select 1 from public.round_seals s where s.quiniela_id = p_quiniela) then
    raise exception 'Esta quiniela ya está sellada: su cierre no puede moverse al futuro.'
      using errcode = '23514', hint = 'Las predicciones de una quiniela sellada ya no pueden cambiar.';
  end if;
end
$$;
comment on function internal.keep_sealed_round_closed(bigint, timestamptz) is
  'A sealed round''s deadline never moves to the future (its picks would reopen after the seal); run by internal.before_round_update.';
revoke execute on function internal.keep_sealed_round_closed(bigint, timestamptz) from public;

create trigger matches_check_seal before update of correct_result on public.matches
  for each row when (new.correct_result is distinct from old.correct_result)
  execute function internal.check_seal_before_scoring();
