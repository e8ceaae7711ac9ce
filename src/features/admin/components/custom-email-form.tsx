import { useState } from 'react';
import { useSending } from '@/lib/use-sending';
import { parseRecipients } from '../recipients';
import { invokeAdminFunction } from '../api/invoke-admin-function';
import { functionErrorNotice } from './notices';
import { SendProgressLine, useSendProgress } from './send-progress';
import { AdminPage, buttonClass, Card, inputClass, NoticeLine, type Notice } from './ui';

export function CustomEmailForm() {
  const [recipients, setRecipients] = useState('');
  const [subject, setSubject] = useState('');
  const [htmlBody, setHtmlBody] = useState('');
  const { sending: busy, send: sendOnce } = useSending();
  const [notice, setNotice] = useState<Notice>(null);
  const { progress, start } = useSendProgress('custom');
  const list = parseRecipients(recipients);

  async function send(e: React.FormEvent) {
    e.preventDefault();
    setNotice(null);
    if (list.length === 0 || !subject.trim() || !htmlBody.trim()) {
      setNotice({ kind: 'error', text: 'Todos los campos son obligatorios' });
      return;
    }
    // One mail per recipient: a double tap must not send it twice.
    await sendOnce(async () => {
      try {
        const answer = await invokeAdminFunction<{ message: string }>('send-custom-email', { subject, htmlBody, recipients: list.map((email) => ({ email })), batchId: start() });
        setNotice({ kind: 'ok', text: `✅ ${answer.message}` });
      } catch (error) {
        setNotice(functionErrorNotice(error));
      }
    });
  }

  return (
    <AdminPage title="Correo personalizado" description="Usa {{username}} en el asunto o en el mensaje: cada destinatario recibe su nombre de usuario (o «jugador»).">
      <Card>
        <form onSubmit={send} noValidate className="flex flex-col gap-4">
          <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
            Destinatarios (separados por comas)
            <textarea className={`${inputClass} min-h-20`} value={recipients} onChange={(e) => setRecipients(e.target.value)} placeholder="ana@quinielazo.mx, beto@quinielazo.mx" />
            <span className="text-xs font-normal text-slate-500">{list.length} destinatarios</span>
          </label>
          <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
            Asunto
            <input className={inputClass} value={subject} onChange={(e) => setSubject(e.target.value)} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
            Mensaje (HTML)
            <textarea className={`${inputClass} min-h-48 font-mono`} value={htmlBody} onChange={(e) => setHtmlBody(e.target.value)} placeholder="<p>¡Hola, {{username}}!</p>" />
          </label>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <button type="submit" className={buttonClass} disabled={busy} aria-busy={busy}>
              {busy ? 'Enviando…' : 'Enviar correos'}
            </button>
            <div className="flex-1">
              <NoticeLine notice={notice} />
            </div>
          </div>
          <SendProgressLine progress={progress} />
        </form>
      </Card>
    </AdminPage>
  );
}
