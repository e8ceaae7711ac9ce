// Admin writes and admin-only SQL of issue 4, from both sides: a visitor and a player are
// refused, an admin is accepted. Finalizing scores the round exactly as score_round does; a
// corrected result re-scores without duplicates; the simulation writes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, db, serviceClient } from '../support/clients.ts';
import { createPlayer, type Player } from '../support/players.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);
const RESULTS = ['Local', 'Empate', 'Visita'] as const;
type Result = (typeof RESULTS)[number];

let admin: Player;
let player: Player;
let daysAhead = 40;

/** Twelve matches between seed clubs, in order. */
const twelveMatches = () => Array.from({ length: 12 }, (_, i) => ({ home_club_id: i + 1, away_club_id: 18 - i, special_bonus_points: i === 0 ? 3 : 0, underdog_bonus_points: i === 1 ? 4 : 0, underdog_bonus_side: i === 1 ? 'Visita' : null }));

/** An open round of 12 matches far from the seed's rounds (own deadline per call), created by the admin. */
async function adminRound(): Promise<{ id: number; matchIds: number[] }> {
  const deadline = new Date(Date.now() + daysAhead++ * 86_400_000).toISOString();
  const { data, error } = await admin.client.rpc('admin_create_round', {
    name_input: 'Prueba admin', week_input: 47, deadline_input: deadline, is_last_of_month_input: false, matches_input: twelveMatches(),
  });
  expect(error).toBeNull();
  const { rows } = await q('select id from public.matches where quiniela_id = $1 order by match_order', [data]);
  return { id: Number(data), matchIds: rows.map((r) => Number(r.id)) };
}

/** The round's deadline passes: a minute ago by the database clock, never before this Mexico City
 * month (a round is finalized after its deadline, issue 44 item 4). */
const close = (roundId: number) =>
  q(
    `update public.quinielas
     set deadline = greatest(now() - interval '1 minute',
                             (date_trunc('month', now() at time zone 'America/Mexico_City') at time zone 'America/Mexico_City') + interval '1 second')
     where id = $1`,
    [roundId],
  );

/** Picks for a player straight in the database (arrangement, not under test). */
async function pick(p: Player, roundId: number, matchIds: number[], results: Result[]) {
  for (const [i, result] of results.entries()) {
    await q('insert into public.picks (user_id, match_id, quiniela_id, result) values ($1, $2, $3, $4)', [p.id, matchIds[i], roundId, result]);
  }
}

async function setResults(matchIds: number[], results: Result[]) {
  for (const [i, r] of results.entries()) await q('update public.matches set correct_result = $2 where id = $1', [matchIds[i], r]);
}

/** A new player who picked Local everywhere, in a round whose 12 results are Local, finalized by the admin. */
async function finalizedAllLocal() {
  const round = await adminRound();
  const p = await createPlayer();
  const truth: Result[] = Array.from({ length: 12 }, () => 'Local');
  await pick(p, round.id, round.matchIds, truth);
  await setResults(round.matchIds, truth);
  await close(round.id);
  await admin.client.from('quinielas').update({ results_saved: true }).eq('id', round.id);
  return { round, p };
}

const scoresOf = async (roundId: number) =>
  (await q('select user_id, correct, points, bonus_details, updated_at from public.scores where quiniela_id = $1 order by user_id', [roundId])).rows;

beforeAll(async () => {
  admin = await createPlayer({ admin: true });
  player = await createPlayer();
});

describe('admin_create_round', () => {
  it('is refused to a visitor and a player, and writes nothing', async () => {
    const args = { name_input: 'Intrusa', week_input: 1, deadline_input: new Date(Date.now() + 86_400_000).toISOString(), is_last_of_month_input: false, matches_input: twelveMatches() };
    const visitor = await anonClient().rpc('admin_create_round', args);
    expect(visitor.error?.code).toBe('42501');
    const asPlayer = await player.client.rpc('admin_create_round', args);
    expect(asPlayer.error?.code).toBe('42501');
    expect(asPlayer.error?.message).toBe('Acceso restringido a administradores.');
    expect((await q(`select count(*)::int as n from public.quinielas where name = 'Intrusa'`)).rows[0].n).toBe(0);
  });

  it('lets an admin create a round and its 12 matches in order, with club names, bonuses and the last-of-month mark', async () => {
    const deadline = '2031-03-29T00:00:00.000Z';
    const { data: id, error } = await admin.client.rpc('admin_create_round', {
      name_input: '  Quinielazo Jornada 52 ', week_input: 52, deadline_input: deadline, is_last_of_month_input: true, matches_input: twelveMatches(),
    });
    expect(error).toBeNull();
    const round = (await q('select name, week, deadline, is_last_of_month, results_saved from public.quinielas where id = $1', [id])).rows[0];
    expect(round).toMatchObject({ name: 'Quinielazo Jornada 52', week: 52, is_last_of_month: true, results_saved: false });
    expect(new Date(round.deadline).toISOString()).toBe(deadline);
    const { rows } = await q(
      `select m.match_order, m.home_team, m.away_team, m.home_club_id, m.away_club_id, m.special_bonus_points, m.underdog_bonus_points, m.underdog_bonus_side, h.short_name as home_short
       from public.matches m join public.clubs h on h.id = m.home_club_id where quiniela_id = $1 order by match_order`,
      [id],
    );
    expect(rows.map((r) => r.match_order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(rows[0]).toMatchObject({ home_club_id: '1', away_club_id: '18', special_bonus_points: 3, home_team: rows[0].home_short });
    expect(rows[1]).toMatchObject({ underdog_bonus_points: 4, underdog_bonus_side: 'Visita' });
  });

  it('refuses missing fields or a match without both clubs, leaving no round behind', async () => {
    const before = (await q('select count(*)::int as n from public.quinielas')).rows[0].n;
    const missing = await admin.client.rpc('admin_create_round', { name_input: ' ', week_input: 1, deadline_input: new Date().toISOString(), is_last_of_month_input: false, matches_input: twelveMatches() });
    expect(missing.error?.message).toBe('Todos los campos son obligatorios');
    const noAway = await admin.client.rpc('admin_create_round', {
      name_input: 'Sin visitante', week_input: 1, deadline_input: new Date().toISOString(), is_last_of_month_input: false, matches_input: [{ home_club_id: 1, away_club_id: null }],
    });
    expect(noAway.error?.message).toBe('Todos los partidos deben tener equipos locales y visitantes seleccionados.');
    const unknownClub = await admin.client.rpc('admin_create_round', {
      name_input: 'Club fantasma', week_input: 1, deadline_input: new Date().toISOString(), is_last_of_month_input: false, matches_input: [{ home_club_id: 1, away_club_id: 999999 }],
    });
    expect(unknownClub.error).not.toBeNull();
    expect((await q('select count(*)::int as n from public.quinielas')).rows[0].n).toBe(before);
  });

  it("refuses a week outside 1–53 and a deadline already past, in the admin form's words, leaving no round behind", async () => {
    const future = (await q(`select now() + interval '3 days' as t`)).rows[0].t.toISOString();
    const past = (await q(`select now() - interval '1 minute' as t`)).rows[0].t.toISOString();
    const create = (week: number, deadline: string) =>
      admin.client.rpc('admin_create_round', { name_input: 'Fuera de rango', week_input: week, deadline_input: deadline, is_last_of_month_input: false, matches_input: twelveMatches() });
    for (const week of [0, -3, 54, 9999]) expect((await create(week, future)).error?.message).toBe('La semana debe ser un número del 1 al 53.');
    expect((await create(1, past)).error?.message).toBe('El cierre ya pasó: elige una fecha y hora futuras.');
    expect((await q(`select count(*)::int as n from public.quinielas where name = 'Fuera de rango'`)).rows[0].n).toBe(0);
  });
});

describe('saving results and finalizing', () => {
  it('a visitor and a player cannot save a result or finalize; an admin can', async () => {
    const round = await adminRound();
    const visitorSave = await anonClient().from('matches').update({ correct_result: 'Local' }).eq('id', round.matchIds[0]).select('id');
    expect(visitorSave.data ?? []).toEqual([]);
    const playerSave = await player.client.from('matches').update({ correct_result: 'Local' }).eq('id', round.matchIds[0]).select('id');
    expect(playerSave.data).toEqual([]);
    const playerFinalize = await player.client.from('quinielas').update({ results_saved: true }).eq('id', round.id).select('id');
    expect(playerFinalize.data).toEqual([]);
    expect((await q('select correct_result from public.matches where id = $1', [round.matchIds[0]])).rows[0].correct_result).toBeNull();
    expect((await q('select results_saved from public.quinielas where id = $1', [round.id])).rows[0].results_saved).toBe(false);
    const playerScore = await player.client.rpc('score_round', { quiniela_id_input: round.id });
    expect(playerScore.error?.code).toBe('42501');

    const adminSave = await admin.client.from('matches').update({ correct_result: 'Empate' }).eq('id', round.matchIds[0]).select('id, correct_result');
    expect(adminSave.error).toBeNull();
    expect(adminSave.data).toEqual([{ id: round.matchIds[0], correct_result: 'Empate' }]);
    // Not before the round's deadline (issue 44, item 4), in Spanish.
    const early = await admin.client.from('quinielas').update({ results_saved: true }).eq('id', round.id).select('results_saved');
    expect(early.error).toMatchObject({ code: '22023' });
    expect(early.error!.message).toMatch(/^Esta quiniela aún no cierra: se puede finalizar después de su cierre \(\d\d\/\d\d\/\d{4} \d\d:\d\d\)\.$/);
    expect((await q('select results_saved from public.quinielas where id = $1', [round.id])).rows[0].results_saved).toBe(false);
    await close(round.id);
    const adminFinalize = await admin.client.from('quinielas').update({ results_saved: true }).eq('id', round.id).select('results_saved');
    expect(adminFinalize.data).toEqual([{ results_saved: true }]);
  });

  it('finalizing scores every player of the round, exactly as score_round computes it', async () => {
    const round = await adminRound();
    const perfect = await createPlayer();
    const half = await createPlayer();
    const outsider = await createPlayer();
    const truth: Result[] = Array.from({ length: 12 }, (_, i) => RESULTS[i % 3]);
    await pick(perfect, round.id, round.matchIds, truth);
    await pick(half, round.id, round.matchIds, truth.map((r, i) => (i < 6 ? r : RESULTS[(RESULTS.indexOf(r) + 1) % 3])));
    await setResults(round.matchIds, truth);
    await close(round.id);

    const { error } = await admin.client.from('quinielas').update({ results_saved: true }).eq('id', round.id);
    expect(error).toBeNull();
    const afterFinalize = await scoresOf(round.id);
    expect(afterFinalize.map((s) => s.user_id).sort()).toEqual([perfect.id, half.id].sort());
    const byUser = Object.fromEntries(afterFinalize.map((s) => [s.user_id, s]));
    // 12/12 → 90, first round ever → +8 Bienvenida, match 1 special pick +3; match 2's underdog side (Visita) was not the result.
    expect(byUser[perfect.id]).toMatchObject({ correct: 12, points: 90 + 8 + 3 });
    expect(byUser[perfect.id].bonus_details).toEqual(expect.arrayContaining(['Partido especial: +3', 'Bienvenida: +8']));
    expect(byUser[half.id]).toMatchObject({ correct: 6, points: 10 + 8 + 3 });
    expect(afterFinalize.find((s) => s.user_id === outsider.id)).toBeUndefined();

    // The explicit scoring (the hub's tool) agrees and changes nothing.
    const { data: count, error: scoreError } = await admin.client.rpc('score_round', { quiniela_id_input: round.id });
    expect(scoreError).toBeNull();
    expect(count).toBe(2);
    expect(await scoresOf(round.id)).toEqual(afterFinalize);
  });

  it('a corrected result of a finalized round re-scores it without duplicates, and re-finalizing keeps it', async () => {
    const { round, p } = await finalizedAllLocal();
    expect((await scoresOf(round.id)).map((s) => [s.correct, s.points])).toEqual([[12, 90 + 8 + 3]]);

    // The edit screen saves a correction on blur: match 3 ended in a draw.
    const fix = await admin.client.from('matches').update({ correct_result: 'Empate' }).eq('id', round.matchIds[2]).select('id');
    expect(fix.data).toHaveLength(1);
    let scores = await scoresOf(round.id);
    expect(scores).toHaveLength(1);
    expect(scores[0]).toMatchObject({ correct: 11, points: 65 + 8 + 3 });

    // The final save again (already finalized): the screen sets results_saved and calls score_round.
    await admin.client.from('quinielas').update({ results_saved: true }).eq('id', round.id);
    const again = await admin.client.rpc('score_round', { quiniela_id_input: round.id });
    expect(again.data).toBe(1);
    scores = await scoresOf(round.id);
    expect(scores).toHaveLength(1);
    expect(scores[0]).toMatchObject({ correct: 11, points: 65 + 8 + 3 });
    expect((await q('select count(*)::int as n from public.scores where quiniela_id = $1 and user_id = $2', [round.id, p.id])).rows[0].n).toBe(1);
  });

  it('a finalized round keeps every result: clearing one is refused in Spanish and re-scores nothing; reopened, it can be cleared', async () => {
    const { round } = await finalizedAllLocal();
    const before = await scoresOf(round.id);
    expect(before.map((s) => s.correct)).toEqual([12]);

    const cleared = await admin.client.from('matches').update({ correct_result: null }).eq('id', round.matchIds[0]).select('id');
    expect(cleared.error).toMatchObject({ code: '23514', message: 'Esta quiniela ya está finalizada: escribe el resultado correcto en lugar de borrarlo.' });
    expect((await q('select correct_result from public.matches where id = $1', [round.matchIds[0]])).rows[0].correct_result).toBe('Local');
    expect(await scoresOf(round.id)).toEqual(before);

    // Reopened (unfinalized, its scores go), a result may be cleared again.
    await admin.client.from('quinielas').update({ results_saved: false }).eq('id', round.id);
    const reopened = await admin.client.from('matches').update({ correct_result: null }).eq('id', round.matchIds[0]).select('id');
    expect(reopened.error).toBeNull();
    expect(reopened.data).toHaveLength(1);
  });
});

describe('simulate_round_scores', () => {
  it('is refused to a visitor and a player', async () => {
    const round = await adminRound();
    expect((await anonClient().rpc('simulate_round_scores', { quiniela_id_input: round.id })).error?.code).toBe('42501');
    expect((await player.client.rpc('simulate_round_scores', { quiniela_id_input: round.id })).error?.code).toBe('42501');
  });

  it('shows an admin what score_round would write with the results so far, and writes nothing', async () => {
    const round = await adminRound();
    const a = await createPlayer();
    const b = await createPlayer();
    await pick(a, round.id, round.matchIds, Array.from({ length: 12 }, () => 'Local'));
    await pick(b, round.id, round.matchIds.slice(0, 5), Array.from({ length: 5 }, () => 'Visita'));
    // Seven results entered so far.
    await setResults(round.matchIds.slice(0, 7), ['Local', 'Local', 'Local', 'Local', 'Visita', 'Visita', 'Empate']);
    const standingsBefore = (await q('select count(*)::int as n from public.scores')).rows[0].n;

    const { data, error } = await admin.client.rpc('simulate_round_scores', { quiniela_id_input: round.id });
    expect(error).toBeNull();
    expect(data!.map((r) => [r.username, r.correct, r.points])).toEqual([
      [a.username, 4, 6 + 8 + 3],
      [b.username, 1, 0 + 8],
    ]);
    expect(data![0].bonus_details).toEqual(expect.arrayContaining(['Bienvenida: +8']));
    // Nothing was written: no scores, the round is still open.
    expect(await scoresOf(round.id)).toEqual([]);
    expect((await q('select count(*)::int as n from public.scores')).rows[0].n).toBe(standingsBefore);
    expect((await q('select results_saved from public.quinielas where id = $1', [round.id])).rows[0].results_saved).toBe(false);

    // Finalizing with the same results, once the round closed, writes what was simulated.
    await close(round.id);
    await admin.client.from('quinielas').update({ results_saved: true }).eq('id', round.id);
    const written = await scoresOf(round.id);
    const simulated = Object.fromEntries(data!.map((r) => [r.user_id, [r.correct, r.points, r.bonus_details]]));
    expect(Object.fromEntries(written.map((s) => [s.user_id, [s.correct, s.points, s.bonus_details]]))).toEqual(simulated);
  });
});

describe('admin_analytics_30d', () => {
  const from = () => new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

  it('is refused to a visitor and a player', async () => {
    expect((await anonClient().rpc('admin_analytics_30d', { p_from: from() })).error?.code).toBe('42501');
    const asPlayer = await player.client.rpc('admin_analytics_30d', { p_from: from() });
    expect(asPlayer.error?.code).toBe('42501');
    expect(asPlayer.data).toBeNull();
  });

  it('gives an admin active players, total players, new referrals and the top referrers', async () => {
    const referrer = await createPlayer();
    const friends = [await createPlayer(), await createPlayer()];
    // The tracking row mirrors the friend's profile (a referral the profile does not keep is refused).
    await q('update public.profiles set referred_by = $1 where id = any($2)', [referrer.id, friends.map((f) => f.id)]);
    for (const f of friends) await q('insert into public.referral_tracking (referrer_id, referred_id) values ($1, $2) on conflict (referred_id) do update set referrer_id = excluded.referrer_id, created_at = now()', [referrer.id, f.id]);
    await q(`insert into public.activity_logs (user_id, event_name) values ($1, 'page_view')`, [friends[0].id]);

    const { data, error } = await admin.client.rpc('admin_analytics_30d', { p_from: from() });
    expect(error).toBeNull();
    const stats = data as { active_users: number; total_signups: number; new_referrals: number; referral_top: Array<{ username: string; count: number }> };
    const expected = (await q(`select (select count(*)::int from public.profiles) as total, (select count(*)::int from public.referral_tracking where created_at >= $1::date) as refs`, [from()])).rows[0];
    expect(stats.total_signups).toBe(expected.total);
    expect(stats.new_referrals).toBeGreaterThanOrEqual(2);
    expect(stats.active_users).toBeGreaterThanOrEqual(1);
    expect(stats.referral_top).toContainEqual({ username: referrer.username, count: 2 });
    expect(stats.referral_top.length).toBeLessThanOrEqual(10);

    // The charts' series (issue 33): one row per day of the window, today's sign-ups and
    // referrals counted on today's Mexico City day, and the window's sums agreeing with the table.
    const days = (data as { days: Array<{ day: string; active: number; signups: number; referrals: number }> }).days;
    const today = (await q(`select (now() at time zone 'America/Mexico_City')::date::text as d`)).rows[0].d;
    expect(days[0].day).toBe(from());
    expect(days.at(-1)).toMatchObject({ day: today });
    expect(days.at(-1)!.signups).toBeGreaterThanOrEqual(3);
    expect(days.at(-1)!.referrals).toBeGreaterThanOrEqual(2);
    expect(days.at(-1)!.active).toBeGreaterThanOrEqual(1);
    expect(days.reduce((sum, d) => sum + d.referrals, 0)).toBe(stats.new_referrals);

    // A window that starts tomorrow has no referrals yet: the empty list ('Sin referencias').
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const empty = await admin.client.rpc('admin_analytics_30d', { p_from: tomorrow });
    expect((empty.data as { referral_top: unknown[]; new_referrals: number }).referral_top).toEqual([]);
    expect((empty.data as { days: unknown[] }).days).toEqual([]);
  });
});

describe('reviewing a player\'s picks (/admin/ver-picks)', () => {
  it('an admin reads any player\'s profile and picks by username; another player reads neither', async () => {
    const round = await adminRound();
    const target = await createPlayer();
    await pick(target, round.id, round.matchIds.slice(0, 3), ['Local', 'Empate', 'Visita']);

    const profile = await admin.client.from('profiles').select('id, username').ilike('username', target.username.toUpperCase()).maybeSingle();
    expect(profile.data).toEqual({ id: target.id, username: target.username });
    const picks = await admin.client.from('picks').select('result, match:matches(match_order)').eq('user_id', target.id).order('match_id');
    expect(picks.data?.map((p) => p.result)).toEqual(['Local', 'Empate', 'Visita']);

    expect((await player.client.from('profiles').select('id').ilike('username', target.username).maybeSingle()).data).toBeNull();
    expect((await player.client.from('picks').select('result').eq('user_id', target.id)).data).toEqual([]);
  });
});

describe('quinielazo_reminder_recipients', () => {
  it('is for the service role only', async () => {
    const round = await adminRound();
    expect((await anonClient().rpc('quinielazo_reminder_recipients', { quiniela_id_input: round.id })).error).not.toBeNull();
    expect((await player.client.rpc('quinielazo_reminder_recipients', { quiniela_id_input: round.id })).error).not.toBeNull();
    expect((await admin.client.rpc('quinielazo_reminder_recipients', { quiniela_id_input: round.id })).error).not.toBeNull();
    expect((await serviceClient().rpc('quinielazo_reminder_recipients', { quiniela_id_input: round.id })).error).toBeNull();
  });
});
