// Leaderboard fixtures for E2E: players created straight in the database (as the seed does:
// a confirmed auth user with a bcrypt password; the sign-up chain makes the profile) and
// Boost points on today's game, so a test can place a player where it needs him.
import bcrypt from 'bcryptjs';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { clearOfMidnight } from './e2e-clock.ts';

export const E2E_PASSWORD = 'Jugador123';

async function withDb<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = process.env.DATABASE_URL_E2E;
  if (!url) throw new Error('DATABASE_URL_E2E missing: run through playwright.config.ts');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface CreatedPlayer {
  id: string;
  email: string;
  username: string;
}

/** Confirmed players who can sign in with E2E_PASSWORD, each with `boostPoints` on today's Boost game. */
export async function createRankedPlayers(prefix: string, count: number, boostPoints: number): Promise<CreatedPlayer[]> {
  await clearOfMidnight('month');
  const hash = await bcrypt.hash(E2E_PASSWORD, 4); // GoTrue's test cost, as the E2E platform's own (supabase/local/auth/password.ts)
  return withDb(async (client) => {
    const { rows: games } = await client.query<{ id: string }>(
      `select id from public.daily_games where game_date = (now() at time zone 'America/Mexico_City')::date order by id limit 1`,
    );
    if (!games[0]) throw new Error('the seed has no Boost game today');
    const players: CreatedPlayer[] = [];
    for (let i = 0; i < count; i++) {
      const id = randomUUID();
      const tag = id.slice(0, 8);
      const player = { id, email: `${prefix}-${tag}@e2e.quinielazo.mx`, username: `${prefix}_${tag}` };
      await client.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, now(),
                 '{"provider": "email", "providers": ["email"]}'::jsonb, jsonb_build_object('username', $4::text))`,
        [id, player.email, hash, player.username],
      );
      await client.query(
        `insert into auth.identities (provider_id, user_id, identity_data, provider)
         values ($1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', true), 'email')`,
        [id, player.email],
      );
      const { rows } = await client.query<{ username: string }>('select username from public.profiles where id = $1', [id]);
      if (!rows[0]) throw new Error(`the sign-up chain created no profile for ${player.email}`);
      player.username = rows[0].username;
      await client.query('insert into public.daily_scores (user_id, daily_game_id, points) values ($1, $2, $3)', [id, games[0].id, boostPoints]);
      players.push(player);
    }
    return players;
  });
}

/**
 * A finalized round of the database's current Mexico City month that `playerId` played (7 of
 * 12 right), scored by the referee, so his month has a round in it whatever the day. Its
 * deadline is a minute ago, or the first second of the month when the month is younger. In a
 * month's last minutes it waits for the next month, so the round stays in "this month".
 */
export async function scoreARoundThisMonth(playerId: string): Promise<number> {
  await clearOfMidnight('month');
  return withDb(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `insert into public.quinielas (name, week, deadline)
       values ('Quiniela ' || substr(md5(random()::text), 1, 6), 1,
               greatest(now() - interval '1 minute',
                        (date_trunc('month', now() at time zone 'America/Mexico_City') at time zone 'America/Mexico_City') + interval '1 second'))
       returning id`,
    );
    return scorePlayedRound(client, Number(rows[0]!.id), playerId);
  });
}

/**
 * As scoreARoundThisMonth, in last month by the database clock (its 10th, noon in Mexico City):
 * a past month with a scored round whatever the day. Near a month's end it waits for the next,
 * so "last month" stays the month the round is in.
 */
export async function scoreARoundLastMonth(playerId: string): Promise<number> {
  await clearOfMidnight('month');
  return withDb(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `insert into public.quinielas (name, week, deadline)
       values ('Quiniela ' || substr(md5(random()::text), 1, 6), 1,
               (date_trunc('month', now() at time zone 'America/Mexico_City') - interval '1 month' + interval '9 days 12 hours') at time zone 'America/Mexico_City')
       returning id`,
    );
    return scorePlayedRound(client, Number(rows[0]!.id), playerId);
  });
}

/** Twelve matches, `playerId`'s picks (7 right), the results saved: the referee scores it. */
async function scorePlayedRound(client: pg.Client, round: number, playerId: string): Promise<number> {
  await client.query(
    `insert into public.matches (quiniela_id, match_order, home_team, away_team, correct_result)
     select $1, n, 'Local ' || n, 'Visita ' || n, 'Local' from generate_series(1, 12) n`,
    [round],
  );
  await client.query(
    `insert into public.picks (user_id, match_id, result)
     select $1, m.id, case when m.match_order <= 7 then 'Local' else 'Empate' end from public.matches m where m.quiniela_id = $2`,
    [playerId, round],
  );
  await client.query('update public.quinielas set results_saved = true where id = $1', [round]);
  return round;
}

/** One statement against the E2E platform's database, as its owner (arranging data only). */
export async function e2eSql<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return withDb(async (client) => (await client.query<T>(text, params)).rows);
}
