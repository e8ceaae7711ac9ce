// Round reminder (/admin/quinielazo-reminder): an e-mail to every player who wants reminders
// (remind_quinielazo) and has not picked every match of the round yet.
import { optionalEnv } from '../_shared/env.ts';
import { adminRoundRequest, sendAll, serviceClient } from '../_shared/admin.ts';
import { json } from '../_shared/http.ts';
import { escapeHtml, layout, sendMail } from '../_shared/mailer.ts';
import { fetchAll } from '../_shared/paging.ts';

interface Recipient {
  email: string;
  username: string;
  picked: number;
  total: number;
}

const deadlineFormat = new Intl.DateTimeFormat('es-MX', {
  timeZone: 'America/Mexico_City',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export default async function handler(req: Request): Promise<Response> {
  const id = await adminRoundRequest(req);
  if (id instanceof Response) return id;

  const service = serviceClient();
  const { data: round, error } = await service.from('quinielas').select('id, name, deadline, results_saved').eq('id', id).maybeSingle();
  if (error) return json(500, { error: error.message });
  if (!round) return json(404, { error: 'Quiniela no encontrada.' });
  if (round.results_saved || new Date(round.deadline).getTime() <= Date.now()) {
    return json(409, { error: 'La quiniela ya cerró: no hay nada que recordar.' });
  }

  const recipients = await fetchAll<Recipient>((from, to) =>
    service.rpc('quinielazo_reminder_recipients', { quiniela_id_input: id }).range(from, to) as never,
  );

  const siteUrl = optionalEnv('SITE_URL') ?? 'http://localhost:5173';
  const name = String(round.name);
  const deadline = `${deadlineFormat.format(new Date(round.deadline))} (hora del Centro)`;
  const link = `${siteUrl}/picks?quiniela=${id}`;
  const { sent } = await sendAll(recipients, async (r) => {
    const username = r.username?.trim() || 'jugador';
    const missing = r.total - r.picked;
    const status = r.picked === 0 ? 'Aún no has hecho tus picks.' : `Te ${missing === 1 ? 'falta 1 partido' : `faltan ${missing} partidos`} por pronosticar.`;
    const html = `<p>¡Hola, ${escapeHtml(username)}!</p>
<p><strong>${escapeHtml(name)}</strong> cierra el <strong>${escapeHtml(deadline)}</strong>.</p>
<p>${escapeHtml(status)}</p>
<p><a href="${link}" style="display:inline-block;background:#0b6e4f;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold">Hacer mis picks</a></p>`;
    const text = [
      `¡Hola, ${username}!`,
      `${name} cierra el ${deadline}.`,
      status,
      `Hacer mis picks: ${link}`,
      '',
      `Cambia tus preferencias de correo: ${siteUrl}/settings`,
    ].join('\n');
    await sendMail({ to: r.email, subject: `⏰ No te quedes fuera: ${name} está por cerrar`, html: layout(`Recordatorio: ${name}`, html, siteUrl), text });
  });
  return json(200, { sent });
}
