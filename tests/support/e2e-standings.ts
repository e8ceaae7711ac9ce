// Leaderboard fixtures for E2E: players created straight in the database (as the seed does:
// a confirmed auth user with a bcrypt password; the sign-up chain makes the profile) and
// Boost points on today's game, so a test can place a player where it needs him.
import bcrypt from 'bcryptjs';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

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
  const hash = await bcrypt.hash(E2E_PASSWORD, 10);
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
