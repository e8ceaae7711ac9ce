// A match needs two different teams (supabase/schemas/040_rounds.sql): the database refuses
// the same club, or the same name in another case, accent or spacing, on both sides, to an
// admin through PostgREST with the Spanish message the admin form shows; a real match still passes.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../support/clients.ts';
import { createPlayer, type Player } from '../support/players.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);

let admin: Player;
let daysAhead = 200;

/** A round far from the seed's and other tests' rounds, written straight in the database (arrangement). */
async function emptyRound(): Promise<number> {
  const deadline = new Date(Date.now() + daysAhead++ * 86_400_000).toISOString();
  return Number((await q(`insert into public.quinielas (name, week, deadline) values ('Equipos distintos', 1, $1) returning id`, [deadline])).rows[0].id);
}

const clubName = async (id: number): Promise<string> => (await q('select coalesce(short_name, name) as n from public.clubs where id = $1', [id])).rows[0].n;

beforeAll(async () => {
  admin = await createPlayer({ admin: true });
});

describe('admin_create_round', () => {
  it('refuses a match with the same club on both sides, naming it, and leaves no round behind', async () => {
    const name = `Mismo club ${Date.now().toString(36)}`;
    const { data, error } = await admin.client.rpc('admin_create_round', {
      name_input: name, week_input: 1, deadline_input: new Date(Date.now() + daysAhead++ * 86_400_000).toISOString(), is_last_of_month_input: false,
      matches_input: [{ home_club_id: 2, away_club_id: 7 }, { home_club_id: 1, away_club_id: 1 }],
    });
    expect(data).toBeNull();
    const america = await clubName(1);
    expect(error?.code).toBe('23514');
    expect(error?.message).toBe(`Un partido no puede enfrentar al mismo equipo: ${america} vs ${america} (partido 2).`);
    expect((await q('select count(*)::int as n from public.quinielas where name = $1', [name])).rows[0].n).toBe(0);
  });

  it('still creates a round of two different clubs', async () => {
    const { data, error } = await admin.client.rpc('admin_create_round', {
      name_input: 'Clubes distintos', week_input: 1, deadline_input: new Date(Date.now() + daysAhead++ * 86_400_000).toISOString(), is_last_of_month_input: false,
      matches_input: [{ home_club_id: 1, away_club_id: 2 }],
    });
    expect(error).toBeNull();
    const { rows } = await q('select home_club_id, away_club_id from public.matches where quiniela_id = $1', [data]);
    expect(rows).toEqual([{ home_club_id: '1', away_club_id: '2' }]);
  });
});

describe('matches per round', () => {
  it('refuses a 13th match, to an admin through the API and in admin_create_round: the points table stops at 12 right', async () => {
    const clubs = (await q('select id from public.clubs order by id limit 26')).rows.map((r) => Number(r.id));
    const pairs = (n: number) => Array.from({ length: n }, (_, i) => ({ home_club_id: clubs[2 * i], away_club_id: clubs[2 * i + 1] }));
    const name = `Trece partidos ${Date.now().toString(36)}`;
    const thirteen = await admin.client.rpc('admin_create_round', {
      name_input: name, week_input: 1, deadline_input: new Date(Date.now() + daysAhead++ * 86_400_000).toISOString(), is_last_of_month_input: false,
      matches_input: pairs(13),
    });
    expect(thirteen.error).toMatchObject({ code: '23514', message: 'Una quiniela tiene como máximo 12 partidos.' });
    expect((await q('select count(*)::int as n from public.quinielas where name = $1', [name])).rows[0].n).toBe(0);

    const twelve = await admin.client.rpc('admin_create_round', {
      name_input: name, week_input: 1, deadline_input: new Date(Date.now() + daysAhead++ * 86_400_000).toISOString(), is_last_of_month_input: false,
      matches_input: pairs(12),
    });
    expect(twelve.error).toBeNull();
    const more = await admin.client.from('matches').insert({ quiniela_id: Number(twelve.data), match_order: 13, home_team: 'León', away_team: 'Atlas' }).select('id');
    expect(more.error).toMatchObject({ code: '23514', message: 'Una quiniela tiene como máximo 12 partidos.' });
    expect((await q('select count(*)::int as n from public.matches where quiniela_id = $1', [twelve.data])).rows[0].n).toBe(12);
  });
});

describe('matches through the API', () => {
  it('refuses an admin the same team written in another case, accent or spacing', async () => {
    const round = await emptyRound();
    for (const [home, away] of [['América', 'América'], ['Club América', '  club  AMERICA ']]) {
      const { data, error } = await admin.client.from('matches').insert({ quiniela_id: round, match_order: 1, home_team: home, away_team: away }).select('id');
      expect(data).toBeNull();
      expect(error?.code).toBe('23514');
      expect(error?.message).toBe(`Un partido no puede enfrentar al mismo equipo: ${home} vs ${away} (partido 1).`);
    }
    const sameClub = await admin.client.from('matches').insert({ quiniela_id: round, match_order: 1, home_team: 'León', away_team: 'Atlas', home_club_id: 7, away_club_id: 7 }).select('id');
    expect(sameClub.error?.code).toBe('23514');
    expect((await q('select count(*)::int as n from public.matches where quiniela_id = $1', [round])).rows[0].n).toBe(0);
  });

  it('lets an admin add and edit a real match, but not turn it into one team against itself', async () => {
    const round = await emptyRound();
    const added = await admin.client.from('matches').insert({ quiniela_id: round, match_order: 1, home_team: 'León', away_team: 'Atlas', home_club_id: 7, away_club_id: 2 }).select('id').single();
    expect(added.error).toBeNull();
    const renamed = await admin.client.from('matches').update({ away_team: 'Pumas', away_club_id: 18 }).eq('id', added.data!.id).select('away_team');
    expect(renamed.error).toBeNull();
    expect(renamed.data).toEqual([{ away_team: 'Pumas' }]);

    const clash = await admin.client.from('matches').update({ away_team: 'LEÓN', away_club_id: 7 }).eq('id', added.data!.id).select('id');
    expect(clash.error?.code).toBe('23514');
    expect(clash.error?.message).toBe('Un partido no puede enfrentar al mismo equipo: León vs LEÓN (partido 1).');
    expect((await q('select away_team, away_club_id from public.matches where id = $1', [added.data!.id])).rows[0]).toEqual({ away_team: 'Pumas', away_club_id: '18' });
  });

  it('the constraint holds even with triggers off (a direct session replaying rows)', async () => {
    const round = await emptyRound();
    const client = await db().connect();
    try {
      await client.query('begin');
      await client.query('set local session_replication_role = replica');
      await expect(client.query(`insert into public.matches (quiniela_id, match_order, home_team, away_team) values ($1, 1, 'Toluca', 'toluca')`, [round])).rejects.toThrow(
        /matches_distinct_teams/,
      );
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});
