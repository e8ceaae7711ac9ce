// public.score_round against a hand-computed mini-month (January–February 2043, far from the
// seed's dates): table points, ×1.5 half up on the last round of the month, special pick,
// underdog, streak, full month, welcome and referrals; idempotence, corrections, who may call
// it, and the bonuses stored as data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, db, serviceClient } from '../support/clients.ts';
import { createPlayer, type Player } from '../support/players.ts';

type Result = 'Local' | 'Empate' | 'Visita';
const q = (sql: string, params: unknown[] = []) => db().query(sql, params);

/**
 * Every round has 12 matches: match 1 is the special pick (+5, result Local), match 2 the
 * underdog (+3 on Visita, and Visita wins), matches 3–12 end Local.
 */
async function createRound(name: string, localDeadline: string, lastOfMonth = false): Promise<number> {
  const { rows } = await q(
    `insert into public.quinielas (name, week, deadline, is_last_of_month)
     values ($1, 1, $2::timestamp at time zone 'America/Mexico_City', $3) returning id`,
    [name, localDeadline, lastOfMonth],
  );
  const id = Number(rows[0].id);
  await q(
    `insert into public.matches (quiniela_id, match_order, home_team, away_team, correct_result,
                                 special_bonus_points, underdog_bonus_points, underdog_bonus_side)
     select $1, n, 'Local ' || n, 'Visita ' || n, case when n = 2 then 'Visita' else 'Local' end,
            case when n = 1 then 5 else 0 end, case when n = 2 then 3 else 0 end, case when n = 2 then 'Visita' end
     from generate_series(1, 12) n`,
    [id],
  );
  return id;
}

/** Picks: `n` of matches 3–12 right (the first n), the special and the underdog right or not. */
async function play(player: Player, round: number, n: number, opts: { special?: boolean; underdog?: boolean } = {}) {
  const picks: Result[] = Array.from({ length: 12 }, (_, i) => {
    if (i === 0) return opts.special ? 'Local' : 'Empate';
    if (i === 1) return opts.underdog ? 'Visita' : 'Local';
    return i - 2 < n ? 'Local' : 'Empate';
  });
  // As superuser: the picks policies (open round only) do not apply to arranged history.
  await q(
    `insert into public.picks (user_id, match_id, result)
     select $1, m.id, ($3::text[])[m.match_order] from public.matches m where m.quiniela_id = $2`,
    [player.id, round, picks],
  );
}

async function finalize(round: number) {
  await q('update public.quinielas set results_saved = true where id = $1', [round]);
}

async function scoresOf(round: number) {
  const { rows } = await q(
    `select user_id, correct, points, bonus_details, updated_at from public.scores where quiniela_id = $1 order by user_id`,
    [round],
  );
  return rows;
}

const byUser = (rows: { user_id: string }[]) => Object.fromEntries(rows.map(({ user_id, ...rest }) => [user_id, rest]));

let A: Player, B: Player, C: Player, D: Player, E: Player, F: Player, admin: Player;
let R0: number, R1: number, R2: number, R3: number;

beforeAll(async () => {
  [A, B, C, D, E, F, admin] = await Promise.all([
    createPlayer(), createPlayer(), createPlayer(), createPlayer(), createPlayer(), createPlayer(), createPlayer({ admin: true }),
  ]);
  // D was referred by A, E by C.
  await q('update public.profiles set referred_by = $1 where id = $2', [A.id, D.id]);
  await q('update public.profiles set referred_by = $1 where id = $2', [C.id, E.id]);

  R0 = await createRound('Enero 25', '2043-01-25 18:00', true);
  R1 = await createRound('Febrero 8', '2043-02-08 18:00');
  R2 = await createRound('Febrero 15', '2043-02-15 18:00');
  R3 = await createRound('Febrero 22', '2043-02-22 18:00', true);

  await play(A, R0, 5);
  await play(A, R1, 7, { special: true });
  await play(B, R1, 4);
  await play(C, R1, 2, { special: true, underdog: true });
  await play(A, R2, 10, { special: true, underdog: true });
  await play(B, R2, 3);
  await play(D, R2, 6);
  await play(E, R2, 0, { underdog: true });
  await play(A, R3, 5);
  await play(B, R3, 7);
  await play(C, R3, 8, { special: true });
  await play(F, R3, 10, { special: true, underdog: true });

  for (const round of [R0, R1, R2, R3]) await finalize(round);
});

afterAll(async () => {
  // Other files (seed.test.ts) read every finalized round: leave none of ours behind.
  await q('delete from public.quinielas where id = any($1)', [[R0, R1, R2, R3]]);
  await db().end();
});

describe('score_round on a hand-computed month', () => {
  it('January 25 (last of January): 5 correct → 8 × 1.5 = 12, full month and welcome', async () => {
    expect(byUser(await scoresOf(R0))).toEqual({
      [A.id]: { correct: 5, points: 30, bonus_details: ['Última quiniela del mes ×1.5: +4', 'Mes completo: +10', 'Bienvenida: +8'], updated_at: expect.any(Date) },
    });
  });

  it('February 8: special pick, underdog, streak from January, welcomes', async () => {
    expect(byUser(await scoresOf(R1))).toEqual({
      // 8 correct → 20, +5 special, +5 streak (played January 25)
      [A.id]: { correct: 8, points: 30, bonus_details: ['Partido especial: +5', 'Racha 2 semanas: +5'], updated_at: expect.any(Date) },
      // 4 correct → 6, +8 welcome
      [B.id]: { correct: 4, points: 14, bonus_details: ['Bienvenida: +8'], updated_at: expect.any(Date) },
      // 4 correct → 6, +5 special, +3 underdog, +8 welcome
      [C.id]: { correct: 4, points: 22, bonus_details: ['Partido especial: +5', 'Sorpresa: +3', 'Bienvenida: +8'], updated_at: expect.any(Date) },
    });
  });

  it('February 15: a perfect 12/12, a referral credited the round the friend first plays', async () => {
    expect(byUser(await scoresOf(R2))).toEqual({
      // 12 correct → 90, +5, +3, +5 streak, +3 for D
      [A.id]: {
        correct: 12, points: 106, updated_at: expect.any(Date),
        bonus_details: ['Partido especial: +5', 'Sorpresa: +3', 'Racha 2 semanas: +5', `Referido ${D.username}: +3`],
      },
      // 3 correct → 0, +5 streak
      [B.id]: { correct: 3, points: 5, bonus_details: ['Racha 2 semanas: +5'], updated_at: expect.any(Date) },
      // 6 correct → 10, +8 welcome
      [D.id]: { correct: 6, points: 18, bonus_details: ['Bienvenida: +8'], updated_at: expect.any(Date) },
      // 1 correct (the underdog) → 0, +3 underdog, +8 welcome
      [E.id]: { correct: 1, points: 11, bonus_details: ['Sorpresa: +3', 'Bienvenida: +8'], updated_at: expect.any(Date) },
    });
  });

  it('February 22 (last of February): ×1.5 half up, full month, no streak after a gap, a deferred referral', async () => {
    expect(byUser(await scoresOf(R3))).toEqual({
      // 5 → 8 × 1.5 = 12; +5 streak; +10 full month (played Feb 8, 15, 22)
      [A.id]: { correct: 5, points: 27, bonus_details: ['Última quiniela del mes ×1.5: +4', 'Racha 2 semanas: +5', 'Mes completo: +10'], updated_at: expect.any(Date) },
      // 7 → 15 × 1.5 = 22.5 → 23; +5 streak; +10 full month
      [B.id]: { correct: 7, points: 38, bonus_details: ['Última quiniela del mes ×1.5: +8', 'Racha 2 semanas: +5', 'Mes completo: +10'], updated_at: expect.any(Date) },
      // 9 → 30 × 1.5 = 45; +5 special; skipped Feb 15: no streak, no full month; E's referral
      // (E first played Feb 15, when C did not play) lands in C's next round
      [C.id]: { correct: 9, points: 53, bonus_details: ['Última quiniela del mes ×1.5: +15', 'Partido especial: +5', `Referido ${E.username}: +3`], updated_at: expect.any(Date) },
      // 12 → 90 × 1.5 = 135; +5; +3; +8 welcome
      [F.id]: { correct: 12, points: 151, bonus_details: ['Última quiniela del mes ×1.5: +45', 'Partido especial: +5', 'Sorpresa: +3', 'Bienvenida: +8'], updated_at: expect.any(Date) },
    });
  });

  it('keeps referral_tracking in step: used, 3 points, month of the award', async () => {
    const { rows } = await q(
      `select referrer_id, referred_id, awarded_points, to_char(month_awarded, 'YYYY-MM-DD') as month_awarded, referral_used
       from public.referral_tracking where referred_id = any($1) order by referrer_id = $2 desc`,
      [[D.id, E.id], A.id],
    );
    expect(rows).toEqual([
      { referrer_id: A.id, referred_id: D.id, awarded_points: 3, month_awarded: '2043-02-01', referral_used: true },
      { referrer_id: C.id, referred_id: E.id, awarded_points: 3, month_awarded: '2043-02-01', referral_used: true },
    ]);
  });

  it('is idempotent: running it again leaves identical rows, updated_at included', async () => {
    const before = await Promise.all([R0, R1, R2, R3].map(scoresOf));
    for (const round of [R3, R0, R2, R1]) await q('select public.score_round($1)', [round]);
    expect(await Promise.all([R0, R1, R2, R3].map(scoresOf))).toEqual(before);
  });

  it('re-scores a corrected result once, without duplicates', async () => {
    // Match 5 of February 22 was a draw after all: A, B, C and F had picked Local.
    const { error } = await admin.client.from('matches').update({ correct_result: 'Empate' }).eq('quiniela_id', R3).eq('match_order', 5);
    expect(error).toBeNull();
    expect(byUser(await scoresOf(R3))).toMatchObject({
      [A.id]: { correct: 4, points: 24 }, // 6 × 1.5 = 9, +5, +10
      [B.id]: { correct: 6, points: 30 }, // 10 × 1.5 = 15, +5, +10
      [C.id]: { correct: 8, points: 38 }, // 20 × 1.5 = 30, +5, +3
      [F.id]: { correct: 11, points: 114 }, // 65 × 1.5 = 97.5 → 98, +5, +3, +8
    });
    expect(await scoresOf(R3)).toHaveLength(4);
    await admin.client.from('matches').update({ correct_result: 'Local' }).eq('quiniela_id', R3).eq('match_order', 5);
    expect(byUser(await scoresOf(R3))[F.id]).toMatchObject({ correct: 12, points: 151 });
  });

  it('removes a player who no longer qualifies, and a reopened round has no scores', async () => {
    await q('delete from public.picks where user_id = $1 and quiniela_id = $2', [F.id, R3]);
    expect(await q('select public.score_round($1) as n', [R3]).then((r) => r.rows[0].n)).toBe(3);
    expect(Object.keys(byUser(await scoresOf(R3)))).not.toContain(F.id);
    await play(F, R3, 10, { special: true, underdog: true });
    expect(await q('select public.score_round($1) as n', [R3]).then((r) => r.rows[0].n)).toBe(4);

    await q('update public.quinielas set results_saved = false where id = $1', [R3]);
    expect(await scoresOf(R3)).toEqual([]);
    await finalize(R3);
    expect(byUser(await scoresOf(R3))[F.id]).toMatchObject({ correct: 12, points: 151 });
  });

  it('is refused to visitors and players, allowed to admins and the service role', async () => {
    const visitor = await anonClient().rpc('score_round', { quiniela_id_input: R2 });
    expect(visitor.error?.code).toBe('42501');
    const player = await A.client.rpc('score_round', { quiniela_id_input: R2 });
    expect(player.error?.code).toBe('42501');
    expect(player.data).toBeNull();
    const asAdmin = await admin.client.rpc('score_round', { quiniela_id_input: R2 });
    expect(asAdmin).toMatchObject({ error: null, data: 4 });
    const asService = await serviceClient().rpc('score_round', { quiniela_id_input: R2 });
    expect(asService).toMatchObject({ error: null, data: 4 });
  });
});

describe('rounds finalized out of order', () => {
  it('an earlier round not finalized yet still counts as played: streak, full month, no second welcome', async () => {
    // March 2047: no other test uses it, so March 7 is the round before March 14.
    const first = await createRound('Marzo 7', '2047-03-07 18:00');
    const last = await createRound('Marzo 14', '2047-03-14 18:00', true);
    try {
      const [G, H] = await Promise.all([createPlayer(), createPlayer()]);
      await play(G, first, 10);
      await play(G, last, 4);
      await play(H, last, 4);
      await finalize(last); // March 7 is still open: its picks, not score rows, say who played it
      expect(byUser(await scoresOf(last))).toEqual({
        // 4 → 6 × 1.5 = 9; +5 streak and +10 full month (played March 7); no welcome
        [G.id]: { correct: 4, points: 24, bonus_details: ['Última quiniela del mes ×1.5: +3', 'Racha 2 semanas: +5', 'Mes completo: +10'], updated_at: expect.any(Date) },
        // 4 → 9; his first round: welcome, no streak, no full month
        [H.id]: { correct: 4, points: 17, bonus_details: ['Última quiniela del mes ×1.5: +3', 'Bienvenida: +8'], updated_at: expect.any(Date) },
      });
      // Finalized later, March 7 is G's first round (welcome); March 14 reads it from his score row.
      await finalize(first);
      expect(byUser(await scoresOf(first))).toEqual({
        [G.id]: { correct: 10, points: 53, bonus_details: ['Bienvenida: +8'], updated_at: expect.any(Date) },
      });
      await q('select public.score_round($1)', [last]);
      expect(byUser(await scoresOf(last))[G.id]).toMatchObject({ points: 24 });
    } finally {
      await q('delete from public.quinielas where id = any($1)', [[first, last]]);
    }
  });

  it('a player of an open round further back gets no welcome', async () => {
    // April 2047, no other test's rounds: April 4 stays open, April 11 is finalized.
    const open = await createRound('Abril 4', '2047-04-04 18:00');
    const middle = await createRound('Abril 11', '2047-04-11 18:00');
    const last = await createRound('Abril 18', '2047-04-18 18:00', true);
    try {
      const [G, H, K] = await Promise.all([createPlayer(), createPlayer(), createPlayer()]);
      await play(G, open, 4);
      await play(H, middle, 4);
      for (const player of [G, H, K]) await play(player, last, 4);
      await finalize(middle);
      await finalize(last);
      expect(byUser(await scoresOf(last))).toEqual({
        // 4 → 6 × 1.5 = 9; skipped April 11: no streak, no full month; played April 4: no welcome
        [G.id]: { correct: 4, points: 9, bonus_details: ['Última quiniela del mes ×1.5: +3'], updated_at: expect.any(Date) },
        // played April 11 (his score row): streak; skipped April 4: no full month
        [H.id]: { correct: 4, points: 14, bonus_details: ['Última quiniela del mes ×1.5: +3', 'Racha 2 semanas: +5'], updated_at: expect.any(Date) },
        [K.id]: { correct: 4, points: 17, bonus_details: ['Última quiniela del mes ×1.5: +3', 'Bienvenida: +8'], updated_at: expect.any(Date) },
      });
    } finally {
      await q('delete from public.quinielas where id = any($1)', [[open, middle, last]]);
    }
  });
});

describe('referrals read from every kind of earlier round', () => {
  it("a friend's first round may be finalized (score rows), still open (picks) or this one; one who starts later waits", async () => {
    // May–June 2047, no other test's rounds: May 30 finalized, June 6 left open, June 13 scored,
    // June 20 open and after it.
    const may = await createRound('Mayo 30', '2047-05-30 18:00', true);
    const open = await createRound('Junio 6', '2047-06-06 18:00');
    const scored = await createRound('Junio 13', '2047-06-13 18:00');
    const later = await createRound('Junio 20', '2047-06-20 18:00');
    try {
      const [P, T, Q, U, S] = await Promise.all([createPlayer(), createPlayer(), createPlayer(), createPlayer(), createPlayer()]);
      await q('update public.profiles set referred_by = $1 where id = any($2)', [P.id, [T.id, Q.id, U.id, S.id]]);
      await play(T, may, 2);
      await play(Q, open, 2);
      await play(U, scored, 2);
      await play(S, later, 2);
      await play(P, scored, 4);
      await finalize(may);
      await finalize(scored);
      // P's first round: 4 → 6, +8 welcome; T (first played May 30, a score row), Q (June 6,
      // open: his picks) and U (this round) are credited now, in June; S first plays after it.
      const referrals = [T, Q, U].sort((a, b) => (a.username < b.username ? -1 : 1)).map((f) => `Referido ${f.username}: +3`);
      expect(byUser(await scoresOf(scored))[P.id]).toEqual({
        correct: 4, points: 23, bonus_details: ['Bienvenida: +8', ...referrals], updated_at: expect.any(Date),
      });
      const { rows } = await q(
        `select referred_id, awarded_points, to_char(month_awarded, 'YYYY-MM-DD') as month_awarded
         from public.referral_tracking where referrer_id = $1 order by referred_id`,
        [P.id],
      );
      expect(rows).toEqual([T, Q, U].map((f) => f.id).sort().map((id) => ({ referred_id: id, awarded_points: 3, month_awarded: '2047-06-01' })));
    } finally {
      await q('delete from public.quinielas where id = any($1)', [[may, open, scored, later]]);
    }
  });
});

describe('bonuses as data', () => {
  it('name what each bonus refers to, and the referral points follow from them, not from the text', async () => {
    const { rows: matches } = await q('select id, match_order from public.matches where quiniela_id = $1 and match_order in (1, 2) order by match_order', [R2]);
    const [special, underdog] = matches.map((m) => Number(m.id));
    const { rows } = await q('select bonuses, referral_points from public.scores where quiniela_id = $1 and user_id = $2', [R2, A.id]);
    expect(rows[0].bonuses).toEqual([
      { kind: 'special', label: 'Partido especial', points: 5, match_ids: [special] },
      { kind: 'underdog', label: 'Sorpresa', points: 3, match_ids: [underdog] },
      { kind: 'streak', label: 'Racha 2 semanas', points: 5, quiniela_id: R1 },
      { kind: 'referral', label: 'Referido', points: 3, referred_id: D.id, username: D.username },
    ]);
    expect(rows[0].referral_points).toBe(3);
    const { rows: multiplied } = await q('select bonuses from public.scores where quiniela_id = $1 and user_id = $2', [R3, B.id]);
    expect(multiplied[0].bonuses[0]).toEqual({ kind: 'last_round_multiplier', label: 'Última quiniela del mes', factor: 1.5, points: 8 });
  });

  it('list every bonus match a player got right, in match order, when a round has several', async () => {
    // April 2043, its own round and players: matches 1 and 3 special (+5, +2), 4 special (+2),
    // 2 and 5 underdogs (+3, +4 on Visita, and Visita wins both).
    const round = await createRound('Varios bonus', '2043-04-10 18:00');
    await q(`update public.matches set special_bonus_points = 2 where quiniela_id = $1 and match_order in (3, 4)`, [round]);
    await q(`update public.matches set underdog_bonus_points = 4, underdog_bonus_side = 'Visita', correct_result = 'Visita'
             where quiniela_id = $1 and match_order = 5`, [round]);
    const { rows: ms } = await q('select id from public.matches where quiniela_id = $1 order by match_order', [round]);
    const m = ms.map((r) => Number(r.id));
    const [P, Q] = await Promise.all([createPlayer(), createPlayer()]);
    const pick = (player: Player, results: Result[]) => q(
      `insert into public.picks (user_id, match_id, result)
       select $1, m.id, ($3::text[])[m.match_order] from public.matches m where m.quiniela_id = $2`, [player.id, round, results]);
    const rest: Result[] = Array(7).fill('Local');
    await pick(P, ['Local', 'Visita', 'Local', 'Empate', 'Visita', ...rest]);
    await pick(Q, ['Empate', 'Local', 'Empate', 'Local', 'Local', ...rest]);
    await finalize(round);
    try {
      const { rows } = await q('select user_id, bonuses from public.scores where quiniela_id = $1', [round]);
      const bonusesOf = (p: Player) => rows.find((r) => r.user_id === p.id)!.bonuses.filter((b: { kind: string }) => b.kind === 'special' || b.kind === 'underdog');
      expect(bonusesOf(P)).toEqual([
        { kind: 'special', label: 'Partido especial', points: 7, match_ids: [m[0], m[2]] },
        { kind: 'underdog', label: 'Sorpresa', points: 7, match_ids: [m[1], m[4]] },
      ]);
      expect(bonusesOf(Q)).toEqual([{ kind: 'special', label: 'Partido especial', points: 2, match_ids: [m[3]] }]);
    } finally {
      await q('delete from public.quinielas where id = $1', [round]);
    }
  });

  it('feed the month\'s referral column: C\'s one credited friend gives 3 in February', async () => {
    const { rows } = await q('select referral_points from public.monthly_standings where year = 2043 and month = 2 and user_id = $1', [C.id]);
    expect(rows).toEqual([{ referral_points: 3 }]);
  });
});
