// The live progress of an admin's long send (issue 33): "12,400 de 100,000 enviados · 3
// fallidos" and a bar, read every second from public.notification_batches while the send runs.
// The batch id is kept in localStorage per kind of send, so an admin who leaves the page and
// comes back finds the send where it is.
import { useCallback, useEffect, useState } from 'react';
import { getSendProgress, type SendProgress as Progress } from '../api/get-send-progress';

type Kind = 'reminder' | 'scores' | 'custom';

const POLL_MS = 1000;
const storageKey = (kind: Kind) => `quinielazo:admin-send:${kind}`;
const count = new Intl.NumberFormat('es-MX');

/** "12,400 de 100,000 enviados · 3 fallidos" */
function progressText(p: Progress): string {
  const line = `${count.format(p.sent)} de ${count.format(p.total)} enviados · ${count.format(p.failed)} ${p.failed === 1 ? 'fallido' : 'fallidos'}`;
  return p.finished ? `Terminado: ${line}` : line;
}

/** Follows the kind's latest send: `start()` gives the id to send with the request. */
export function useSendProgress(kind: Kind) {
  const [batchId, setBatchId] = useState<string | null>(() => localStorage.getItem(storageKey(kind)));
  const [progress, setProgress] = useState<Progress | null>(null);

  useEffect(() => {
    if (!batchId) return;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const read = await getSendProgress(batchId).catch(() => undefined);
      if (!current) return;
      if (read) setProgress(read);
      if (!read?.finished) timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [batchId]);

  const start = useCallback(() => {
    const id = crypto.randomUUID();
    localStorage.setItem(storageKey(kind), id);
    setProgress(null);
    setBatchId(id);
    return id;
  }, [kind]);

  return { progress, start };
}

export function SendProgressLine({ progress }: { progress: Progress | null }) {
  if (!progress) return null;
  const done = progress.sent + progress.failed;
  return (
    <div className="mt-3 flex flex-col gap-1">
      <div
        role="progressbar"
        aria-label="Progreso del envío"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={done}
        aria-valuetext={progressText(progress)}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${progress.total === 0 ? 100 : (done * 100) / progress.total}%` }} />
      </div>
      <p role="status" className="text-sm text-slate-700 tabular-nums">
        {progressText(progress)}
      </p>
    </div>
  );
}
