// An admin creates a round from the football feed's calendar (issue 45): he lists a league's
// fixtures between two dates (clubs matched by the provider's team id, the deadline proposed
// from the first kick-off), ticks some, and the round is created with their kick-offs and
// fixtures; a club new to the product is created with the feed's name and crest. Players may
// not; bad input and a provider outage answer in Spanish.
import { afterAll, describe, expect, inject, it } from 'vitest';
import { db } from '../support/clients.ts';
import { createPlayer, type Player } from '../support/players.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);
const football = () => inject('footballUrl');

async function hook(path: string, body: unknown = {}): Promise<Record<string, any>> {
  const res = await fetch(`${football()}/__local${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as Record<string, any>;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
async function call(token: string, body: unknown): Promise<{ status: number; body: Record<string, any> }> {
  const r = await fetch(`${inject('apiUrl')}/functions/v1/round-from-calendar`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, apikey: inject('publishableKey'), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Record<string, any> };
}
const mexicoDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(at);

const rounds: number[] = [];
const newClubs: number[] = [];
let admin: Player, ana: Player;
afterAll(async () => {
  await q('delete from public.quinielas where id = any($1)', [rounds]);
  await q('delete from public.clubs where id = any($1)', [newClubs]);
});

describe('a round from the calendar', () => {
  it('lists the league\'s fixtures with their clubs and proposes the first kick-off; creates the round with kick-offs, fixtures and a new club', async () => {
    [admin, ana] = await Promise.all([createPlayer({ admin: true }), createPlayer()]);
    // Two fixtures of this test, three and four days from now (database clock): one with a team new to the product.
    const { rows: [{ a, b }] } = await q(`select now() + interval '3 days' as a, now() + interval '4 days' as b`);
    const team = (await hook('/teams', { name: 'Atlético Nuevo', league: 262 })).team as { id: number; logo: string };
    const first = (await hook('/fixtures', { home_team_id: 2287, away_team_id: team.id, date: (a as Date).toISOString() })).fixture.id as number;
    const second = (await hook('/fixtures', { home_team_id: 2282, away_team_id: 2279, date: (b as Date).toISOString() })).fixture.id as number;

    const listed = await call(admin.accessToken, { action: 'list', league: 262, from: mexicoDay(a as Date), to: mexicoDay(b as Date) });
    expect(listed.status).toBe(200);
    const mine = listed.body.fixtures.filter((f: { fixtureId: number }) => f.fixtureId === first || f.fixtureId === second);
    expect(mine).toEqual([
      { fixtureId: first, kickoffAt: (a as Date).toISOString().replace(/\.\d+Z$/, '.000Z'), inRound: false,
        home: { teamId: 2287, name: 'América', logo: expect.any(String), clubId: 1 }, away: { teamId: team.id, name: 'Atlético Nuevo', logo: team.logo, clubId: null } },
      { fixtureId: second, kickoffAt: (b as Date).toISOString().replace(/\.\d+Z$/, '.000Z'), inRound: false,
        home: { teamId: 2282, name: 'Monterrey', logo: expect.any(String), clubId: 9 }, away: { teamId: 2279, name: 'Tigres', logo: expect.any(String), clubId: 15 } },
    ]);
    const kickoffs = listed.body.fixtures.filter((f: { inRound: boolean }) => !f.inRound).map((f: { kickoffAt: string }) => f.kickoffAt).sort();
    expect(listed.body.proposedDeadline).toBe(kickoffs[0]);

    const created = await call(admin.accessToken, { action: 'create', name: 'Jornada del calendario', week: 50, deadline: (a as Date).toISOString(), fixtureIds: [first, second] });
    expect(created.status).toBe(200);
    const round = Number(created.body.quinielaId);
    rounds.push(round);
    const { rows: matches } = await q(
      `select m.match_order, m.home_club_id, m.away_club_id, m.home_team, m.away_team, m.provider_fixture_id, extract(epoch from m.kickoff_at)::bigint as kickoff
       from public.matches m where m.quiniela_id = $1 order by m.match_order`, [round]);
    const { rows: [club] } = await q('select id, name, logo_url, league, provider_team_id from public.clubs where provider_team_id = $1', [team.id]);
    newClubs.push(Number(club.id));
    expect(club).toMatchObject({ name: 'Atlético Nuevo', logo_url: team.logo, league: 'Liga MX' });
    expect(matches).toEqual([
      { match_order: 1, home_club_id: '1', away_club_id: club.id, home_team: 'América', away_team: 'Atlético Nuevo', provider_fixture_id: String(first), kickoff: String(Math.floor((a as Date).getTime() / 1000)) },
      { match_order: 2, home_club_id: '9', away_club_id: '15', home_team: 'Monterrey', away_team: 'Tigres', provider_fixture_id: String(second), kickoff: String(Math.floor((b as Date).getTime() / 1000)) },
    ]);

    // Listed again, they are in a round; ticked again, refused.
    const again = await call(admin.accessToken, { action: 'list', league: 262, from: mexicoDay(a as Date), to: mexicoDay(b as Date) });
    expect(again.body.fixtures.filter((f: { fixtureId: number; inRound: boolean }) => f.fixtureId === first && f.inRound)).toHaveLength(1);
    expect(await call(admin.accessToken, { action: 'create', name: 'Otra', week: 50, deadline: (a as Date).toISOString(), fixtureIds: [first] }))
      .toEqual({ status: 400, body: { error: 'Un partido elegido ya está en otra quiniela.' } });
  });

  it('refuses a player, bad input in Spanish, and says so when the provider is down', async () => {
    expect((await call(ana.accessToken, { action: 'list', league: 262, from: '2026-12-01', to: '2026-12-07' })).status).toBe(403);
    expect(await call(admin.accessToken, { action: 'list', league: 999, from: '2026-12-01', to: '2026-12-07' })).toEqual({ status: 400, body: { error: 'Elige una liga del calendario.' } });
    expect((await call(admin.accessToken, { action: 'list', league: 262, from: '2026-12-09', to: '2026-12-01' })).status).toBe(400);
    expect(await call(admin.accessToken, { action: 'create', fixtureIds: [] })).toEqual({ status: 400, body: { error: 'Elige al menos un partido del calendario.' } });
    expect(await call(admin.accessToken, { action: 'create', name: 'X', week: 50, deadline: '2099-01-01T00:00:00Z', fixtureIds: [123] }))
      .toEqual({ status: 400, body: { error: 'El proveedor no conoce el partido 123.' } });
    await hook('/outage', { mode: 'unavailable' });
    try {
      const down = await call(admin.accessToken, { action: 'list', league: 262, from: '2026-12-01', to: '2026-12-07' });
      expect(down.status).toBe(503);
      expect(down.body.error).toMatch(/^El calendario no está disponible/);
    } finally {
      await hook('/outage', { mode: 'none' });
    }
  });
});
