// Score e-mails for a finalized round (/admin/trigger-emails): every player with a score in
// that round gets his points, his correct picks and one line per bonus.
import { optionalEnv } from '../_shared/env.ts';
import { adminRoundRequest, sendAll, serviceClient } from '../_shared/admin.ts';
import { batchId, startBatch } from '../_shared/batch.ts';
import { callerClaims } from '../_shared/claims.ts';
import { json } from '../_shared/http.ts';
import { escapeHtml, layout, sendMail } from '../_shared/mailer.ts';
import { fetchAll } from '../_shared/paging.ts';

interface ScoreRow {
  points: number;
  correct: number;
  bonus_details: string[] | null;
  profile: { username: string; email: string | null } | null;
}

export default async function handler(req: Request): Promise<Response> {
  const request = await adminRoundRequest(req);
  if (request instanceof Response) return request;
  const { id } = request;

  const service = serviceClient();
  const { data: round, error } = await service.from('quinielas').select('id, name, results_saved').eq('id', id).maybeSingle();
  if (error) return json(500, { error: error.message });
  if (!round) return json(404, { error: 'Quiniela no encontrada.' });
  if (!round.results_saved) return json(409, { error: 'La quiniela aún no tiene resultados finales.' });
  const { count: total } = await service.from('matches').select('id', { count: 'exact', head: true }).eq('quiniela_id', id);

  const scores = await fetchAll<ScoreRow>((from, to) =>
    service
      .from('scores')
      .select('points, correct, bonus_details, profile(username, email)')
      .eq('quiniela_id', id)
      .order('user_id')
      .range(from, to) as never,
  );

  const siteUrl = optionalEnv('SITE_URL') ?? 'http://localhost:5173';
  const name = String(round.name);
  const recipients = scores.filter((s) => s.profile?.email);
  const batch = await startBatch(service, {
    id: batchId(request.body?.batchId), kind: 'scores', quinielaId: id, total: recipients.length, startedBy: String(callerClaims(req)?.sub ?? '') || null,
  });
  const { sent, failed } = await sendAll(
    recipients,
    async (s) => {
      const username = s.profile?.username?.trim() || 'jugador';
      const bonuses = s.bonus_details ?? [];
      const outOf = total ?? 12;
      const html = `<p>¡Hola, ${escapeHtml(username)}!</p>
<p>Ya están los resultados de <strong>${escapeHtml(name)}</strong>.</p>
<p style="font-size:28px;font-weight:bold;margin:12px 0;color:#0b6e4f">${s.points} puntos</p>
<p>Acertaste <strong>${s.correct} de ${outOf}</strong> partidos.</p>
${bonuses.length ? `<p>Bonos:</p><ul>${bonuses.map((b) => `<li>${escapeHtml(b)}</li>`).join('')}</ul>` : ''}
<p><a href="${siteUrl}/mis-quinielas" style="display:inline-block;background:#0b6e4f;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold">Ver mi historial</a></p>`;
      const text = [
        `¡Hola, ${username}!`,
        `Ya están los resultados de ${name}.`,
        `Puntos: ${s.points}`,
        `Acertaste ${s.correct} de ${outOf} partidos.`,
        ...(bonuses.length ? ['Bonos:', ...bonuses.map((b) => `- ${b}`)] : []),
        `Ver mi historial: ${siteUrl}/mis-quinielas`,
        '',
        `Cambia tus preferencias de correo: ${siteUrl}/settings`,
      ].join('\n');
      await sendMail({ to: s.profile!.email!, subject: `Tus puntos de ${name}: ${s.points}`, html: layout(`Tus puntos de ${name}`, html, siteUrl), text });
    },
    undefined,
    batch.progress,
  );
  await batch.finish(sent, failed);
  return json(200, { sentCount: sent });
}
