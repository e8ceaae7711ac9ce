// Finalizing a round step by step (issue 33): the finalize-round function runs results → seal →
// scores → notices, each committed and stamped on round_finalizations before the next starts, so
// an admin reading the row sees them as they happen. Admins read the row and run the function;
// a player or a visitor can do neither, nor call the steps. A step the database refuses (a result
// missing, picks changed after the seal) stops there, named on the row, the round not finalized.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { anonClient, db } from '../support/clients.ts';
import { createPlayer, type Player } from '../support/players.ts';

const q = (sql: string, params: unknown[] = []) => db().query(sql, params);
const rounds: number[] = [];

async function call(token: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(`${inject('apiUrl')}/functions/v1/finalize-round`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, apikey: inject('publishableKey'), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: await r.json() };
}

/** A round closed a minute ago (database clock) with two matches, both players picking both. */
async function closedRound(results: Array<'Local' | 'Empate' | 'Visita' | null>): Promise<number> {
  const round = Number((await q(`insert into public.quinielas (name, week, deadline) values ('Finalizada por pasos', 1, now() - interval '1 minute') returning id`)).rows[0].id);
  rounds.push(round);
  const matches = (await q(
    `insert into public.matches (quiniela_id, match_order, home_team, away_team) values ($1, 1, 'León', 'Atlas'), ($1, 2, 'Santos', 'Necaxa') returning id`,
    [round],
  )).rows.map((r) => Number(r.id));
  for (const p of [ana, beto]) {
    for (const m of matches) await q(`insert into public.picks (user_id, match_id, result) values ($1, $2, 'Local')`, [p.id, m]);
  }
  for (const [i, result] of results.entries()) await q('update public.matches set correct_result = $2 where id = $1', [matches[i], result]);
  return round;
}

const runRow = async (run: string) => (await q('select * from public.round_finalizations where id = $1', [run])).rows[0];
const finalized = async (round: number) => (await q('select results_saved from public.quinielas where id = $1', [round])).rows[0].results_saved as boolean;
const scoreCount = async (round: number) => (await q('select count(*)::int as n from public.scores where quiniela_id = $1', [round])).rows[0].n as number;

let admin: Player, ana: Player, beto: Player;

beforeAll(async () => {
  [admin, ana, beto] = await Promise.all([createPlayer({ admin: true }), createPlayer(), createPlayer()]);
});

afterAll(async () => {
  await q('delete from public.quinielas where id = any($1)', [rounds]);
});

describe('an admin finalizes', () => {
  it('through four steps, each stamped in order, and reads them; the round is sealed, scored and its notices queued', async () => {
    const round = await closedRound(['Local', 'Visita']);
    const run = randomUUID();
    expect(await call(admin.accessToken, { quinielaId: round, runId: run })).toEqual({ status: 200, body: { message: 'Resultados finalizados', runId: run } });

    expect(await finalized(round)).toBe(true);
    expect(await scoreCount(round)).toBe(2);
    const notices = (await q(`select count(*)::int as n from public.notification_outbox where kind = 'points_ready' and quiniela_id = $1`, [round])).rows[0].n;
    // Both players want the notice by default (notification_preferences), so both are queued.
    expect(notices).toBe(2);

    const { data, error } = await admin.client.from('round_finalizations').select('*').eq('id', run).single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ quiniela_id: round, started_by: admin.id, matches: 2, sealed: true, players: 2, notices: 2, failed_step: null, error: null });
    const stamps = [data!.results_saved_at, data!.seal_checked_at, data!.scored_at, data!.notices_queued_at, data!.finished_at].map((t) => Date.parse(t!));
    expect(stamps.every(Number.isFinite)).toBe(true);
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    // Each step is its own transaction: now() differs from one to the next.
    expect(new Set(stamps.slice(0, 4)).size).toBe(4);
  });

  it('finalizes again after a correction: the scores are computed again over the same steps', async () => {
    const round = await closedRound(['Local', 'Local']);
    expect((await call(admin.accessToken, { quinielaId: round, runId: randomUUID() })).status).toBe(200);
    const before = (await q('select points from public.scores where quiniela_id = $1 and user_id = $2', [round, ana.id])).rows[0].points;
    const run = randomUUID();
    expect((await call(admin.accessToken, { quinielaId: round, runId: run })).status).toBe(200);
    expect(await runRow(run)).toMatchObject({ players: 2, notices: 2, failed_step: null });
    expect((await q('select points from public.scores where quiniela_id = $1 and user_id = $2', [round, ana.id])).rows[0].points).toBe(before);
  });
});

describe('a step the database refuses stops the finalization there', () => {
  it('a missing result: stopped at "results", in Spanish, the round not finalized', async () => {
    const round = await closedRound(['Local', null]);
    const run = randomUUID();
    const answer = await call(admin.accessToken, { quinielaId: round, runId: run });
    expect(answer).toEqual({ status: 409, body: { error: 'Faltan resultados: 1 de 2 capturados.', runId: run, step: 'results' } });
    expect(await runRow(run)).toMatchObject({ failed_step: 'results', error: 'Faltan resultados: 1 de 2 capturados.', results_saved_at: null, finished_at: null });
    expect(await finalized(round)).toBe(false);
    expect(await scoreCount(round)).toBe(0);
  });

  it('picks changed after the seal: stopped at "seal", nothing scored', async () => {
    const round = await closedRound(['Local', 'Visita']);
    await q('select public.seal_due_rounds()');
    // Someone with database access changes a pick after the deadline.
    await q(`update public.picks set result = 'Empate' where user_id = $1 and quiniela_id = $2 and result = 'Local'`, [beto.id, round]);
    const run = randomUUID();
    const answer = await call(admin.accessToken, { quinielaId: round, runId: run });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe('Las predicciones de esta quiniela ya no coinciden con su sello; no se puede calificar.');
    const row = await runRow(run);
    expect(row).toMatchObject({ failed_step: 'seal', seal_checked_at: null, scored_at: null });
    expect(row.results_saved_at).not.toBeNull();
    expect(await finalized(round)).toBe(false);
    expect(await scoreCount(round)).toBe(0);
  });
});

describe('nobody else', () => {
  it('a player and a visitor get 403 from the function, and the round stays as it was', async () => {
    const round = await closedRound(['Local', 'Visita']);
    for (const token of [ana.accessToken, inject('publishableKey')]) {
      expect(await call(token, { quinielaId: round, runId: randomUUID() })).toEqual({ status: 403, body: { error: 'Acceso restringido a administradores.' } });
    }
    expect(await finalized(round)).toBe(false);
    expect((await q('select count(*)::int as n from public.round_finalizations where quiniela_id = $1', [round])).rows[0].n).toBe(0);
  });

  it('a player cannot read a finalization, write one, or run a step himself', async () => {
    const round = await closedRound(['Local', 'Visita']);
    const run = randomUUID();
    await q('insert into public.round_finalizations (id, quiniela_id) values ($1, $2)', [run, round]);
    expect((await ana.client.from('round_finalizations').select('id').eq('id', run)).data).toEqual([]);
    expect((await anonClient().from('round_finalizations').select('id').eq('id', run)).data ?? []).toEqual([]);
    expect((await ana.client.from('round_finalizations').insert({ id: randomUUID(), quiniela_id: round })).error?.code).toBe('42501');
    expect((await ana.client.from('round_finalizations').update({ finished_at: new Date().toISOString() }).eq('id', run).select('id')).data ?? []).toEqual([]);
    for (const step of ['results', 'seal', 'scores', 'notices']) {
      const { error } = await ana.client.rpc('run_finalization_step', { p_run: run, p_step: step });
      expect(error?.code, step).toBe('42501');
    }
    expect(await runRow(run)).toMatchObject({ results_saved_at: null, finished_at: null });
    expect(await finalized(round)).toBe(false);
    // And the admin reads it.
    expect((await admin.client.from('round_finalizations').select('id').eq('id', run)).data).toEqual([{ id: run }]);
  });

  it('an admin with a bad round id gets a Spanish 400 or 404', async () => {
    expect(await call(admin.accessToken, { quinielaId: 'abc', runId: randomUUID() })).toEqual({ status: 400, body: { error: 'Ingresa un ID de quiniela válido.' } });
    expect(await call(admin.accessToken, { quinielaId: 987654321, runId: randomUUID() })).toEqual({ status: 404, body: { error: 'Quiniela no encontrada.' } });
  });
});
