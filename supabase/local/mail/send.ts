// Sends a product e-mail over SMTP: locally to the inbox catcher, in production to the
// provider's SMTP relay. Every sender (auth, functions, scheduler) goes through here.
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage } from '../service.ts';

const MAIL_FROM = 'Quinielazo <no-responder@quinielazo.mx>';

const transports = new Map<string, Transporter>();

export async function sendMail(smtp: { host: string; port: number; user?: string; pass?: string }, msg: MailMessage): Promise<void> {
  const key = `${smtp.host}:${smtp.port}`;
  let transport = transports.get(key);
  if (!transport) {
    transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: false,
      ignoreTLS: smtp.host === '127.0.0.1' || smtp.host === 'localhost',
      auth: smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined,
      pool: true,
    });
    transports.set(key, transport);
  }
  await transport.sendMail({ from: MAIL_FROM, to: msg.to, subject: msg.subject, html: msg.html, text: msg.text });
}

/** Closes the pooled SMTP connections, so a stopping mail server has nobody to wait for. */
export function closeMailTransports(): void {
  for (const t of transports.values()) t.close();
  transports.clear();
}
