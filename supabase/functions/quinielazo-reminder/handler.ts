// Round reminder (/admin/quinielazo-reminder): every player who wants reminders
// (remind_quinielazo) and has not picked every match of the round yet gets one notice through
// the outbox (public.queue_manual_reminder): a push where he has a working subscription,
// otherwise an e-mail. Answers how many of each went out.
import { adminRoundRequest, serviceClient } from '../_shared/admin.ts';
import { json } from '../_shared/http.ts';
import { dispatch } from '../_shared/notify.ts';

export default async function handler(req: Request): Promise<Response> {
  const id = await adminRoundRequest(req);
  if (id instanceof Response) return id;

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
  const report = { pushes: 0, emails: 0 };
  // The admin waits for the send; whatever fails for a passing reason is retried by the scheduler.
  for (let i = 0; i < list.length; i += 500) {
    const part = await dispatch(service, { ids: list.slice(i, i + 500) });
    report.pushes += part.pushes;
    report.emails += part.emails;
  }
  return json(200, { sent: report.pushes + report.emails, pushes: report.pushes, emails: report.emails, queued: list.length });
}
