// Round reminder (/admin/quinielazo-reminder): every player who wants reminders
// (remind_quinielazo) and has not picked every match of the round yet gets one notice through
// the outbox (public.queue_manual_reminder): a push where he has a working subscription,
// otherwise an e-mail. Answers how many of each went out.
import { adminRoundRequest, serviceClient } from '../_shared/admin.ts';
import { batchId, startBatch } from '../_shared/batch.ts';
import { callerClaims } from '../_shared/claims.ts';
import { json } from '../_shared/http.ts';
import { dispatch } from '../_shared/notify.ts';

export default async function handler(req: Request): Promise<Response> {
  const request = await adminRoundRequest(req);
  if (request instanceof Response) return request;
  const { id } = request;

  const service = serviceClient();
  const { data: round, error } = await service.from('quinielas').select('id, deadline, results_saved').eq('id', id).maybeSingle();
  if (error) return json(500, { error: error.message });
  if (!round) return json(404, { error: 'Quiniela no encontrada.' });
  if (round.results_saved || new Date(round.deadline).getTime() <= Date.now()) {
    return json(409, { error: 'La quiniela ya cerró: no hay nada que recordar.' });
  }

  const { data: ids, error: queued } = await service.rpc('queue_manual_reminder', { quiniela_id_input: id });
  if (queued) return json(500, { error: queued.message });
  const list = (ids ?? []) as number[];
  const report = { pushes: 0, emails: 0, failed: 0 };
  const batch = await startBatch(service, {
    id: batchId(request.body?.batchId), kind: 'reminder', quinielaId: id, total: list.length, startedBy: String(callerClaims(req)?.sub ?? '') || null,
  });
  // The admin waits for the send; whatever fails for a passing reason is retried by the scheduler.
  for (let i = 0; i < list.length; i += 500) {
    const part = await dispatch(service, { ids: list.slice(i, i + 500) });
    report.pushes += part.pushes;
    report.emails += part.emails;
    report.failed += part.failed;
    batch.progress(report.pushes + report.emails, report.failed);
  }
  await batch.finish(report.pushes + report.emails, report.failed);
  return json(200, { sent: report.pushes + report.emails, pushes: report.pushes, emails: report.emails, queued: list.length });
}
