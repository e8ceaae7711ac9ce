// Answering the Boost card's game (its own chunk, loaded once a game is on the card): the
// answer controls per type, and the answer's delivery state. An answer goes to IndexedDB first
// and is sent by the app's outbox (src/lib/outbox.ts), so it survives reloads and lost signal;
// the server's receipt, 'Pendiente de enviar', 'No se envió: el Boost ya cerró' or the reason the
// database refused it for good says where it stands (model/answer-state.ts).
import { formatPoints } from '@/lib/plural';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatCountdown } from '@/lib/countdown';
import { getDb, type AnswerDraft } from '@/lib/db';
import { flushNow, onFlush } from '@/lib/outbox-runner';
import { useLiveQuery } from '@/lib/use-live-query';
import { formatDeadline, formatGameTime } from '@/lib/time';
import type { BoostGame, ServerAnswer } from '../api/games';
import { answerDraftOf, recordAnswer } from '@/lib/game/answer-drafts';
import { CHOICES, joinScore, MAX_GOALS, splitScore } from '../model/answers';
import { answerStateText, lockedByServer, refusedAlert } from '../model/answer-state';
import { cardView } from '../model/card-machine';
import { GameFace } from './game-face';

function useNow(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  const passed = now >= until;
  useEffect(() => {
    if (passed) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until, passed]);
  return now;
}

export function BoostPlay({ userId, game, server, cachedAt }: { userId: string; game: BoostGame; server: ServerAnswer | null; cachedAt: number | null }) {
  const lock = new Date(game.lockDate).getTime();
  const now = useNow(lock);
  const draft = useLiveQuery<AnswerDraft | undefined | null>(() => answerDraftOf(getDb(), userId, game.id), [userId, game.id], null);
  // Closed by the phone's clock, or because the server refused the answer at the lock (its clock decides).
  const open = now < lock && !lockedByServer(draft);
  // The newest of the phone's answer and the server's (another device may have answered later).
  const useServer = server && (!draft || (draft.status === 'saved' && draft.savedAt !== null && server.updatedAt > draft.savedAt));
  const saved = draft === null ? (server?.answer ?? null) : useServer ? server.answer : (draft?.answer ?? null);
  const status = useServer || (draft === undefined && server) ? 'saved' : (draft?.status ?? null);
  const savedAt = useServer ? server.updatedAt : (draft?.savedAt ?? server?.updatedAt ?? null);
  const shownStatus = status === 'pending' && !open ? 'rejected' : status;
  // Why the server refused it for good (an answer this game does not take), if it did.
  const refusal = useServer ? undefined : draft?.refusal;

  const [selection, setSelection] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // "Sin conexión…" after an answer sent with no signal: true only while that answer waits.
  const [queuedOffline, setQueuedOffline] = useState(false);
  useEffect(() => {
    if (queuedOffline && shownStatus !== 'pending') setQueuedOffline(false);
  }, [queuedOffline, shownStatus]);
  useEffect(() => {
    if (!touched) setSelection(saved);
  }, [saved, touched]);
  useEffect(
    () =>
      onFlush((report) => {
        if (report.rejected > 0) setNotice('Tu respuesta no se envió: el Boost ya cerró.');
      }),
    [],
  );

  const view = cardView({ saved, selection, open });

  async function submit() {
    if (!selection || !view.canSubmit) return;
    setNotice(null);
    setQueuedOffline(false);
    try {
      await recordAnswer(getDb(), { userId, gameId: game.id, answer: selection, deadline: game.lockDate });
    } catch {
      setNotice('Tu teléfono no tiene espacio para guardar la respuesta. Libera espacio e inténtalo de nuevo.');
      return;
    }
    setTouched(false);
    const report = await flushNow().catch(() => null);
    if (report && report.retryReason !== null) setQueuedOffline(true);
  }

  return (
    <div className="flex flex-col gap-4 px-4 py-4">
      <div className="flex items-center justify-between text-xs">
        <span className="rounded-full bg-amber-100 px-2.5 py-1 font-bold text-amber-900">+{formatPoints(game.points)}</span>
        <span className="font-semibold tabular-nums text-slate-700" aria-live="off">
          {open ? `Cierra en ${formatCountdown(lock - now, { seconds: true })}` : 'Cerrado'}
        </span>
      </div>
      <GameFace game={game} />
      <p className="text-xs text-slate-500">
        Cierra el <time dateTime={game.lockDate}>{formatDeadline(game.lockDate)}</time>
      </p>
      {cachedAt !== null && <p className="text-xs text-slate-500">Sin conexión: mostramos el Boost guardado en tu teléfono.</p>}

      <AnswerControls game={game} value={selection} disabled={!open} onChange={(v) => { setSelection(v); setTouched(true); }} />

      {view.mode === 'closed' ? (
        <p role="status" className="rounded-xl bg-slate-100 px-3 py-2 text-center text-sm font-semibold text-slate-700">{view.message}</p>
      ) : (
        <div className="flex gap-2">
          <Button className="flex-1" disabled={!view.canSubmit} onClick={() => void submit()}>
            {view.submitLabel}
          </Button>
          {view.canCancel && (
            <button
              type="button"
              className="min-h-11 rounded-full px-4 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
              onClick={() => {
                setSelection(saved);
                setTouched(false);
              }}
            >
              Cancelar
            </button>
          )}
        </div>
      )}

      {saved !== null && shownStatus && (
        <p data-testid="boost-status" className={`text-xs font-medium ${shownStatus === 'saved' ? 'text-brand-700' : shownStatus === 'pending' ? 'text-amber-700' : 'text-red-700'}`}>
          {answerStateText(shownStatus, refusal)}
          {shownStatus === 'saved' && savedAt && (
            <>
              {' '}
              <time dateTime={savedAt}>{formatGameTime(savedAt)}</time>
            </>
          )}
          {' · '}Tu respuesta: <strong>{saved}</strong>
        </p>
      )}
      {(notice ?? (queuedOffline && shownStatus === 'pending')) && (
        <p role="alert" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          {notice ?? 'Sin conexión: tu respuesta se enviará cuando vuelva la señal.'}
        </p>
      )}
      {shownStatus === 'rejected' && !notice && (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {refusedAlert(refusal)}
        </p>
      )}
    </div>
  );
}

function AnswerControls({ game, value, disabled, onChange }: { game: Pick<BoostGame, 'type' | 'question'>; value: string | null; disabled: boolean; onChange: (value: string) => void }) {
  if (game.type === 'exactscore') {
    const [home, away] = splitScore(value) ?? [null, null];
    const select = (label: string, current: number | null, set: (n: number) => void) => (
      <label className="flex flex-1 flex-col gap-1 text-xs font-semibold text-slate-700">
        {label}
        <select
          className="min-h-11 rounded-xl border border-slate-300 bg-white px-3 text-base disabled:bg-slate-100"
          value={current ?? ''}
          disabled={disabled}
          onChange={(e) => set(Number(e.target.value))}
        >
          <option value="" disabled>
            –
          </option>
          {Array.from({ length: MAX_GOALS + 1 }, (_, n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
    );
    return (
      <div className="flex items-end gap-3">
        {select('Goles local', home, (n) => onChange(joinScore(n, away ?? 0)))}
        <span className="pb-3 font-bold text-slate-500">-</span>
        {select('Goles visita', away, (n) => onChange(joinScore(home ?? 0, n)))}
      </div>
    );
  }
  const choices = CHOICES[game.type];
  return (
    <div role="group" aria-label="Tu respuesta" className={`grid gap-2 ${choices.length === 3 ? 'grid-cols-3' : 'grid-cols-2'}`}>
      {choices.map((choice) => (
        <button
          key={choice}
          type="button"
          aria-pressed={value === choice}
          disabled={disabled}
          onClick={() => onChange(choice)}
          className={`min-h-11 rounded-xl text-sm font-semibold ring-1 transition disabled:opacity-60 ${value === choice ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-800 ring-slate-300 hover:ring-brand-600'}`}
        >
          {choice}
        </button>
      ))}
    </div>
  );
}

// The card starts the app's outbox when it mounts, with this chunk.
export { startOutboxRunner } from '@/lib/outbox-runner';
