// Admin custom e-mail (/admin/enviar-emails): one mail per recipient, with {{username}} in the
// subject and body replaced by that recipient's username ('jugador' when he has none).
import { optionalEnv } from '../_shared/env.ts';
import { refuseAdminRequest, sendAll, serviceClient } from '../_shared/admin.ts';
import { json, readJson } from '../_shared/http.ts';
import { escapeHtml, layout, sendMail } from '../_shared/mailer.ts';
import { fetchAll } from '../_shared/paging.ts';

const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;
const MAX_RECIPIENTS = 2000;
const PLACEHOLDER = /\{\{\s*username\s*\}\}/g;

/** The plain-text part of an admin's HTML body. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/h[1-6]|\/li)\s*\/?>/gi, '\n')
    .replace(/<a\s[^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/gi, '$2 ($1)')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export default async function handler(req: Request): Promise<Response> {
  const refused = await refuseAdminRequest(req);
  if (refused) return refused;

  const body = await readJson(req);
  const subject = typeof body?.subject === 'string' ? body.subject.trim() : '';
  const htmlBody = typeof body?.htmlBody === 'string' ? body.htmlBody.trim() : '';
  const list = Array.isArray(body?.recipients) ? body.recipients : null;
  if (!subject || !htmlBody || !list || list.length === 0) {
    return json(400, { error: 'Asunto, mensaje y al menos un destinatario son obligatorios.' });
  }
  const emails = [
    ...new Set(list.map((r) => (r && typeof r === 'object' && typeof (r as { email?: unknown }).email === 'string' ? (r as { email: string }).email.trim().toLowerCase() : ''))),
  ];
  const invalid = emails.filter((e) => !EMAIL.test(e));
  if (invalid.length > 0) return json(400, { error: `Correo inválido: ${invalid.filter(Boolean).join(', ') || '(vacío)'}` });
  if (emails.length > MAX_RECIPIENTS) return json(400, { error: `Máximo ${MAX_RECIPIENTS} destinatarios por envío.` });

  const service = serviceClient();
  const usernames = new Map<string, string>();
  for (let i = 0; i < emails.length; i += 200) {
    const chunk = emails.slice(i, i + 200);
    const rows = await fetchAll<{ email: string | null; username: string }>((from, to) =>
      service.from('profiles').select('email, username').in('email', chunk).range(from, to),
    );
    for (const row of rows) if (row.email) usernames.set(row.email.toLowerCase(), row.username);
  }

  const siteUrl = optionalEnv('SITE_URL') ?? 'http://localhost:5173';
  const { sent } = await sendAll(emails, async (email) => {
    const username = usernames.get(email)?.trim() || 'jugador';
    const personalSubject = subject.replace(PLACEHOLDER, username);
    const html = htmlBody.replace(PLACEHOLDER, escapeHtml(username));
    await sendMail({
      to: email,
      subject: personalSubject,
      html: layout(personalSubject, html, siteUrl),
      text: `${htmlToText(html)}\n\n—\nCambia tus preferencias de correo: ${siteUrl}/settings`,
    });
  });
  return json(200, { message: `Correos enviados: ${sent}` });
}
