// Admin custom e-mail (/admin/enviar-emails): one mail per recipient, with {{username}} in the
// subject and body replaced by that recipient's username ('jugador' when he has none).
import { optionalEnv } from '../_shared/env.ts';
import { refuseAdminRequest, sendAll, serviceClient } from '../_shared/admin.ts';
import { batchId, startBatch } from '../_shared/batch.ts';
import { callerClaims } from '../_shared/claims.ts';
import { json, readJson } from '../_shared/http.ts';
import { escapeHtml, layout, sendMail } from '../_shared/mailer.ts';
import { fetchAll } from '../_shared/paging.ts';

const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;
const MAX_RECIPIENTS = 2000;
const PLACEHOLDER = /\{\{\s*username\s*\}\}/g;
const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"' };

/** The plain-text part of an admin's HTML body. */
function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/h[1-6]|\/li)\s*\/?>/gi, '\n')
    .replace(/<a\s[^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/gi, '$2 ($1)')
    .replace(/<[^>]+>/g, '')
    // One pass, so `&amp;lt;` stays the text `&lt;`; numeric ones are what escapeHtml writes.
    .replace(/&(nbsp|amp|lt|gt|quot|#\d{1,7});/g, (all, e: string) => {
      if (!e.startsWith('#')) return ENTITIES[e];
      const code = Number(e.slice(1));
      return code <= 0x10ffff ? String.fromCodePoint(code) : all;
    })
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
  const batch = await startBatch(service, { id: batchId(body?.batchId), kind: 'custom', total: emails.length, startedBy: String(callerClaims(req)?.sub ?? '') || null });
  const { sent, failed } = await sendAll(emails, async (email) => {
    const username = usernames.get(email)?.trim() || 'jugador';
    // Replacer functions: a username is inserted literally (a string replacement would read
    // `$&` and the like in it as patterns and copy parts of the admin's text into the mail).
    const personalSubject = subject.replace(PLACEHOLDER, () => username);
    const safeName = escapeHtml(username);
    const html = htmlBody.replace(PLACEHOLDER, () => safeName);
    await sendMail({
      to: email,
      subject: personalSubject,
      html: layout(personalSubject, html, siteUrl),
      text: `${htmlToText(html)}\n\n—\nCambia tus preferencias de correo: ${siteUrl}/settings`,
    });
  }, undefined, batch.progress);
  await batch.finish(sent, failed);
  return json(200, { message: `Correos enviados: ${sent}` });
}
