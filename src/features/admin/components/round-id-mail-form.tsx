import { useState } from 'react';
import { useSending } from '@/lib/use-sending';
import { invokeAdminFunction } from '../api/invoke-admin-function';
import { roundLabel } from './round-select';
import { functionErrorNotice } from './notices';
import { SendProgressLine, useSendProgress } from './send-progress';
import { AdminPage, buttonClass, Card, inputClass, NoticeLine, type Notice } from './ui';
import { useRounds } from './use-rounds';

/** A round id → a mailing function; shared by the score e-mails and the reminder screens. */
export function RoundIdMailForm({
  title,
  description,
  fn,
  buttonLabel,
  sentCount,
  summary,
}: {
  title: string;
  description: string;
  fn: 'send-scores-email' | 'quinielazo-reminder';
  buttonLabel: string;
  sentCount: (answer: Record<string, unknown>) => number;
  /** The success line; by default the count of e-mails sent. */
  summary?: (answer: Record<string, unknown>) => string;
}) {
  const { rounds } = useRounds();
  const [roundId, setRoundId] = useState('');
  const { sending: busy, send: once } = useSending();
  const [notice, setNotice] = useState<Notice>(null);
  const { progress, start } = useSendProgress(fn === 'send-scores-email' ? 'scores' : 'reminder');

  async function send(e: React.FormEvent) {
    e.preventDefault();
    setNotice(null);
    const id = Number(roundId.trim());
    if (!/^\d+$/.test(roundId.trim()) || !Number.isSafeInteger(id) || id <= 0) {
      setNotice({ kind: 'error', text: 'Ingresa un ID de quiniela válido.' });
      return;
    }
    await once(async () => {
      try {
        const answer = await invokeAdminFunction<Record<string, unknown>>(fn, { quinielaId: id, batchId: start() });
        setNotice({ kind: 'ok', text: summary ? summary(answer) : `✅ Emails enviados: ${sentCount(answer)}` });
      } catch (error) {
        setNotice(functionErrorNotice(error));
      }
    });
  }

  return (
    <AdminPage title={title} description={description}>
      <Card>
        <form onSubmit={send} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700 sm:w-48">
            ID de quiniela
            <input className={inputClass} inputMode="numeric" list="admin-round-ids" value={roundId} onChange={(e) => setRoundId(e.target.value)} />
            <datalist id="admin-round-ids">
              {rounds?.map((r) => (
                <option key={r.id} value={String(r.id)}>
                  {roundLabel(r)}
                </option>
              ))}
            </datalist>
          </label>
          <button type="submit" className={buttonClass} disabled={busy} aria-busy={busy}>
            {busy ? 'Enviando…' : buttonLabel}
          </button>
        </form>
        <SendProgressLine progress={progress} />
        <div className="mt-3">
          <NoticeLine notice={notice} />
        </div>
      </Card>
    </AdminPage>
  );
}
