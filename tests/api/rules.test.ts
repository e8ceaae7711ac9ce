// The rules' one source: versions of scoring_points, scoring_bonuses and prizes by Mexico City
// month. Everyone reads them, nobody writes them through the API, a month that has started
// never changes, and a round is scored with the version of its own month (here a version for
// January 2090 that this file adds and removes: a month that is always still to come).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, db } from '../support/clients.ts';
import { createPlayer, type Player } from '../support/players.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);
const FUTURE = '2090-01-01';

let player: Player, admin: Player;
let thisMonth: string;

async function removeFutureVersion() {
  for (const table of ['scoring_points', 'scoring_bonuses', 'prizes']) {
    await q(`delete from public.${table} where effective_from = $1`, [FUTURE]);
  }
}

beforeAll(async () => {
  [player, admin] = await Promise.all([createPlayer(), createPlayer({ admin: true })]);
  thisMonth = (await q(`select to_char(date_trunc('month', now() at time zone 'America/Mexico_City'), 'YYYY-MM-DD') as m`)).rows[0].m;
});

afterAll(async () => {
  // The generated module's drift test (types.test.ts) reads every version: leave none behind.
  await removeFutureVersion();
  await db().end();
});

describe('who writes the rules', () => {
  it('everyone reads them', async () => {
    const { data, error } = await anonClient().from('scoring_bonuses').select('code, points').eq('code', 'welcome');
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
  });

  it('neither players nor admins write them through the API', async () => {
    for (const who of [player, admin]) {
      const insert = await who.client.from('prizes').insert({ kind: 'weekly', place: 9, amount_mxn: 1, effective_from: FUTURE });
      expect(insert.error?.code).toBe('42501');
      const update = await who.client.from('scoring_points').update({ points: 999 }).eq('correct', 12).select();
      expect(update.error?.code).toBe('42501');
    }
    const { rows } = await q('select count(*)::int as n from public.scoring_points where points = 999');
    expect(rows[0].n).toBe(0);
  });
});

describe('a month that has started never changes', () => {
  it('refuses to change the version in force, even for the database owner', async () => {
    await expect(q('update public.scoring_bonuses set points = 99 where code = $1 and effective_from <= $2', ['welcome', thisMonth]))
      .rejects.toThrow(/Las reglas de un mes que ya empezó no cambian/);
    await expect(q('delete from public.prizes where kind = $1', ['perfect'])).rejects.toThrow(/ya empezó/);
    await expect(q('truncate public.prizes')).rejects.toThrow(/ya empezó/);
  });

  it('refuses a new version for the current month', async () => {
    await expect(q(`insert into public.scoring_bonuses (effective_from, code, label, points) values ($1, 'welcome', 'Bienvenida', 20)`, [thisMonth]))
      .rejects.toThrow(/ya empezó/);
  });
});

describe('a version for a month to come', () => {
  let round: number;

  beforeAll(async () => {
    // January 2090: every table point doubled, ×2 on the last round, welcome +20, prizes 700/200/101.
    await q(`insert into public.scoring_points (effective_from, correct, points)
             select $1, correct, points * 2 from public.points_table_for(current_date)`, [FUTURE]);
    await q(`insert into public.scoring_bonuses (effective_from, code, label, points)
             select $1, code, label, case code when 'welcome' then 20 when 'last_round_multiplier' then 2 else points end
             from public.bonuses_for(current_date)`, [FUTURE]);
    await q(`insert into public.prizes (effective_from, kind, place, amount_mxn) values
             ($1, 'monthly', 1, 700), ($1, 'monthly', 2, 200), ($1, 'monthly', 3, 101), ($1, 'weekly', 1, 50), ($1, 'perfect', 1, 900)`, [FUTURE]);

    const { rows } = await q(`insert into public.quinielas (name, week, deadline, is_last_of_month)
                              values ('Enero 2090', 1, '2090-01-27 18:00'::timestamp at time zone 'America/Mexico_City', true) returning id`);
    round = Number(rows[0].id);
    await q(`insert into public.matches (quiniela_id, match_order, home_team, away_team, correct_result)
             select $1, n, 'L' || n, 'V' || n, 'Local' from generate_series(1, 12) n`, [round]);
    // 7 right (matches 1–7), 5 wrong.
    await q(`insert into public.picks (user_id, match_id, result)
             select $1, m.id, case when m.match_order <= 7 then 'Local' else 'Empate' end from public.matches m where m.quiniela_id = $2`,
      [player.id, round]);
    await q('update public.quinielas set results_saved = true where id = $1', [round]);
  });

  afterAll(async () => {
    await q('delete from public.quinielas where id = $1', [round]);
  });

  it('scores a round of that month with that month\'s rules', async () => {
    // 7 correct: 15 doubled = 30, ×2 on the last round = 60 (+30 from the multiplier); the only
    // round of his month: full month +10 (unchanged); his first round: welcome +20.
    const { rows } = await q('select correct, points, bonus_details from public.scores where quiniela_id = $1 and user_id = $2', [round, player.id]);
    expect(rows).toEqual([{ correct: 7, points: 90, bonus_details: ['Última quiniela del mes ×2: +30', 'Mes completo: +10', 'Bienvenida: +20'] }]);
  });

  it('splits that month\'s prizes, and keeps the current month\'s', async () => {
    const share = async (place: number, tied: number, month: string) =>
      Number((await q('select public.prize_share($1, $2, $3, $4) as s', ['monthly', place, tied, month])).rows[0].s);
    expect(await share(2, 2, '2090-01-15')).toBe(150.5);
    expect(await share(2, 3, '2090-01-15')).toBe(100.33);
    // Places past the last prize pay nothing: a tie for 3rd of two shares only the 3rd.
    expect(await share(3, 2, '2090-01-15')).toBe(50.5);
    const current = (await q(`select array_agg(amount_mxn order by place) as a from public.prizes where kind = 'monthly' and effective_from <= $1
                              and effective_from = (select max(effective_from) from public.prizes where effective_from <= $1)`, [thisMonth])).rows[0].a;
    expect(await share(1, 2, thisMonth)).toBe(Math.round(((current[0] + current[1]) / 2) * 100) / 100);
  });

  it('can still be removed while the month has not started', async () => {
    const { rows } = await q('select public.round_points(12, false, $1) as p', ['2090-03-01']);
    expect(rows[0].p).toBe(180);
    await q('delete from public.prizes where effective_from = $1 and kind = $2', [FUTURE, 'perfect']);
    const { rows: perfect } = await q(`select count(*)::int as n from public.prizes_for('2090-01-01') where kind = 'perfect'`);
    expect(perfect[0].n).toBe(0);
  });
});
