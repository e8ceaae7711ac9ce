// Creating a round from the football feed's calendar (docs/match-day.md, admins only):
// {action: 'list', league, from, to} answers the league's fixtures between two dates, each club
// matched to the product's by the provider's team id (null when new), and the deadline proposed
// from the first kick-off; {action: 'create', name, week, deadline, isLastOfMonth, fixtureIds}
// reads those fixtures from the provider again (the browser's copy is not trusted) and creates
// the round (public.create_round_from_feed: new clubs with the feed's name and crest).
import { refuseAdminRequest, serviceClient } from '../_shared/admin.ts';
import { env, optionalEnv } from '../_shared/env.ts';
import { json, readJson } from '../_shared/http.ts';
import { GAME_TIME_ZONE } from '../_shared/notify.ts';

const API_FOOTBALL = 'https://v3.football.api-sports.io';
const TIMEOUT_MS = 10_000;
/** API-Football's leagues the product follows; MLS and friendlies name their season by the calendar year. */
const LEAGUES: Record<number, { name: string; calendarYear: boolean }> = {
  262: { name: 'Liga MX', calendarYear: false },
  39: { name: 'Premier League', calendarYear: false },
  140: { name: 'La Liga', calendarYear: false },
  78: { name: 'Bundesliga', calendarYear: false },
  135: { name: 'Serie A', calendarYear: false },
  61: { name: 'Ligue 1', calendarYear: false },
  253: { name: 'MLS', calendarYear: true },
  10: { name: 'Internacional', calendarYear: true },
};
const MAX_FIXTURES = 20;
const UNAVAILABLE = 'El calendario no está disponible: el proveedor de resultados no responde. Intenta de nuevo en unos minutos.';

type ApiFixture = { fixture: { id: number; timestamp: number; status: { short: string } }; league: { id: number }; teams: { home: ApiTeam; away: ApiTeam } };
type ApiTeam = { id: number; name: string; logo: string };

class Unavailable extends Error {}

async function ask(query: string): Promise<ApiFixture[]> {
  const base = (optionalEnv('FOOTBALL_API_URL') || API_FOOTBALL).replace(/\/+$/, '');
  let body: { errors?: unknown; response?: unknown };
  try {
    const res = await fetch(`${base}/fixtures?${query}`, { headers: { 'x-apisports-key': env('FOOTBALL_API_KEY') }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (res.status !== 200) throw new Unavailable(`HTTP ${res.status}`);
    body = await res.json();
  } catch (e) {
    throw new Unavailable((e as Error).message);
  }
  const errors = body.errors && typeof body.errors === 'object' ? Object.keys(body.errors) : [];
  if (errors.length || !Array.isArray(body.response)) throw new Unavailable(`errors: ${errors.join(', ')}`);
  return body.response as ApiFixture[];
}

const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

export default async function handler(req: Request): Promise<Response> {
  const refused = await refuseAdminRequest(req);
  if (refused) return refused;
  const body = await readJson(req);
  const db = serviceClient();
  try {
    if (body?.action === 'list') {
      const league = Number(body.league);
      if (!LEAGUES[league]) return json(400, { error: 'Elige una liga del calendario.' });
      if (!isDate(body.from) || !isDate(body.to) || body.from > body.to) return json(400, { error: 'Elige las fechas: desde y hasta (AAAA-MM-DD), la primera no después de la segunda.' });
      if (Date.parse(body.to) - Date.parse(body.from) > 31 * 86_400_000) return json(400, { error: 'Elige como máximo 31 días.' });
      const from = new Date(`${body.from}T00:00:00Z`);
      const season = LEAGUES[league].calendarYear || from.getUTCMonth() >= 6 ? from.getUTCFullYear() : from.getUTCFullYear() - 1;
      const fixtures = await ask(`league=${league}&season=${season}&from=${body.from}&to=${body.to}&timezone=${encodeURIComponent(GAME_TIME_ZONE)}`);
      const teamIds = [...new Set(fixtures.flatMap((f) => [f.teams.home.id, f.teams.away.id]))];
      const { data: clubs, error } = await db.from('clubs').select('id, provider_team_id').in('provider_team_id', teamIds.length ? teamIds : [0]);
      if (error) throw error;
      const { data: taken, error: takenError } = await db.from('matches').select('provider_fixture_id').in('provider_fixture_id', fixtures.length ? fixtures.map((f) => f.fixture.id) : [0]);
      if (takenError) throw takenError;
      const clubOf = new Map((clubs ?? []).map((c) => [Number(c.provider_team_id), Number(c.id)]));
      const used = new Set((taken ?? []).map((m) => Number(m.provider_fixture_id)));
      const team = (t: ApiTeam) => ({ teamId: t.id, name: t.name, logo: t.logo, clubId: clubOf.get(t.id) ?? null });
      const list = fixtures
        .filter((f) => f.fixture.status.short === 'NS' || f.fixture.status.short === 'TBD')
        .map((f) => ({ fixtureId: f.fixture.id, kickoffAt: new Date(f.fixture.timestamp * 1000).toISOString(), home: team(f.teams.home), away: team(f.teams.away), inRound: used.has(f.fixture.id) }));
      const first = list.filter((f) => !f.inRound)[0];
      // The deadline proposed: the first kick-off (picks close when the first match starts).
      return json(200, { fixtures: list, proposedDeadline: first?.kickoffAt ?? null });
    }
    if (body?.action === 'create') {
      const ids = Array.isArray(body.fixtureIds) ? body.fixtureIds.map(Number) : [];
      if (!ids.length || ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) return json(400, { error: 'Elige al menos un partido del calendario.' });
      if (ids.length > MAX_FIXTURES) return json(400, { error: `Elige como máximo ${MAX_FIXTURES} partidos.` });
      const found = await ask(`ids=${ids.join('-')}`);
      const byId = new Map(found.map((f) => [f.fixture.id, f]));
      const missing = ids.filter((id) => !byId.has(id));
      if (missing.length) return json(400, { error: `El proveedor no conoce ${missing.length === 1 ? 'el partido' : 'los partidos'} ${missing.join(', ')}.` });
      const { data, error } = await db.rpc('create_round_from_feed', {
        name_input: typeof body.name === 'string' ? body.name : '',
        week_input: Number.isInteger(body.week) ? body.week : null,
        deadline_input: typeof body.deadline === 'string' ? body.deadline : null,
        is_last_of_month_input: body.isLastOfMonth === true,
        fixtures: ids.map((id) => byId.get(id)),
      });
      if (error) {
        if (['22023', '23505', '23514', '22007', '22008', 'P0001'].includes(error.code)) return json(400, { error: error.message });
        throw error;
      }
      return json(200, { quinielaId: data });
    }
    return json(400, { error: 'Acción desconocida: list o create.' });
  } catch (e) {
    if (e instanceof Unavailable) return json(503, { error: UNAVAILABLE });
    console.error('round-from-calendar', e);
    return json(503, { error: 'No pudimos crear la quiniela: la base de datos no está disponible. Intenta de nuevo.' });
  }
}
