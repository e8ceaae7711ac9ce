// The contact form (/contactanos): forwards a visitor's message to the team's inbox.
import { env, optionalEnv } from '../_shared/env.ts';
import { corsHeaders, json, readJson } from '../_shared/http.ts';
import { escapeHtml, layout, sendMail } from '../_shared/mailer.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders });
  if (req.method !== 'POST') return json(405, { error: 'Método no permitido.' });
  const body = await readJson(req);
  const name = typeof body?.name === 'string' ? body.name.trim() : '';
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  const message = typeof body?.message === 'string' ? body.message.trim() : '';
  if (!name || !email || !message) return json(400, { error: 'Todos los campos son obligatorios' });
  if (!EMAIL.test(email)) return json(400, { error: 'Correo inválido' });
  if (message.length > 5000) return json(400, { error: 'Tu mensaje es muy largo (máximo 5000 caracteres).' });

  const to = optionalEnv('CONTACT_INBOX') ?? 'contacto@quinielazo.mx';
  await sendMail({
    to,
    subject: `Contacto: ${name}`,
    html: layout('Nuevo mensaje de contacto', `<p><strong>${escapeHtml(name)}</strong> (${escapeHtml(email)}) escribió:</p><p style="white-space:pre-wrap">${escapeHtml(message)}</p>`, env('SITE_URL')),
    text: `${name} (${email}) escribió:\n\n${message}`,
  });
  return json(200, { ok: true, message: '✅ Mensaje enviado. ¡Gracias por contactarnos!' });
}
