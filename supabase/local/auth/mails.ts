// The auth e-mails in Spanish (the role of GoTrue's mailer templates). Each carries the
// /auth/v1/verify link and, like GoTrue's {{ .Token }}, the six-digit code for verifyOtp.
import type { MailMessage } from '../service.ts';

export type MailKind = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change';

const COPY: Record<MailKind, { subject: string; title: string; intro: string; action: string; outro: string }> = {
  signup: {
    subject: 'Confirma tu cuenta de Quinielazo',
    title: '¡Bienvenido a Quinielazo!',
    intro: 'Confirma tu correo para activar tu cuenta y empezar a llenar tus quinielas.',
    action: 'Confirmar mi cuenta',
    outro: 'Si no creaste una cuenta en Quinielazo, ignora este correo.',
  },
  invite: {
    subject: 'Te invitaron a Quinielazo',
    title: 'Te invitaron a Quinielazo',
    intro: 'Acepta la invitación para activar tu cuenta y empezar a llenar tus quinielas.',
    action: 'Aceptar la invitación',
    outro: 'Si no esperabas esta invitación, ignora este correo.',
  },
  recovery: {
    subject: 'Restablece tu contraseña de Quinielazo',
    title: 'Restablece tu contraseña',
    intro: 'Recibimos una solicitud para cambiar la contraseña de tu cuenta.',
    action: 'Elegir una contraseña nueva',
    outro: 'Si no lo pediste tú, ignora este correo: tu contraseña sigue igual.',
  },
  magiclink: {
    subject: 'Tu enlace para entrar a Quinielazo',
    title: 'Entra a Quinielazo',
    intro: 'Usa este enlace para entrar a tu cuenta.',
    action: 'Entrar',
    outro: 'Si no lo pediste tú, ignora este correo.',
  },
  email_change: {
    subject: 'Confirma tu nuevo correo de Quinielazo',
    title: 'Confirma tu nuevo correo',
    intro: 'Confirma que quieres usar esta dirección en tu cuenta de Quinielazo.',
    action: 'Confirmar mi correo',
    outro: 'Si no pediste este cambio, ignora este correo.',
  },
};

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function authMail(kind: MailKind, to: string, link: string, code: string): MailMessage {
  const c = COPY[kind];
  const text = `${c.title}\n\n${c.intro}\n\n${c.action}: ${link}\n\nO escribe este código: ${code}\n\nEl enlace vence en 1 hora. ${c.outro}\n\n— Quinielazo`;
  const html = `<!doctype html><html lang="es"><body style="font-family:system-ui,sans-serif;background:#f4f6f8;padding:24px">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<h1 style="font-size:20px;color:#0b3d2e">${escapeHtml(c.title)}</h1>
<p>${escapeHtml(c.intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#0b8f4d;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(c.action)}</a></p>
<p>O escribe este código: <strong>${escapeHtml(code)}</strong></p>
<p style="color:#667;font-size:13px">El enlace vence en 1 hora. ${escapeHtml(c.outro)}</p>
</div></body></html>`;
  return { to, subject: c.subject, html, text };
}
