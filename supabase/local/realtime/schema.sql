-- The local realtime's change capture. Hosted Supabase reads the write-ahead log through a
-- replication slot; locally a row trigger on every table of publication supabase_realtime
-- queues the change and notifies the realtime server, which fans it out under RLS.
-- Idempotent: applied on every platform start, after migrations. Never part of production.

create schema if not exists realtime;
revoke all on schema realtime from public;

create table if not exists realtime.changes (
  id bigint generated always as identity primary key,
  schema_name text not null,
  table_name text not null,
  op text not null check (op in ('INSERT', 'UPDATE', 'DELETE')),
  record jsonb,
  old_record jsonb,
  commit_timestamp timestamptz not null default clock_timestamp()
);
comment on table realtime.changes is
  'Queue of row changes on publication supabase_realtime tables, drained by the local realtime server.';

-- A cluster of realtime nodes (the goal bench's, supabase/local/realtime/cluster.ts): each node
-- drains a queue of its own, so every node hears every change as a single node does. No node
-- registered (npm start, the tests): one queue, node ''.
create table if not exists realtime.nodes (name text primary key);
alter table realtime.changes add column if not exists node text not null default '';
create index if not exists changes_node_id on realtime.changes (node, id);

-- Definer: players write tables through PostgREST as anon/authenticated, which may not touch
-- the realtime schema; the queue insert must still happen.
create or replace function realtime.capture_change() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into realtime.changes (node, schema_name, table_name, op, record, old_record)
  select n.name, tg_table_schema, tg_table_name, tg_op,
         case when tg_op <> 'DELETE' then to_jsonb(new) end,
         case when tg_op <> 'INSERT' then to_jsonb(old) end
  from (select name from realtime.nodes union all select '' where not exists (select from realtime.nodes)) n;
  perform pg_notify('realtime_changes', '');
  return null;
end
$$;
revoke all on function realtime.capture_change() from public;

-- Attaches the capture trigger to every table of the publication and removes it from tables
-- that left it. Called at start, by the event trigger below, and when a channel subscribes.
create or replace function realtime.sync_capture_triggers() returns void
language plpgsql security definer set search_path = ''
as $$
declare
  t record;
begin
  for t in
    select c.oid::regclass as rel
    from pg_catalog.pg_trigger tr
    join pg_catalog.pg_class c on c.oid = tr.tgrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where tr.tgname = 'realtime_capture_change'
      and not exists (
        select 1 from pg_catalog.pg_publication_tables p
        where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname
      )
  loop
    execute format('drop trigger realtime_capture_change on %s', t.rel);
  end loop;

  for t in
    select format('%I.%I', p.schemaname, p.tablename) as rel
    from pg_catalog.pg_publication_tables p
    join pg_catalog.pg_namespace n on n.nspname = p.schemaname
    join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
    where p.pubname = 'supabase_realtime'
      and c.relkind in ('r', 'p')
      and not exists (
        select 1 from pg_catalog.pg_trigger tr where tr.tgrelid = c.oid and tr.tgname = 'realtime_capture_change'
      )
  loop
    execute format(
      'create trigger realtime_capture_change after insert or update or delete on %s for each row execute function realtime.capture_change()',
      t.rel
    );
  end loop;
end
$$;
revoke all on function realtime.sync_capture_triggers() from public;

create or replace function realtime.sync_capture_triggers_on_ddl() returns event_trigger
language plpgsql
as $$
begin
  perform realtime.sync_capture_triggers();
end
$$;

drop event trigger if exists realtime_sync_capture_triggers;
create event trigger realtime_sync_capture_triggers on ddl_command_end
  when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'DROP PUBLICATION', 'CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO')
  execute function realtime.sync_capture_triggers_on_ddl();

select realtime.sync_capture_triggers();

-- realtime.messages and realtime.topic() (private channels' RLS) come with the platform, as on
-- hosted Supabase: supabase/local/bootstrap.sql makes them before any migration.
