// The one mailer functions use: SMTP from secrets (the local inbox here, the provider's relay
// in production), and a Spanish, mobile-friendly HTML layout with a plain-text part.
import nodemailer from 'nodemailer';
import { env, optionalEnv } from './env.ts';

export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** A stable Message-ID (`<…@…>`) when a retry must be recognisable as the same mail. */
  messageId?: string;
}

let transport: ReturnType<typeof nodemailer.createTransport> | undefined;

export async function sendMail(mail: Mail): Promise<void> {
  transport ??= nodemailer.createTransport({
    host: env('SMTP_HOST'),
    port: Number(env('SMTP_PORT')),
    secure: optionalEnv('SMTP_SECURE') === 'true',
    auth: optionalEnv('SMTP_USER') ? { user: env('SMTP_USER'), pass: env('SMTP_PASS') } : undefined,
    pool: true,
  });
  await transport.sendMail({ from: optionalEnv('MAIL_FROM') ?? 'Quinielazo <no-responder@quinielazo.mx>', ...mail });
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Wraps content in the product's e-mail layout; `footer` links to the preferences page. */
export function layout(title: string, contentHtml: string, siteUrl = optionalEnv('SITE_URL') ?? 'http://localhost:5173'): string {
  return `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f3f5f7;font-family:Arial,Helvetica,sans-serif;color:#1b2733">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#0b6e4f;color:#ffffff;padding:16px 20px;font-size:20px;font-weight:bold">Quinielazo</td></tr>
<tr><td style="padding:20px;font-size:16px;line-height:1.5">${contentHtml}</td></tr>
<tr><td style="padding:12px 20px;font-size:12px;color:#5b6b7a;border-top:1px solid #e6eaee">Recibes este correo por tu cuenta en Quinielazo. <a href="${siteUrl}/settings" style="color:#0b6e4f">Cambia tus preferencias</a>.</td></tr>
</table></td></tr></table></body></html>`;
}
