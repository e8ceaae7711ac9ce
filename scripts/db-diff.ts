// `npm run db:diff -- <name>`: writes supabase/migrations/<timestamp>_<name>.sql, the change that
// takes a database built from the migrations to the one the schema files describe
// (supabase/schemas/), or says "no changes". `npm run db:diff -- --baseline` rewrites the
// baseline migration from the schema files (only while nothing is deployed).
//
// Two databases in a throwaway PostgreSQL: A = bootstrap.sql + every migration, B = bootstrap.sql
// + the schema files + the hand-written migrations. @pgkit/migra diffs A → B; what it does not see
// (function and column grants, comments) is added from the catalogs. The result is applied to A
// and A must then have B's catalog (scripts/schema-catalog.ts), or nothing is written: what is
// left (rows, publications) goes into a hand-written migration instead.
import { run as migra } from '@pgkit/migra';
import pg from 'pg';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { startDatabase } from '../supabase/local/database.ts';
import { freePort } from '../supabase/local/wait.ts';
import {
  buildFromMigrations,
  buildFromSchemas,
  catalogDiff,
  catalogOf,
  freshDatabase,
  MIGRATIONS_DIR,
  schemaFiles,
} from './schema-catalog.ts';

// The letters of an aclitem (PostgreSQL's documentation, "Privileges").
const PRIVILEGE_OF_LETTER: Record<string, string> = {
  r: 'select', a: 'insert', w: 'update', d: 'delete', D: 'truncate', x: 'references', t: 'trigger', X: 'execute', U: 'usage', m: 'maintain',
};

const BASELINE = join(MIGRATIONS_DIR, '20261127090000_baseline.sql');

/** Grants and comments of B that A lacks, as statements: migra compares table grants only and no comments. */
async function grantsAndComments(fromUrl: string, toUrl: string): Promise<string[]> {
  // Every access list (function, column, table, schema) and comment, keyed by how to name it in SQL.
  const sql = `
    select 'function ' || p.oid::regprocedure::text as target, 'function' as kind, p.proacl::text[] as acl, null as col
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ('public', 'internal')
    union all
    select 'table ' || c.oid::regclass::text, 'table', c.relacl::text[], null
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'internal') and c.relkind in ('r', 'v', 'm', 'p')
    union all
    select 'table ' || c.oid::regclass::text, 'column', a.attacl::text[], quote_ident(a.attname)
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'internal') and a.attnum > 0 and not a.attisdropped`;
  const comments = `
    select o.type, o.identity, d.description from pg_description d,
      lateral pg_identify_object(d.classoid, d.objoid, d.objsubid) o
    where o.schema in ('public', 'internal') or (o.type = 'schema' and o.identity in ('public', 'internal'))`;
  const read = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return { acls: (await client.query(sql)).rows, comments: (await client.query(comments)).rows };
    } finally {
      await client.end();
    }
  };
  const [from, to] = [await read(fromUrl), await read(toUrl)];
  const out: string[] = [];
  const key = (r: { target: string; col: string | null }) => `${r.target} ${r.col ?? ''}`;
  const before = new Map(from.acls.map((r) => [key(r), r]));
  for (const row of to.acls) {
    const old = before.get(key(row));
    if (!old || JSON.stringify([...(old.acl ?? [])].sort()) === JSON.stringify([...(row.acl ?? [])].sort())) continue;
    const [, target] = row.target.split(/ (.*)/s);
    const on = row.kind === 'function' ? `function ${target}` : `table ${target}`;
    const cols = row.col ? ` (${row.col})` : '';
    const grantees = new Set<string>(['public']);
    for (const item of [...(old.acl ?? []), ...(row.acl ?? [])]) grantees.add(item.split('=')[0] || 'public');
    grantees.delete('postgres');
    out.push(`revoke all${cols} on ${on} from ${[...grantees].join(', ')};`);
    for (const item of row.acl ?? []) {
      const [grantee, rest] = item.split('=');
      if (grantee === 'postgres') continue;
      const letters: string = rest.split('/')[0];
      const privileges = [...letters].map((l) => PRIVILEGE_OF_LETTER[l]);
      out.push(`grant ${privileges.map((p) => p + cols).join(', ')} on ${on} to ${grantee || 'public'};`);
    }
  }
  const had = new Map(from.comments.map((r) => [`${r.type} ${r.identity}`, r.description]));
  const has = new Map(to.comments.map((r) => [`${r.type} ${r.identity}`, r.description]));
  const literal = (s: string | null) => (s === null ? 'null' : `'${s.replaceAll("'", "''")}'`);
  const commentTarget = (type: string, identity: string) =>
    type === 'table column' ? `column ${identity}` : type === 'table constraint' ? `constraint ${identity.replace(/ on /, ' on ')}` : `${type} ${identity}`;
  for (const k of new Set([...had.keys(), ...has.keys()])) {
    if (had.get(k) === has.get(k)) continue;
    const [type, identity] = [...to.comments, ...from.comments].filter((r) => `${r.type} ${r.identity}` === k).map((r) => [r.type, r.identity])[0];
    out.push(`comment on ${commentTarget(type, identity)} is ${literal(has.get(k) ?? null)};`);
  }
  return out;
}

async function applySql(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Now as a migration version, or a second after the last migration if that is later (they apply in name order). */
async function nextVersion(now = new Date()): Promise<string> {
  const last = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort().at(-1)?.split('_')[0] ?? '';
  const version = now.toISOString().replace(/\D/g, '').slice(0, 14);
  if (version > last) return version;
  const t = last.replace(/(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})/, '$1-$2-$3T$4:$5:$6Z');
  return new Date(Date.parse(t) + 1000).toISOString().replace(/\D/g, '').slice(0, 14);
}

async function baseline(): Promise<void> {
  const parts = [
    '-- Generated from supabase/schemas/*.sql by `npm run db:diff -- --baseline` (docs/decisions/database.md,',
    '-- "Schema files and generated migrations"): the baseline that replaced the hand-written',
    '-- migrations before the first deploy. Read and change the schema in supabase/schemas/; later',
    '-- migrations come from `npm run db:diff -- <name>`.',
    '',
    'set check_function_bodies = off;',
    '',
  ];
  for (const file of await schemaFiles()) {
    const sql = (await readFile(file, 'utf8')).replace(/^set check_function_bodies = off;\n/m, '');
    parts.push(`-- ==== schemas/${basename(file)}`, sql.trimEnd(), '');
  }
  await writeFile(BASELINE, parts.join('\n'));
  console.log(`wrote ${BASELINE}`);
}

async function diff(name: string): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'quinielazo-db-diff-'));
  delete process.env.DATABASE_URL;
  const database = await startDatabase({ port: await freePort(), dataDir, throwawayTestDatabase: true });
  try {
    const migrated = await freshDatabase(database.url, 'migrated');
    const declared = await freshDatabase(database.url, 'declared');
    await buildFromMigrations(migrated);
    await buildFromSchemas(declared);
    if (catalogDiff(await catalogOf(migrated), await catalogOf(declared)).length === 0) {
      console.log('no changes: the migrations already build what supabase/schemas/ describes');
      return;
    }
    const migration = await migra(migrated, declared, { unsafe: true, withPrivileges: true });
    const statements = [migration.sql.trim()].filter(Boolean);
    if (statements.length) await applySql(migrated, statements.join('\n'));
    const extra = await grantsAndComments(migrated, declared);
    if (extra.length) await applySql(migrated, extra.join('\n'));
    const left = catalogDiff(await catalogOf(migrated), await catalogOf(declared));
    if (left.length) {
      throw new Error(
        `the generated migration would leave these differences; write a hand-written migration for them (first line "-- hand-written: <why>"):\n${left.join('\n')}`,
      );
    }
    const file = join(MIGRATIONS_DIR, `${await nextVersion()}_${name}.sql`);
    const sql = [...statements, ...extra].join('\n\n') + '\n';
    await writeFile(file, `-- Generated by \`npm run db:diff -- ${name}\` from supabase/schemas/.\n\n${sql}`);
    console.log(`wrote ${file}${/\bdrop\b/i.test(sql) ? ' (it drops something: read it before committing)' : ''}`);
  } finally {
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const arg = process.argv[2];
if (!arg) {
  console.error('usage: npm run db:diff -- <name>   (or --baseline)');
  process.exit(2);
}
if (arg !== '--baseline' && !/^[a-z0-9_]+$/.test(arg)) {
  console.error('the name is lower case letters, digits and _ (it becomes the file name)');
  process.exit(2);
}
try {
  await (arg === '--baseline' ? baseline() : diff(arg));
  // migra's connection pools stay open; nothing else is running.
  process.exit(0);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
