// The inbox's web page: a plain list of caught mails and a view of one (HTML in a sandboxed frame).
import type { StoredMail } from './index.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const layout = (title: string, body: string) => `<!doctype html><html lang="es"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font:15px system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1b2733}header{background:#0b6e4f;color:#fff;padding:12px 20px}
main{max-width:960px;margin:0 auto;padding:16px}table{width:100%;border-collapse:collapse;background:#fff}td,th{padding:8px 10px;border-bottom:1px solid #e3e7eb;text-align:left}
a{color:#0b6e4f}iframe{width:100%;height:70vh;border:1px solid #dde;background:#fff}pre{white-space:pre-wrap;background:#fff;padding:12px}</style></head>
<body><header><strong>Quinielazo · bandeja local</strong></header><main>${body}</main></body></html>`;

export function renderInbox(messages: StoredMail[]): string {
  const rows = messages
    .map((m) => `<tr><td>${esc(m.date.replace('T', ' ').slice(0, 19))}</td><td>${esc(m.to.join(', '))}</td><td><a href="/?id=${m.id}">${esc(m.subject)}</a></td></tr>`)
    .join('');
  return layout('Bandeja local', messages.length ? `<table><tr><th>Fecha (UTC)</th><th>Para</th><th>Asunto</th></tr>${rows}</table>` : '<p>No hay correos todavía.</p>');
}

export function renderMessage(m: StoredMail): string {
  return layout(
    m.subject,
    `<p><a href="/">← Bandeja</a></p><h2>${esc(m.subject)}</h2><p>Para: ${esc(m.to.join(', '))}</p>
<iframe sandbox srcdoc="${esc(m.html)}"></iframe><h3>Texto</h3><pre>${esc(m.text)}</pre>`,
  );
}
