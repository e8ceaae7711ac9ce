// The local API-Football v3 (docs/local-football.md): the part of https://v3.football.api-sports.io
// the product calls — GET /status, /leagues, /teams, /fixtures — with its key header
// (x-apisports-key), its envelope ({get, parameters, errors, results, paging, response}), its habit
// of answering HTTP 200 with an `errors` object for a bad key, a bad parameter or a spent quota,
// and its quota headers; plus a match clock and failure switches under /__local for tests and
// for a person with curl. State lives in memory.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { FOOTBALL_API_KEY_LOCAL } from '../config.ts';
import { listenLocal } from '../listen.ts';
import { LEAGUES, seasonOf, TEAMS } from './data.ts';
import { FootballStore, HookError, knownTimezone, OUTAGES, STATUSES, type Fixture, type Outage } from './store.ts';

export interface FootballOptions {
  port: number;
  apiKey?: string;
  log?: (m: string) => void;
}

export interface RunningFootball {
  /** Base URL of the API (what FOOTBALL_API_URL points at) and of the /__local hooks, e.g. http://127.0.0.1:54327 */
  url: string;
  store: FootballStore;
  close(): Promise<void>;
}

const DOCS = 'https://www.api-football.com/documentation-v3';
export const ERRORS = {
  token: `Error/Missing application key. Go to ${DOCS} to learn how to get your API application key.`,
  requests: 'You have reached the request limit for the day, Go to https://dashboard.api-football.com to upgrade your plan.',
  rateLimit: (n: number) => `Too many requests. Your rate limit is ${n} requests per minute.`,
  endpoint: 'This endpoint do not exist.',
  required: 'At least one parameter is required.',
};
/** API-Football answers at most this many fixtures to `ids` (and to `live` by id). */
const MAX_IDS = 20;

const FIXTURE_PARAMS = ['id', 'ids', 'live', 'date', 'league', 'season', 'team', 'last', 'next', 'from', 'to', 'round', 'status', 'venue', 'timezone'];

type Errors = Record<string, string>;
class ParamError extends Error {
  constructor(public errors: Errors) {
    super(Object.values(errors).join(' '));
  }
}

export async function startFootball(opts: FootballOptions): Promise<RunningFootball> {
  const log = opts.log ?? (() => {});
  const apiKey = opts.apiKey ?? FOOTBALL_API_KEY_LOCAL;
  const store = new FootballStore();
  const hanging = new Set<ServerResponse>();

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: Error) => {
      if (e instanceof HookError) return json(res, 400, { message: e.message });
      log(`error: ${e.stack ?? e}`);
      if (!res.headersSent) json(res, 500, { message: 'internal error' });
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://football');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    if (path.startsWith('/__local/')) return hook(req, res, path, url);

    // The API: GET only, every answer the same envelope.
    const query = Object.fromEntries(url.searchParams);
    const endpoint = path.replace(/^\//, '');
    const envelope = (errors: Errors | [], response: unknown[] | Record<string, unknown>, results = Array.isArray(response) ? response.length : 1) => ({
      get: endpoint,
      parameters: Object.keys(query).length ? query : [],
      errors,
      results,
      paging: { current: 1, total: 1 },
      response,
    });

    switch (store.outage) {
      case 'error':
        return void res.writeHead(500, { 'content-type': 'text/html' }).end('<html><body><h1>500 Internal Server Error</h1></body></html>');
      case 'unavailable':
        return void res.writeHead(503, { 'content-type': 'text/html', 'retry-after': '60' }).end('<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>');
      case 'garbage':
        return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"get":"fixtures","respo');
      case 'hang':
        // Never answers; the connection stays open until the outage ends or the client gives up.
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      default:
    }

    // A request without the key (or with a wrong one) is refused before anything is counted.
    const key = req.headers['x-apisports-key'] ?? req.headers['x-rapidapi-key'];
    if (key !== apiKey) return json(res, 200, envelope({ token: ERRORS.token }, []));
    if (req.method !== 'GET') return json(res, 200, envelope({ endpoint: ERRORS.endpoint }, []));

    // /status shows the account and does not count against the quota.
    if (path === '/status') {
      const headers = store.quotaHeaders();
      return json(res, 200, envelope([], {
        account: { firstname: 'Quinielazo', lastname: 'Local', email: 'soporte@quinielazo.mx' },
        subscription: { plan: store.quota.plan, end: `${new Date().getUTCFullYear() + 1}-01-01T00:00:00+00:00`, active: true },
        requests: { current: store.quota.dailyUsed, limit_day: store.quota.dailyLimit },
      }), headers);
    }
    if (!['/leagues', '/teams', '/fixtures', '/timezone'].includes(path)) return json(res, 200, envelope({ endpoint: ERRORS.endpoint }, []));

    const refused = store.spend();
    store.requests.push({ at: new Date().toISOString(), path, query, counted: refused === null });
    if (refused === 'day') return json(res, 200, envelope({ requests: ERRORS.requests }, []), store.quotaHeaders());
    if (refused === 'minute') return json(res, 200, envelope({ rateLimit: ERRORS.rateLimit(store.quota.minuteLimit) }, []), store.quotaHeaders());
    const headers = store.quotaHeaders();
    try {
      if (path === '/timezone') return json(res, 200, envelope([], ['UTC', 'America/Mexico_City', 'America/Monterrey', 'America/Tijuana', 'Europe/London', 'Europe/Madrid']), headers);
      if (path === '/leagues') return json(res, 200, envelope([], leagues(query)), headers);
      if (path === '/teams') return json(res, 200, envelope([], teams(query)), headers);
      const timezone = query.timezone ?? 'UTC';
      return json(res, 200, envelope([], fixtures(query).map((f) => store.render(f, timezone))), headers);
    } catch (e) {
      if (e instanceof ParamError) return json(res, 200, envelope(e.errors, []), headers);
      throw e;
    }
  }

  function leagues(q: Record<string, string>) {
    unknownParams(q, ['id', 'name', 'country', 'season', 'current', 'type']);
    const id = optionalInt(q, 'id');
    const now = new Date();
    return LEAGUES.filter((l) => (id === undefined || l.id === id) && (!q.name || l.name.toLowerCase() === q.name.toLowerCase()) && (!q.country || l.country.toLowerCase() === q.country.toLowerCase())).map((l) => ({
      league: { id: l.id, name: l.name, type: l.type, logo: `https://media.api-sports.io/football/leagues/${l.id}.png` },
      country: { name: l.country, code: null, flag: null },
      seasons: [{ year: seasonOf(l, now), start: null, end: null, current: true, coverage: { fixtures: { events: true, lineups: true, statistics_fixtures: true, statistics_players: true }, standings: true, players: true, top_scorers: true, predictions: true, odds: false } }],
    }));
  }

  function teams(q: Record<string, string>) {
    unknownParams(q, ['id', 'name', 'league', 'season', 'country', 'code', 'venue', 'search']);
    if (!Object.keys(q).length) throw new ParamError({ required: ERRORS.required });
    const id = optionalInt(q, 'id');
    const league = optionalInt(q, 'league');
    if (league !== undefined && q.season === undefined) throw new ParamError({ season: 'The Season field is required.' });
    if (q.search !== undefined && q.search.length < 3) throw new ParamError({ search: 'The Search field must be at least 3 characters in length.' });
    return TEAMS.filter((t) => (id === undefined || t.id === id) && (league === undefined || t.leagueId === league) && (!q.search || t.name.toLowerCase().includes(q.search.toLowerCase()))).map((t) => ({
      team: { id: t.id, name: t.name, code: t.code, country: t.country, founded: null, national: t.leagueId === 10, logo: t.logo },
      venue: { id: null, name: `Estadio ${t.name}`, address: null, city: null, capacity: null, surface: null, image: null },
    }));
  }

  function fixtures(q: Record<string, string>): Fixture[] {
    unknownParams(q, FIXTURE_PARAMS);
    if (!Object.keys(q).filter((k) => k !== 'timezone').length) throw new ParamError({ required: ERRORS.required });
    if (q.timezone !== undefined && !knownTimezone(q.timezone)) throw new ParamError({ timezone: 'The Timezone field must contain a valid timezone.' });
    let list = [...store.fixtures.values()];
    const id = optionalInt(q, 'id');
    if (id !== undefined) list = list.filter((f) => f.id === id);
    if (q.ids !== undefined) {
      if (!/^\d+(-\d+)*$/.test(q.ids)) throw new ParamError({ ids: 'The Ids field must contain ids separated by a dash, e.g. 215662-215663.' });
      const ids = q.ids.split('-').map(Number);
      if (ids.length > MAX_IDS) throw new ParamError({ ids: `Maximum of ${MAX_IDS} ids allowed.` });
      list = list.filter((f) => ids.includes(f.id));
    }
    if (q.live !== undefined) {
      if (q.live !== 'all' && !/^\d+(-\d+)*$/.test(q.live)) throw new ParamError({ live: 'The Live field must contain "all" or league ids separated by a dash.' });
      const leagueIds = q.live === 'all' ? null : q.live.split('-').map(Number);
      list = list.filter((f) => FootballStore.isLive(f.status) && (!leagueIds || leagueIds.includes(f.league.id)));
    }
    const league = optionalInt(q, 'league');
    const season = optionalInt(q, 'season');
    const team = optionalInt(q, 'team');
    if (season !== undefined && !/^\d{4}$/.test(q.season)) throw new ParamError({ season: 'The Season field must be a 4-digit YYYY number.' });
    if ((league !== undefined || q.from !== undefined || q.to !== undefined || q.round !== undefined) && season === undefined && q.date === undefined) throw new ParamError({ season: 'The Season field is required.' });
    if ((q.from === undefined) !== (q.to === undefined)) throw new ParamError(q.from === undefined ? { from: 'The From field is required.' } : { to: 'The To field is required.' });
    if (league !== undefined) list = list.filter((f) => f.league.id === league);
    if (season !== undefined) list = list.filter((f) => f.season === season);
    if (team !== undefined) list = list.filter((f) => f.home.id === team || f.away.id === team);
    if (q.round !== undefined) list = list.filter((f) => f.round === q.round);
    const tz = q.timezone ?? 'UTC';
    const day = (f: Fixture) => localDate(f.kickoff, tz);
    if (q.date !== undefined) list = list.filter((f) => day(f) === validDate(q.date, 'date'));
    if (q.from !== undefined) {
      const from = validDate(q.from, 'from');
      const to = validDate(q.to, 'to');
      list = list.filter((f) => day(f) >= from && day(f) <= to);
    }
    if (q.status !== undefined) {
      const wanted = q.status.split('-');
      if (wanted.some((s) => !(STATUSES as string[]).includes(s))) throw new ParamError({ status: 'The Status field must contain fixture statuses separated by a dash, e.g. NS-PST-FT.' });
      list = list.filter((f) => wanted.includes(f.status));
    }
    const last = optionalInt(q, 'last');
    const next = optionalInt(q, 'next');
    list.sort((a, b) => a.kickoff.getTime() - b.kickoff.getTime() || a.id - b.id);
    if (next !== undefined) list = list.filter((f) => f.status === 'NS' || f.status === 'TBD').slice(0, next);
    if (last !== undefined) list = list.filter((f) => !FootballStore.isLive(f.status) && f.status !== 'NS' && f.status !== 'TBD').slice(-last);
    return list;
  }

  // ---------------------------------------------------------------- /__local hooks

  async function hook(req: IncomingMessage, res: ServerResponse, path: string, url: URL) {
    const method = req.method ?? 'GET';
    if (path === '/__local/reset' && method === 'POST') {
      for (const r of hanging) r.destroy();
      store.reset();
      log('reset to the seeded week');
      return json(res, 200, { fixtures: store.fixtures.size });
    }
    if (path === '/__local/requests' && method === 'GET') {
      const since = url.searchParams.get('since');
      return json(res, 200, since ? store.requests.filter((r) => r.at > since) : store.requests);
    }
    if (path === '/__local/quota') {
      if (method === 'POST') store.setQuota(await readJson(req));
      return json(res, 200, { ...store.quota, recent: store.quota.recent.length, headers: store.quotaHeaders() });
    }
    if (path === '/__local/outage' && method === 'POST') {
      const mode = (await readJson(req)).mode;
      if (!OUTAGES.includes(mode as Outage)) throw new HookError(`mode must be one of ${OUTAGES.join(', ')}`);
      store.outage = mode as Outage;
      if (mode === 'none') for (const r of hanging) r.destroy();
      log(`outage: ${mode}`);
      return json(res, 200, { mode });
    }
    if (path === '/__local/teams' && method === 'POST') {
      // A team the product does not know yet (a club new to it), in a league of the stand-in.
      const body = await readJson(req);
      const league = LEAGUES.find((l) => l.id === Number(body.league ?? 262));
      if (typeof body.name !== 'string' || !body.name.trim() || !league) throw new HookError('name (text) and league (a league id of GET /leagues) are required');
      const id = Math.max(900_000, ...TEAMS.map((t) => t.id)) + 1;
      const team = { id, name: body.name.trim(), code: body.name.trim().slice(0, 3).toUpperCase(), country: league.country, logo: `https://media.api-sports.io/football/teams/${id}.png`, leagueId: league.id, clubId: 0 };
      TEAMS.push(team);
      return json(res, 201, { team });
    }
    if (path === '/__local/fixtures' && method === 'POST') {
      const f = store.create(await readJson(req));
      log(`fixture ${f.id}: ${f.home.name} vs ${f.away.name} at ${f.kickoff.toISOString()}`);
      return json(res, 201, store.render(f));
    }
    if (path === '/__local/fixtures' && method === 'GET') return json(res, 200, [...store.fixtures.values()].map((f) => store.render(f)));
    const m = /^\/__local\/fixtures\/(\d+)\/([a-z-]+)$/.exec(path);
    if (m && method === 'POST') {
      const f = store.get(Number(m[1]));
      const body = await readJson(req, true);
      const minute = body.minute === undefined ? null : Number(body.minute);
      const extra = body.extra === undefined ? null : Number(body.extra);
      const pair = (): { home: number; away: number } => {
        const h = body.home, a = body.away;
        if (!Number.isInteger(h) || !Number.isInteger(a) || (h as number) < 0 || (a as number) < 0) throw new HookError('home and away must be whole numbers ≥ 0');
        return { home: h as number, away: a as number };
      };
      switch (m[2]) {
        case 'kickoff': store.kickOff(f); break;
        case 'minute': store.minute(f, Number(body.minute), extra); break;
        case 'goal': {
          if (body.team !== 'home' && body.team !== 'away') throw new HookError('team must be home or away');
          store.goal(f, body.team, minute, extra);
          break;
        }
        case 'halftime': store.halfTime(f); break;
        case 'second-half': store.secondHalf(f); break;
        case 'fulltime': store.fullTime(f); break;
        case 'extra-time': store.extraTime(f); break;
        case 'end-extra-time': store.endExtraTime(f); break;
        case 'penalties': store.penalties(f, body.home === undefined ? null : pair()); break;
        case 'postpone': store.postpone(f); break;
        case 'reschedule': {
          const date = new Date(String(body.date ?? ''));
          if (Number.isNaN(date.getTime())) throw new HookError('date must be an ISO 8601 instant');
          store.reschedule(f, date);
          break;
        }
        case 'suspend': store.suspend(f, 'SUSP'); break;
        case 'interrupt': store.suspend(f, 'INT'); break;
        case 'resume': store.resume(f); break;
        case 'abandon': store.abandon(f); break;
        case 'cancel': store.cancel(f); break;
        case 'award': store.award(f, pair()); break;
        case 'correct': store.correct(f, pair()); break;
        default: throw new HookError(`unknown action ${m[2]}`);
      }
      log(`fixture ${f.id} ${m[2]}: ${f.status} ${f.elapsed ?? ''}' ${f.regular.home}-${f.regular.away}`);
      return json(res, 200, store.render(f));
    }
    return json(res, 404, { message: 'no such hook' });
  }

  // Loopback only: the hooks take no key.
  const url = `http://127.0.0.1:${await listenLocal(server, opts.port)}`;
  log(`API-Football stand-in on ${url}`);
  return {
    url,
    store,
    close: async () => {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

function unknownParams(q: Record<string, string>, allowed: string[]) {
  for (const k of Object.keys(q)) if (!allowed.includes(k)) throw new ParamError({ [k]: `The ${k[0].toUpperCase()}${k.slice(1)} field do not exist.` });
}

function optionalInt(q: Record<string, string>, name: string): number | undefined {
  if (q[name] === undefined) return undefined;
  if (!/^\d+$/.test(q[name])) throw new ParamError({ [name]: `The ${name[0].toUpperCase()}${name.slice(1)} field must contain an integer.` });
  return Number(q[name]);
}

function validDate(v: string, name: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`))) {
    throw new ParamError({ [name]: `The ${name[0].toUpperCase()}${name.slice(1)} field must contain a valid date. Example: 2026-12-05` });
  }
  return v;
}

function localDate(at: Date, timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage, emptyIsObject = false): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > 64 * 1024) throw new HookError('request body too large');
    chunks.push(c as Buffer);
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8') || (emptyIsObject ? '{}' : 'null'));
  } catch {
    throw new HookError('JSON body could not be parsed');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HookError('the body must be a JSON object');
  return body as Record<string, unknown>;
}

