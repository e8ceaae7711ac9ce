// Boost games for E2E, made in the database relative to its clock, dated tomorrow in Mexico City:
// a journey's game locks before every other open game, so the card shows it on any day; a game
// that only needs to be open locks after them all.
import pg from 'pg';

export async function withDb<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
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

/** A game that becomes the next one on the card: tomorrow's date, locking first (within 10 minutes). */
export async function createNextGame(type: string, question: string, points = 3, metadata: object = {}): Promise<number> {
  return withDb(async (c) => {
    const { rows } = await c.query<{ id: string }>(
      `insert into public.daily_games (game_date, lock_date, game_type, question, points, metadata)
       values ((now() at time zone 'America/Mexico_City')::date + 1,
               least(now() + interval '10 minutes',
                     coalesce((select min(lock_date) from public.daily_games where lock_date > now() + interval '1 minute'), 'infinity') - interval '1 second'),
               $1, $2, $3, $4) returning id`,
      [type, question, points, JSON.stringify(metadata)],
    );
    return Number(rows[0]!.id);
  });
}

/** An open game that displaces no other: tomorrow's, with its default lock (23:59 of that day in
 * Mexico City), so it is open for at least a day and locks after every game a journey makes. */
export async function createLastGame(type: string, question: string, points = 2): Promise<number> {
  return withDb(async (c) => {
    const { rows } = await c.query<{ id: string }>(
      `insert into public.daily_games (game_date, game_type, question, points)
       values ((now() at time zone 'America/Mexico_City')::date + 1, $1, $2, $3) returning id`,
      [type, question, points],
    );
    return Number(rows[0]!.id);
  });
}

export async function lockGameNow(id: number): Promise<void> {
  await withDb((c) => c.query(`update public.daily_games set lock_date = now() - interval '1 second' where id = $1`, [id]));
}

export async function deleteGame(id: number): Promise<void> {
  await withDb((c) => c.query('delete from public.daily_games where id = $1', [id]));
}

export async function serverAnswer(userId: string, gameId: number): Promise<string | null> {
  return withDb(async (c) => {
    const { rows } = await c.query<{ answer: string }>('select answer from public.daily_game_picks where user_id = $1 and daily_game_id = $2', [userId, gameId]);
    return rows[0]?.answer ?? null;
  });
}

/** Two seeded clubs (home, away) by id order. */
export async function twoClubs(): Promise<{ id: number; name: string }[]> {
  return withDb(async (c) => (await c.query<{ id: number; name: string }>('select id, coalesce(short_name, name) as name from public.clubs order by id limit 2')).rows);
}
