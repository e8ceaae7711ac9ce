// Finalizing a round (/admin/edit-results, issue 33): four steps, each its own transaction
// through public.run_finalization_step, stamped on public.round_finalizations as it commits, so
// the admin's screen shows them as they happen: results saved, seal checked, scored, notices
// queued. A step the database refuses (a missing result, picks that no longer match the seal)
// stops the finalization there, named on the row with the database's own words.
import { adminRoundRequest, serviceClient } from '../_shared/admin.ts';
import { batchId } from '../_shared/batch.ts';
import { callerClaims } from '../_shared/claims.ts';
import { json } from '../_shared/http.ts';

const STEPS = ['results', 'seal', 'scores', 'notices'] as const;
/** The referee's own refusals (raise … using errcode): the admin reads their words. */
const REFUSALS = new Set(['22023', 'P0001', 'P0002']);
const UNAVAILABLE = 'No pudimos terminar de finalizar la quiniela: la base de datos no respondió. Intenta de nuevo.';

export default async function handler(req: Request): Promise<Response> {
  const request = await adminRoundRequest(req);
  if (request instanceof Response) return request;
  const { id } = request;

  const service = serviceClient();
  const { data: round, error } = await service.from('quinielas').select('id').eq('id', id).maybeSingle();
  if (error) return json(503, { error: UNAVAILABLE });
  if (!round) return json(404, { error: 'Quiniela no encontrada.' });

  // The admin's browser chose the id so it can follow the steps before this answers.
  const run = batchId(request.body?.runId);
  const started = await service
    .from('round_finalizations')
    .insert({ id: run, quiniela_id: id, started_by: String(callerClaims(req)?.sub ?? '') || null });
  if (started.error) {
    return started.error.code === '23505' ? json(409, { error: 'Esa finalización ya empezó.' }) : json(503, { error: UNAVAILABLE });
  }

  for (const step of STEPS) {
    const { error: failed } = await service.rpc('run_finalization_step', { p_run: run, p_step: step });
    if (failed) {
      const refused = REFUSALS.has(failed.code);
      const message = refused ? failed.message : UNAVAILABLE;
      if (!refused) console.error('paso de la finalización fallido', step, failed.message);
      await service.from('round_finalizations').update({ failed_step: step, error: message }).eq('id', run);
      return json(refused ? 409 : 503, { error: message, runId: run, step });
    }
  }
  return json(200, { message: 'Resultados finalizados', runId: run });
}
