// A goal to 100,000 screens (issue 45, docs/match-day.md): "a goal reaches every open screen within
// 10 s of the provider's update, through Realtime (one message per change for the round)". A
// round of 12 matches followed by BENCH_LIVE_PLAYERS players (100,000, 1.2 M picks) is being
// played; BENCH_LIVE_SCREENS real websockets (100,000), opened by child processes
// (bench/live-screens.ts) from loopback addresses of their own, each joined to the round's
// private topic with a player's own access token (one player a screen), as the app's hook does.
// For each of GOALS goals the clock starts when the stand-in's match clock scores it (the
// provider's update), then the poller runs as the scheduler's tick would (provider request,
// record_live_scores, the round's histogram of provisional points, one batch broadcast to
// Realtime), and stops when the LAST screen has parsed the message with the goal.
//
// Realtime is a cluster here, as hosted's is (supabase/local/realtime/cluster.ts): a process may
// hold only so many open files (this host: 20,000, not raisable without root), so the screens
// are spread over nodes of at most PER_NODE sockets, each its own process on its own port, and
// over client processes of at most PER_CLIENT sockets. The poller's broadcast goes to the
// platform's own node, which hands it to the others (hosted: Phoenix.PubSub). Should a limit of
// the host stop the crowd (memory, ports, files), every screen that could not join is counted,
// with the errors, and the figure says how many screens it is for.
//
// What is not in the figure: the wait for the scheduler's next tick (0 to one period of
// supabase/schedule.ts's live-scores job), printed beside it and added to the worst goal. What
// is bigger than hosted's defaults here (capacity, supabase/local/platform.ts): Realtime's events
// per second (every delivery is an event) and the gateway's connection cap; hosted needs a
// project with those limits raised (docs/scaling.md).
//
// benchLiveGoal(platform) loads its own rows (e-mails @bench-live.quinielazo.test), on a platform of its own (run.ts).
import { fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { freemem, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JWTPayload } from 'jose';
import pg from 'pg';
import { SCHEDULE } from '../supabase/schedule.ts';

const PLAYERS = Number(process.env.BENCH_LIVE_PLAYERS ?? 100_000);
const SCREENS = Number(process.env.BENCH_LIVE_SCREENS ?? 100_000);
/** Sockets per Realtime node: under a process's open files (20,000 here) with room for its database connections. */
const PER_NODE = Number(process.env.BENCH_LIVE_PER_NODE ?? 15_000);
/** Sockets per client process: each from a loopback address of its own (one address and port pair has ~28,000 ephemeral ports, 32768–60999). */
const PER_CLIENT = Number(process.env.BENCH_LIVE_PER_CLIENT ?? 8_000);
const GOALS = 5;
const EMAIL_DOMAIN = 'bench-live.quinielazo.test';
/** The target: the last screen within this long of the provider's update. */
const TARGET_MS = 10_000;
/** The scheduler's period (supabase/schedule.ts): the wait before the poll that the figure leaves out. */
const POLL_PERIOD_MS = SCHEDULE.find((job) => job.name === 'live-scores')!.everyMinutes * 60_000;

interface Platform {
  apiUrl: string;
  dbUrl: string;
  footballUrl: string;
  publishableKey: string;
  secretKey: string;
  keys: { sign(payload: JWTPayload): Promise<string> };
  /** The Realtime nodes besides the gateway's, where the screens connect (hosted's load balancer spreads them). */
  realtimeNodes: string[];
}

/** Realtime nodes for `screens` sockets: the platform's own, which takes the poller's broadcast, and enough more to hold them. */
export function liveNodes(screens: number): number {
  return 1 + Math.ceil(screens / PER_NODE);
}

export interface LiveGoalFigures {
  screens: number;
  players: number;
  /** Per goal: stand-in's goal → last screen, and the poller's own answer time. */
  goals: Array<{ lastMs: number; firstMs: number; pollMs: number; heard: number }>;
}

const now = () => performance.timeOrigin + performance.now();

async function hook(url: string, path: string, body: unknown = {}): Promise<{ fixture: { id: number } }> {
  const res = await fetch(`${url}/__local${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { fixture: { id: number } };
}

async function poll(platform: Platform): Promise<void> {
  const res = await fetch(`${platform.apiUrl}/functions/v1/poll-live-scores`, {
    method: 'POST',
    headers: { apikey: platform.secretKey, 'content-type': 'application/json' },
    body: '{}',
  });
  if (res.status !== 200) throw new Error(`poll-live-scores answered ${res.status}: ${await res.text()}`);
}

/** Postgres's md5(text)::uuid, as the rows were keyed. */
function md5Uuid(text: string): string {
  const h = createHash('md5').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function openFileLimit(): number {
  const line = readFileSync(`/proc/${process.pid}/limits`, 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
  return Number(line?.split(/\s+/)[3] ?? 1024);
}

/**
 * Each screen's player signed in: a session of his own (auth.sessions, its amr claim) and the
 * access token the local auth would sign for it (auth/store.ts's claims, the project's key),
 * written one a line to a file per client process.
 */
async function tokens(client: pg.Client, platform: Platform, count: number, dir: string, groups: number[]): Promise<string[]> {
  await client.query(
    `with s as (insert into auth.sessions (id, user_id, aal, refreshed_at)
       select md5('bench-live-session-' || n)::uuid, md5('bench-live-' || n)::uuid, 'aal1', now() at time zone 'utc' from generate_series(1, $1) n returning id)
     insert into auth.mfa_amr_claims (session_id, authentication_method) select id, 'password' from s`,
    [Math.min(count, PLAYERS)],
  );
  const iat = Math.floor(Date.now() / 1000);
  const files: string[] = [];
  let n = 0;
  for (const [g, size] of groups.entries()) {
    const lines: string[] = [];
    for (let i = 0; i < size; i++) {
      n++;
      const player = ((n - 1) % PLAYERS) + 1;
      const id = { u: md5Uuid(`bench-live-${player}`), s: md5Uuid(`bench-live-session-${player}`) };
      lines.push(
        await platform.keys.sign({
          aud: 'authenticated', exp: iat + 3 * 3600, iat, iss: `${platform.apiUrl}/auth/v1`, sub: id.u, email: `p${player}@${EMAIL_DOMAIN}`, phone: '',
          app_metadata: { provider: 'email', providers: ['email'] }, user_metadata: {}, role: 'authenticated', aal: 'aal1',
          amr: [{ method: 'password', timestamp: iat }], session_id: id.s, is_anonymous: false,
        }),
      );
    }
    files.push(join(dir, `tokens-${g}.txt`));
    await writeFile(files.at(-1)!, lines.join('\n'));
  }
  return files;
}

async function cleanup(client: pg.Client) {
  await client.query(`delete from public.quinielas where name = 'Bench en vivo'`);
  await client.query(`delete from auth.users where email like '%@${EMAIL_DOMAIN}'`);
}

/** PLAYERS players (sign-up chain off: not what is measured) and a round of 12 matches on the stand-in, kicked off, with 12 picks each. */
async function arrange(client: pg.Client, platform: Platform): Promise<{ round: number; fixtures: number[] }> {
  await client.query(`set session_replication_role = replica`);
  await client.query(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data, created_at, updated_at)
     select md5('bench-live-' || n)::uuid, 'authenticated', 'authenticated', 'p' || n || '@${EMAIL_DOMAIN}', now(), '{}'::jsonb, now(), now()
     from generate_series(1, $1) n`,
    [PLAYERS],
  );
  await client.query(
    `insert into public.profiles (id, username, email, referral_code, created_at)
     select md5('bench-live-' || n)::uuid, 'blive_' || n, 'p' || n || '@${EMAIL_DOMAIN}', 'BL' || lpad(upper(to_hex(n)), 6, '0'), now()
     from generate_series(1, $1) n`,
    [PLAYERS],
  );
  const round = Number((await client.query(`insert into public.quinielas (name, week, deadline) values ('Bench en vivo', 1, now() - interval '1 minute') returning id`)).rows[0].id);
  const kickoff = (await client.query(`select now() - interval '10 minutes' as at`)).rows[0].at as Date;
  const teams = [2287, 2278, 2282, 2279];
  const fixtures: number[] = [];
  for (let n = 1; n <= 12; n++) {
    const fixture = (await hook(platform.footballUrl, '/fixtures', { home_team_id: teams[n % 4], away_team_id: teams[(n + 1) % 4], date: kickoff.toISOString() })).fixture.id;
    fixtures.push(fixture);
    await client.query(
      `insert into public.matches (quiniela_id, match_order, home_team, away_team, kickoff_at, provider_fixture_id, special_bonus_points, underdog_bonus_points, underdog_bonus_side)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [round, n, `Local ${n}`, `Visita ${n}`, kickoff, fixture, n === 1 ? 5 : 0, n === 2 ? 3 : 0, n === 2 ? 'Visita' : null],
    );
  }
  await client.query(
    `insert into public.picks (user_id, match_id, quiniela_id, result, created_at, updated_at)
     select md5('bench-live-' || p.n)::uuid, m.id, $1, (array['Local','Empate','Visita'])[1 + abs(hashint4(p.n * 31 + m.match_order * 7)) % 3], now(), now()
     from generate_series(1, $2) p(n) cross join public.matches m where m.quiniela_id = $1`,
    [round, PLAYERS],
  );
  await client.query(`set session_replication_role = origin`);
  await client.query('analyze public.picks; analyze public.profiles');
  await client.query('delete from public.live_feed');
  return { round, fixtures };
}

interface Joined {
  joined: number;
  failed: number;
  /** Joins sent again after 10 s without an answer (realtime-js's rejoin). */
  rejoins: number;
  /** Sockets opened again after one failed before joining (realtime-js's reconnect). */
  reconnects: number;
  /** Why screens could not join: each error's message and how many had it. */
  errors: Record<string, number>;
  ms: number;
}

/** One client process: `count` screens from a loopback address of its own, to one node, with the players' tokens in `tokens`. */
interface Group {
  node: string;
  count: number;
  tokens?: string;
}

/** The screens spread over the nodes (round robin, so every node has its share) and into client processes of at most PER_CLIENT. */
function plan(nodes: string[], screens: number): Group[] {
  const groups: Group[] = [];
  for (const [j, node] of nodes.entries()) {
    const share = Math.floor(screens / nodes.length) + (j < screens % nodes.length ? 1 : 0);
    const parts = Math.ceil(share / PER_CLIENT);
    for (let k = 0; k < parts; k++) groups.push({ node, count: Math.floor(share / parts) + (k < share % parts ? 1 : 0) });
  }
  return groups;
}

function screens(platform: Platform, round: number, group: Group, index: number): { child: ChildProcess; ready: Promise<Joined> } {
  const job = {
    url: `${group.node.replace(/^http/, 'ws')}/websocket?apikey=${platform.publishableKey}&vsn=2.0.0`,
    tokens: group.tokens,
    topic: `realtime:live:round:${round}`,
    count: group.count,
    localAddress: `127.0.0.${2 + index}`,
    joining: 40,
  };
  const child = fork(join(import.meta.dirname, 'live-screens.ts'), [JSON.stringify(job)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = new Promise<Joined>((resolve, reject) => {
    child.on('message', (m: Joined & { kind: string }) => m.kind === 'ready' && resolve(m));
    child.once('exit', (code, signal) => reject(new Error(`screens ${index} exited with ${code ?? signal} before joining`)));
  });
  return { child, ready };
}

function report(child: ChildProcess, goal: number): Promise<{ count: number; first: number; last: number; lost: number }> {
  return new Promise((resolve) => {
    const on = (m: { kind: string; goal: number; count: number; first: number; last: number; lost: number }) => {
      if (m.kind !== 'heard' || m.goal !== goal) return;
      child.off('message', on);
      resolve(m);
    };
    child.on('message', on);
    child.send({ kind: 'report', goal });
  });
}

/** GOALS goals to the screens open now, each timed from the stand-in's goal to the last screen. */
async function goals(platform: Platform, children: ChildProcess[], open: number, fixture: number, first: number): Promise<LiveGoalFigures['goals']> {
  const out: LiveGoalFigures['goals'] = [];
  for (let goal = first; goal < first + GOALS; goal++) {
    // Realtime's events of the last goal leave its 5-second window first.
    await new Promise((r) => setTimeout(r, 6_000));
    const scored = now();
    await hook(platform.footballUrl, `/fixtures/${fixture}/goal`, { team: 'home', minute: 10 + goal });
    const pollStart = now();
    await poll(platform);
    const pollMs = now() - pollStart;
    // Every screen has heard it, or 60 s have passed.
    const until = now() + 60_000;
    const ask = async () => {
      await new Promise((r) => setTimeout(r, 200));
      return Promise.all(children.map((c) => report(c, goal)));
    };
    let heard = await ask();
    while (heard.reduce((n, h) => n + h.count, 0) < open && now() < until) heard = await ask();
    const count = heard.reduce((n, h) => n + h.count, 0);
    const lost = heard.reduce((n, h) => n + h.lost, 0);
    // A client process none of whose screens heard it has no first or last.
    const some = heard.filter((h) => h.count > 0);
    const lastMs = Math.max(...some.map((h) => h.last)) - scored;
    const firstMs = Math.min(...some.map((h) => h.first)) - scored;
    out.push({ lastMs, firstMs, pollMs, heard: count });
    console.log(
      `  goal ${goal}: heard by ${count.toLocaleString('en')}/${open.toLocaleString('en')} screens; first ${firstMs.toFixed(0)} ms, last ${lastMs.toFixed(0)} ms after the stand-in's goal (the poll's answer: ${pollMs.toFixed(0)} ms; load average ${loadavg()[0]!.toFixed(1)}${lost ? `; ${lost} screens closed since they joined` : ''})`,
    );
  }
  return out;
}

export async function benchLiveGoal(platform: Platform): Promise<LiveGoalFigures[]> {
  const client = new pg.Client({ connectionString: platform.dbUrl });
  await client.connect();
  const children: ChildProcess[] = [];
  const dir = await mkdtemp(join(tmpdir(), 'quinielazo-bench-live-'));
  try {
    await cleanup(client);
    const limit = openFileLimit();
    const nodes = platform.realtimeNodes;
    if (nodes.length === 0) throw new Error('bench live needs a Realtime cluster (capacity.realtimeNodes)');
    const groups = plan(nodes, SCREENS);
    console.log(
      `open files per process here: ${limit.toLocaleString('en')} (the hard limit; raising it needs root): Realtime as ${nodes.length + 1} nodes, ` +
        `the platform's (it takes the poller's broadcast) and ${nodes.length} of ≤ ${PER_NODE.toLocaleString('en')} screens, each its own process; ` +
        `${groups.length} client processes of ≤ ${PER_CLIENT.toLocaleString('en')} screens, each from its own loopback address; ${(freemem() / 2 ** 30).toFixed(1)} GB of memory free`,
    );

    let t = now();
    const { round, fixtures } = await arrange(client, platform);
    console.log(`${PLAYERS.toLocaleString('en')} players with 12 picks each in ${((now() - t) / 1000).toFixed(1)} s`);
    t = now();
    const files = await tokens(client, platform, SCREENS, dir, groups.map((g) => g.count));
    for (const [i, g] of groups.entries()) g.tokens = files[i];
    console.log(`${SCREENS.toLocaleString('en')} players signed in (a session each, its access token) in ${((now() - t) / 1000).toFixed(1)} s`);
    for (const f of fixtures) await hook(platform.footballUrl, `/fixtures/${f}/kickoff`);
    t = now();
    await poll(platform);
    console.log(`kick-off poll (the round's pick patterns built, its histogram): ${(now() - t).toFixed(0)} ms`);

    const figures: LiveGoalFigures[] = [];
    t = now();
    const crowd = groups.map((g, i) => screens(platform, round, g, i));
    children.push(...crowd.map((c) => c.child));
    const joined = await Promise.all(crowd.map((c) => c.ready));
    const open = joined.reduce((n, j) => n + j.joined, 0);
    const sum = (k: 'failed' | 'rejoins' | 'reconnects') => joined.reduce((n, j) => n + j[k], 0);
    console.log(
      `${open.toLocaleString('en')} screens on the round's private topic, each a player's own (joined in ${((now() - t) / 1000).toFixed(0)} s; ${sum('failed')} never joined, ${sum('rejoins')} joins sent again, ${sum('reconnects')} sockets opened again; ${(freemem() / 2 ** 30).toFixed(1)} GB of memory free)`,
    );
    const errors = new Map<string, number>();
    for (const j of joined) for (const [e, n] of Object.entries(j.errors)) errors.set(e, (errors.get(e) ?? 0) + n);
    for (const [e, n] of errors) console.log(`  ${n.toLocaleString('en')} screens could not join: ${e}`);
    figures.push({ screens: open, players: PLAYERS, goals: await goals(platform, children, open, fixtures[0]!, 1) });

    const worstOf = (f: LiveGoalFigures) => Math.max(...f.goals.map((g) => g.lastMs));
    const medianOf = (f: LiveGoalFigures) => f.goals.map((g) => g.lastMs).sort((a, b) => a - b)[Math.floor(f.goals.length / 2)]!;
    const day = new Date().toISOString().slice(0, 10);
    for (const f of figures) {
      const all = f.goals.every((g) => g.heard === f.screens);
      console.log(
        `${day}, the provider's goal to the last of ${f.screens.toLocaleString('en')} real screens, poll at once: median ${(medianOf(f) / 1000).toFixed(1)} s, ${(worstOf(f) / 1000).toFixed(1)} s at worst of ${GOALS} goals ` +
          `(target ≤ ${TARGET_MS / 1000} s: ${all && worstOf(f) <= TARGET_MS ? 'met' : 'NOT met'}${all ? '' : ', not every screen heard every goal'}); the scheduler's tick adds 0–${POLL_PERIOD_MS / 1000} s before the poll: ` +
            `${((worstOf(f) + POLL_PERIOD_MS) / 1000).toFixed(1)} s at the very worst (${all && worstOf(f) + POLL_PERIOD_MS <= TARGET_MS ? 'met' : 'NOT met'})`,
      );
    }
    if (open < SCREENS) {
      console.log(
        `${SCREENS.toLocaleString('en')} screens: NOT measured; ${open.toLocaleString('en')} joined, ${(SCREENS - open).toLocaleString('en')} could not (the reasons above)`,
      );
    }
    return figures;
  } finally {
    for (const c of children) {
      if (c.connected) c.send({ kind: 'close' });
    }
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
    // Its rows stay: the platform is the bench's own and goes whole (deleting 100,000 players
    // one cascade at a time took over 6 minutes).
    await client.end();
    await rm(dir, { recursive: true, force: true });
  }
}
