// The month's race (issue 33): the hourly snapshot keeps one point a day of each player's rank
// (rank_history), anyone reads one player's line (public like the leaderboard), and a player
// may lay over it the month's top 3 and his own friends — never a stranger's line, and a
// visitor gets no compare at all. Every line ends where the month's table puts the player
// (issue 44, item 3), in a past month too, whatever days the snapshot saw or has forgotten.
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

describe('the line ends where the table puts him (issue 44, item 3)', () => {
  // The month's table: his rank in monthly_standings_ranked, what every ranking reads.
  const tableRank = async (userId: string, y: number, m: number) =>
    (await one('select rank_total from public.monthly_standings_ranked where user_id = $1 and year = $2 and month = $3', [userId, y, m]))?.rank_total;
  const race = async (userId: string, y: number, m: number) => {
    const { data, error } = await anonClient().rpc('get_rank_history', { user_id_input: userId, month_input: m, year_input: y });
    expect(error).toBeNull();
    return data ?? [];
  };

  /** A round of `monthsBack` months before the database's current Mexico City month (its 10th),
   * which `players` played (the i-th with 8 - i of 12 right), scored by the referee. */
  async function scoreARoundIn(monthsBack: number, players: Player[]) {
    const round = await one(
      `with start as (select date_trunc('month', now() at time zone 'America/Mexico_City') - make_interval(months => $1) as t)
       insert into public.quinielas (name, week, deadline)
       select 'Carrera pasada', 1, (t + interval '9 days 12 hours') at time zone 'America/Mexico_City' from start
       returning id, extract(year from (select t from start))::int as y, extract(month from (select t from start))::int as m,
                 ((select t from start) + interval '1 month' - interval '1 day')::date::text as last_day`,
      [monthsBack],
    );
    await q(`insert into public.matches (quiniela_id, match_order, home_team, away_team, correct_result)
             select $1, n, 'Local ' || n, 'Visita ' || n, 'Local' from generate_series(1, 12) n`, [round.id]);
    for (const [i, p] of players.entries()) {
      await q(`insert into public.picks (user_id, match_id, result)
               select $1, m.id, case when m.match_order <= $3 then 'Local' else 'Empate' end from public.matches m where m.quiniela_id = $2`,
              [p.id, round.id, 8 - i]);
    }
    await q('update public.quinielas set results_saved = true where id = $1', [round.id]);
    return { id: Number(round.id), y: round.y as number, m: round.m as number, lastDay: round.last_day as string };
  }

  // A safety net for a loaded machine, not a bound: the poll ends when they agree.
  const POLL = { timeout: 30_000 };
  const rounds: number[] = [];
  afterAll(async () => {
    await q('delete from public.quinielas where id = any($1)', [rounds]);
  });

  it('last month, scored and never seen by the snapshot: his line is his final place on its last day', async () => {
    const [first, second] = await Promise.all([createPlayer(), createPlayer()]);
    const round = await scoreARoundIn(1, [first, second]);
    rounds.push(round.id);
    for (const p of [first, second]) {
      // The month may hold other tests' players: the race and the table are read until they agree.
      await expect
        .poll(async () => {
          const line = await race(p.id, round.y, round.m);
          return line.length === 1 && line[0].day === round.lastDay && line[0].rank_total === (await tableRank(p.id, round.y, round.m));
        }, POLL)
        .toBe(true);
    }
  });

  it("a month whose days the snapshot forgot (four months back) still ends on the table's place, after the days it kept", async () => {
    const [p] = await Promise.all([createPlayer()]);
    const round = await scoreARoundIn(4, [p]);
    rounds.push(round.id);
    // A day the snapshot saw before the round changed the table, and a day at 0 points (no place).
    await q(`insert into public.rank_history (user_id, day, rank_total, total_points)
             values ($1, make_date($2, $3, 2), 900, 0), ($1, make_date($2, $3, 5), 40, 3)`, [p.id, round.y, round.m]);
    await expect
      .poll(async () => {
        const line = await race(p.id, round.y, round.m);
        const rank = await tableRank(p.id, round.y, round.m);
        return JSON.stringify(line.map((r) => [r.day, r.rank_total])) === JSON.stringify([[`${round.lastDay.slice(0, 8)}05`, 40], [round.lastDay, rank]]);
      }, POLL)
      .toBe(true);
  });

  it('no points that month, no line: the table gives him no place either', async () => {
    const p = await createPlayer();
    const round = await scoreARoundIn(1, []);
    rounds.push(round.id);
    await q('insert into public.scores (user_id, quiniela_id, correct, points) values ($1, $2, 0, 0)', [p.id, round.id]);
    await q(`insert into public.rank_history (user_id, day, rank_total, total_points) values ($1, make_date($2, $3, 12), 500, 0)`, [p.id, round.y, round.m]);
    expect(await one('select total_points from public.monthly_standings where user_id = $1 and year = $2 and month = $3', [p.id, round.y, round.m]))
      .toEqual({ total_points: 0 });
    expect(await race(p.id, round.y, round.m)).toEqual([]);
  });
});

describe('the lines to compare (June 2001, far from the seed)', () => {
  beforeAll(async () => {
    const everyone = [...top, stranger, friend, me];
    for (const [i, p] of everyone.entries()) {
      // Player i ranks i + 1 by total (the histogram counts the rows written by hand too).
      await q(`insert into public.monthly_standings (year, month, user_id, total_points) values (2001, 6, $1, $2)`, [p.id, 100 - i]);
      await q(`insert into public.rank_history (user_id, day, rank_total, total_points)
               values ($1, '2001-06-03', $2, 1), ($1, '2001-06-10', $3, 2)`, [p.id, 10 + i, i + 1]);
    }
    // Standings written by hand, not by their writers: place the podiums the top 3 is read from.
    await q('select internal.place_podiums(2001, 6)');
  });

  it("gives a player the top 3 and his friend's lines, never a stranger's", async () => {
    const { data, error } = await me.client.rpc('get_rank_history_compare', { month_input: 6, year_input: 2001 });
    expect(error).toBeNull();
    const lines = new Map<string, string>();
    for (const row of data ?? []) lines.set(row.user_id, row.line);
    expect(Object.fromEntries(lines)).toEqual({ [top[0].id]: 'top', [top[1].id]: 'top', [top[2].id]: 'top', [friend.id]: 'friend' });
    // The snapshot's days, then where the month's table puts him (fifth), on its last day.
    expect(data?.filter((r) => r.user_id === friend.id).map((r) => [r.day, r.rank_total])).toEqual([['2001-06-03', 14], ['2001-06-10', 5], ['2001-06-30', 5]]);
  });

  it('says nothing of who added whom to the other side: the friend sees only the top 3', async () => {
    const { data, error } = await friend.client.rpc('get_rank_history_compare', { month_input: 6, year_input: 2001 });
    expect(error).toBeNull();
    expect(new Set(data?.map((r) => r.user_id))).toEqual(new Set(top.map((p) => p.id)));
  });

  it('refuses a visitor', async () => {
    const { error } = await anonClient().rpc('get_rank_history_compare', { month_input: 6, year_input: 2001 });
    expect(error?.code).toBe('42501');
  });
});
