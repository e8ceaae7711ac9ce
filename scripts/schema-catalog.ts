// The schema's two homes and how to compare them: supabase/schemas/*.sql (the current state, one
// file per topic, read and changed by people) and supabase/migrations/*.sql (what production
// applies, generated from the schema files by `npm run db:diff`, plus the hand-written ones a
// diff cannot express). Used by scripts/db-diff.ts and tests/api/schema-drift.test.ts.
import pg from 'pg';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { prepareDatabase, SUPABASE_DIR } from '../supabase/local/database.ts';

export const SCHEMAS_DIR = join(SUPABASE_DIR, 'schemas');
export const MIGRATIONS_DIR = join(SUPABASE_DIR, 'migrations');

/** A hand-written migration says so on its first line; every other migration is generated. */
export const HAND_WRITTEN_MARKER = '-- hand-written:';

async function sqlFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
}

/** The schema files in the order they apply (their names are numbered). */
export async function schemaFiles(): Promise<string[]> {
  return (await sqlFiles(SCHEMAS_DIR)).map((f) => join(SCHEMAS_DIR, f));
}

/** The hand-written migrations (rows, publications), in order. */
export async function handWrittenMigrations(): Promise<string[]> {
  const out: string[] = [];
  for (const f of await sqlFiles(MIGRATIONS_DIR)) {
    const sql = await readFile(join(MIGRATIONS_DIR, f), 'utf8');
    if (sql.startsWith(HAND_WRITTEN_MARKER)) out.push(join(MIGRATIONS_DIR, f));
  }
  return out;
}

/** A fresh, empty database named `name` in the cluster of `adminUrl` (a superuser's); returns its URL. */
export async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Database A, what production gets: bootstrap.sql, then every migration (supabase/local/database.ts). */
export async function buildFromMigrations(url: string): Promise<void> {
  await prepareDatabase(url, { seed: false });
}

/**
 * Database B, what the schema files describe: bootstrap.sql, the schema files in order, then the
 * hand-written migrations (their rows and publications need the tables the files create).
 */
export async function buildFromSchemas(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(await readFile(join(SUPABASE_DIR, 'local', 'bootstrap.sql'), 'utf8'));
    for (const file of [...(await schemaFiles()), ...(await handWrittenMigrations())]) {
      try {
        await client.query(await readFile(file, 'utf8'));
      } catch (e) {
        throw new Error(`${file}: ${(e as Error).message}`, { cause: e });
      }
    }
  } finally {
    await client.end();
  }
}

// An access list in a fixed order: the same grants given in another order are the same.
const acl = (column: string) => `coalesce((select string_agg(e::text, ',' order by e::text) from unnest(${column}) e), 'default')`;

// Schemas the platform's bootstrap or PostgreSQL own; everything else is the project's.
const SYSTEM = `('pg_catalog', 'information_schema', 'pg_toast')`;

/**
 * The catalog of a database as a map from an object's name to a description of it: tables,
 * columns (type, default, nullability, generation), constraints, indexes, views, functions
 * (pg_get_functiondef: body, language, volatility, security definer, search_path), policies,
 * triggers, grants (table, column, function, sequence, schema), publications and comments.
 * Two databases with the same schema give equal maps.
 */
export async function catalogOf(url: string): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const queries: Record<string, string> = {
    schema: `select nspname, ${acl('nspacl')} from pg_namespace where nspname not in ${SYSTEM} and nspname not like 'pg_temp%' and nspname not like 'pg_toast_temp%'`,
    relation: `select c.oid::regclass::text, concat_ws(' ', c.relkind::text, 'rls=' || c.relrowsecurity, 'force=' || c.relforcerowsecurity, c.reloptions::text,
                 'acl=' || ${acl('c.relacl')})
               from pg_class c join pg_namespace n on n.oid = c.relnamespace
               where n.nspname not in ${SYSTEM} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`,
    view: `select c.oid::regclass::text, pg_get_viewdef(c.oid) from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname not in ${SYSTEM} and c.relkind in ('v', 'm')`,
    column: `select a.attrelid::regclass::text || '.' || a.attname,
               concat_ws(' ', format_type(a.atttypid, a.atttypmod), case when a.attnotnull then 'not null' end,
                 'default=' || pg_get_expr(d.adbin, d.adrelid), 'identity=' || nullif(a.attidentity::text, ''),
                 'generated=' || nullif(a.attgenerated::text, ''), 'collation=' || nullif(a.attcollation, 0)::regcollation::text,
                 'acl=' || ${acl('a.attacl')},
                 -- The place among the live columns (a dropped column leaves a gap in attnum).
                 'position=' || rank() over (partition by a.attrelid order by a.attnum))
             from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
             left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
             where n.nspname not in ${SYSTEM} and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.attnum > 0 and not a.attisdropped`,
    constraint: `select conrelid::regclass::text || ' ' || conname,
                   concat_ws(' ', pg_get_constraintdef(oid), case when not convalidated then 'not valid' end,
                     case when condeferrable then 'deferrable' end, case when condeferred then 'initially deferred' end)
                 from pg_constraint where connamespace not in (select oid from pg_namespace where nspname in ${SYSTEM})
                   and conrelid <> 0 and contype <> 't'`,
    index: `select indexrelid::regclass::text, pg_get_indexdef(indexrelid) from pg_index i join pg_class c on c.oid = i.indrelid
            join pg_namespace n on n.oid = c.relnamespace where n.nspname not in ${SYSTEM}`,
    function: `select p.oid::regprocedure::text, pg_get_functiondef(p.oid) || ' acl=' || ${acl('p.proacl')}
               from pg_proc p join pg_namespace n on n.oid = p.pronamespace
               where n.nspname not in ${SYSTEM} and p.prokind in ('f', 'p')
                 and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
    policy: `select schemaname || '.' || tablename || ' "' || policyname || '"',
               concat_ws(' ', permissive, cmd, roles::text, 'using=' || qual, 'check=' || with_check) from pg_policies`,
    trigger: `select tgrelid::regclass::text || ' ' || tgname, pg_get_triggerdef(oid) || ' enabled=' || tgenabled::text
              from pg_trigger where not tgisinternal`,
    publication: `select p.pubname, concat_ws(' ', p.puballtables, p.pubinsert, p.pubupdate, p.pubdelete, p.pubtruncate,
                    (select string_agg(format('%I.%I%s', schemaname, tablename, coalesce(' ' || attnames::text, '') || coalesce(' where ' || rowfilter, '')), ', ' order by schemaname, tablename)
                     from pg_publication_tables t where t.pubname = p.pubname)) from pg_publication p`,
    comment: `select (pg_identify_object(d.classoid, d.objoid, d.objsubid)).identity || ' (' || (pg_identify_object(d.classoid, d.objoid, d.objsubid)).type || ')', d.description
              from pg_description d
              where (pg_identify_object(d.classoid, d.objoid, d.objsubid)).schema not in ${SYSTEM}
                 or ((pg_identify_object(d.classoid, d.objoid, d.objsubid)).schema is null and d.classoid = 'pg_namespace'::regclass
                     and d.objoid not in (select oid from pg_namespace where nspname in ${SYSTEM}))`,
    type: `select t.oid::regtype::text, concat_ws(' ', t.typtype::text, (select string_agg(enumlabel, ',' order by enumsortorder) from pg_enum e where e.enumtypid = t.oid))
           from pg_type t join pg_namespace n on n.oid = t.typnamespace
           where n.nspname not in ${SYSTEM} and t.typtype in ('e', 'd') `,
    extension: `select extname, extversion || ' ' || extnamespace::regnamespace::text from pg_extension`,
  };
  const catalog = new Map<string, string>();
  try {
    for (const [kind, sql] of Object.entries(queries)) {
      const { rows } = await client.query({ text: sql, rowMode: 'array' });
      for (const [name, description] of rows) catalog.set(`${kind} ${name}`, String(description));
    }
  } finally {
    await client.end();
  }
  return catalog;
}

/** What differs between two catalogs, one line per object, e.g. `function public.f(): …` */
export function catalogDiff(a: Map<string, string>, b: Map<string, string>): string[] {
  const out: string[] = [];
  for (const key of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    const [left, right] = [a.get(key), b.get(key)];
    if (left === right) continue;
    if (left === undefined) out.push(`only in the schema files: ${key}`);
    else if (right === undefined) out.push(`only in the migrations: ${key}`);
    else out.push(`differs: ${key}\n  migrations:   ${left}\n  schema files: ${right}`);
  }
  return out;
}
