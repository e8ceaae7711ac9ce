// The month's race (issue 33): the hourly snapshot keeps one point a day of each player's rank
// (rank_history), anyone reads one player's line (public like the leaderboard), and a player
// may lay over it the month's top 3 and his own friends — never a stranger's line, and a
// visitor gets no compare at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, db } from '../support/clients.ts';
import { createPlayer, type Player } from '../support/players.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);
const one = async (sql: string, params: unknown[] = []) => (await q(sql, params)).rows[0];

let me: Player, friend: Player, stranger: Player, top: Player[];
let roundId: number;

beforeAll(async () => {
  [me, friend, stranger, ...top] = await Promise.all(Array.from({ length: 6 }, () => createPlayer()));
  await q('insert into public.friends (user_id, friend_id) values ($1, $2)', [me.id, friend.id]);
  // A scored round of the current Mexico City month, by the database clock.
  roundId = Number((await one(
    `insert into public.quinielas (name, week, deadline, results_saved) values ('Carrera', 1, now() - interval '1 second', true) returning id`,
  )).id);
});

afterAll(async () => {
  await q('delete from public.quinielas where id = $1', [roundId]);
});

describe('the hourly snapshot', () => {
  it("writes today's point of a player's line, and the day's last run wins", async () => {
    await q('insert into public.scores (user_id, quiniela_id, correct, points) values ($1, $2, 3, 40)', [me.id, roundId]);
    await q('select public.snapshot_monthly_ranks()');
    const month = await one(`select extract(year from now() at time zone 'America/Mexico_City')::int as y,
                                    extract(month from now() at time zone 'America/Mexico_City')::int as m,
                                    (now() at time zone 'America/Mexico_City')::date::text as today`);
    const rankOf = async () =>
      (await one('select rank_total from public.monthly_standings_ranked where user_id = $1 and year = $2 and month = $3', [me.id, month.y, month.m])).rank_total;

    const first = await anonClient().rpc('get_rank_history', { user_id_input: me.id, month_input: month.m, year_input: month.y });
    expect(first.error).toBeNull();
    expect(first.data).toEqual([{ day: month.today, rank_total: await rankOf(), total_points: 40 }]);

    await q('update public.scores set points = 90 where user_id = $1 and quiniela_id = $2', [me.id, roundId]);
    await q('select public.snapshot_monthly_ranks()');
    const second = await anonClient().rpc('get_rank_history', { user_id_input: me.id, month_input: month.m, year_input: month.y });
    expect(second.data).toEqual([{ day: month.today, rank_total: await rankOf(), total_points: 90 }]);
  });

  it('forgets days older than the two months before the current one', async () => {
    await q(`insert into public.rank_history (user_id, day, rank_total, total_points) values
             ($1, (date_trunc('month', now() at time zone 'America/Mexico_City') - interval '2 months 1 day')::date, 7, 1),
             ($1, (date_trunc('month', now() at time zone 'America/Mexico_City') - interval '2 months')::date, 6, 2)`, [stranger.id]);
    await q('select public.snapshot_monthly_ranks()');
    const { rows } = await q('select total_points from public.rank_history where user_id = $1 order by day', [stranger.id]);
    expect(rows.map((r) => r.total_points)).toEqual([2]);
  });
});

describe('the lines to compare (June 2045, far from the seed)', () => {
  beforeAll(async () => {
    const everyone = [...top, stranger, friend, me];
    for (const [i, p] of everyone.entries()) {
      // Player i ranks i + 1 by total (the histogram counts the rows written by hand too).
      await q(`insert into public.monthly_standings (year, month, user_id, total_points) values (2045, 6, $1, $2)`, [p.id, 100 - i]);
      await q(`insert into public.rank_history (user_id, day, rank_total, total_points)
               values ($1, '2045-06-03', $2, 1), ($1, '2045-06-10', $3, 2)`, [p.id, 10 + i, i + 1]);
    }
    // Standings written by hand, not by their writers: place the podiums the top 3 is read from.
    await q('select internal.place_podiums(2045, 6)');
  });

  it("gives a player the top 3 and his friend's lines, never a stranger's", async () => {
    const { data, error } = await me.client.rpc('get_rank_history_compare', { month_input: 6, year_input: 2045 });
    expect(error).toBeNull();
    const lines = new Map<string, string>();
    for (const row of data ?? []) lines.set(row.user_id, row.line);
    expect(Object.fromEntries(lines)).toEqual({ [top[0].id]: 'top', [top[1].id]: 'top', [top[2].id]: 'top', [friend.id]: 'friend' });
    expect(data?.filter((r) => r.user_id === friend.id).map((r) => [r.day, r.rank_total])).toEqual([['2045-06-03', 14], ['2045-06-10', 5]]);
  });

  it('says nothing of who added whom to the other side: the friend sees only the top 3', async () => {
    const { data, error } = await friend.client.rpc('get_rank_history_compare', { month_input: 6, year_input: 2045 });
    expect(error).toBeNull();
    expect(new Set(data?.map((r) => r.user_id))).toEqual(new Set(top.map((p) => p.id)));
  });

  it('refuses a visitor', async () => {
    const { error } = await anonClient().rpc('get_rank_history_compare', { month_input: 6, year_input: 2045 });
    expect(error?.code).toBe('42501');
  });
});
