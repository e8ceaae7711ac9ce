// The contact form (/contactanos): forwards a visitor's message to the team's inbox.
// Every field has a length cap and each address may send a few messages per window (the
// form is open to anyone with the project's publishable key), so nobody can flood the team's inbox.
// The caller is verified here with getClaims() (verify_jwt = false in config.toml, issue 42): a
// visitor's publishable key reaches the function as the gateway's anon JWT, a player's session
// as his own; anything else is the 401 hosted's verify_jwt gave.
import { verifiedCaller } from '../_shared/claims.ts';
import { env, optionalEnv } from '../_shared/env.ts';
import { corsHeaders, json, readJson } from '../_shared/http.ts';
import { escapeHtml, layout, sendMail } from '../_shared/mailer.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Control characters (C0, DEL, C1) have no place in a name that becomes the mail's subject. */
function hasControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** The caps the form in src/features/info/contact-validation.ts shows before sending. */
const NAME_MAX = 100;
const EMAIL_MAX = 254; // the longest address SMTP carries (RFC 5321)
const MESSAGE_MAX = 5000;

/** Messages one address may send per window: enough for a visitor's follow-ups, not for a flood. */
const RATE_LIMIT = 5;
const RATE_WINDOW_MS = 10 * 60 * 1000;

// Per instance: hosted Supabase keeps an instance warm between requests, and the local
// platform runs one. Only accepted messages count, so a typo does not use up the allowance.
const sentAt = new Map<string, number[]>();

function allow(address: string, now = Date.now()): boolean {
  const recent = (sentAt.get(address) ?? []).filter((t) => now - t < RATE_WINDOW_MS);
  if (recent.length >= RATE_LIMIT) {
    sentAt.set(address, recent);
    return false;
  }
  recent.push(now);
  sentAt.set(address, recent);
  if (sentAt.size > 10_000) for (const [key, times] of sentAt) if (times.every((t) => now - t >= RATE_WINDOW_MS)) sentAt.delete(key);
  return true;
}

/** The caller's address: the first hop of x-forwarded-for, as Supabase's edge passes it. */
function callerAddress(req: Request): string {
  return req.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || 'desconocida';
}

export default async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders });
  const verified = await verifiedCaller(req);
  if (verified instanceof Response) return verified;
  if (req.method !== 'POST') return json(405, { error: 'Método no permitido.' });
  const body = await readJson(req);
  const name = typeof body?.name === 'string' ? body.name.trim() : '';
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  const message = typeof body?.message === 'string' ? body.message.trim() : '';
  if (!name || !email || !message) return json(400, { error: 'Todos los campos son obligatorios' });
  if (name.length > NAME_MAX) return json(400, { error: `Tu nombre es muy largo (máximo ${NAME_MAX} caracteres).` });
  if (hasControl(name)) return json(400, { error: 'Tu nombre tiene caracteres no válidos.' });
  if (email.length > EMAIL_MAX) return json(400, { error: `Tu correo es muy largo (máximo ${EMAIL_MAX} caracteres).` });
  if (!EMAIL.test(email)) return json(400, { error: 'Correo inválido' });
  if (message.length > MESSAGE_MAX) return json(400, { error: `Tu mensaje es muy largo (máximo ${MESSAGE_MAX} caracteres).` });
  if (!allow(callerAddress(req))) {
    return json(429, { error: `Ya recibimos ${RATE_LIMIT} mensajes tuyos en los últimos ${RATE_WINDOW_MS / 60_000} minutos. Espera un poco antes de escribirnos de nuevo.` });
  }

  const to = optionalEnv('CONTACT_INBOX') ?? 'contacto@quinielazo.mx';
  await sendMail({
    to,
    subject: `Contacto: ${name}`,
    html: layout('Nuevo mensaje de contacto', `<p><strong>${escapeHtml(name)}</strong> (${escapeHtml(email)}) escribió:</p><p style="white-space:pre-wrap">${escapeHtml(message)}</p>`, env('SITE_URL')),
    text: `${name} (${email}) escribió:\n\n${message}`,
  });
  return json(200, { ok: true, message: '✅ Mensaje enviado. ¡Gracias por contactarnos!' });
}
