// Finalizing a round as it happens (issue 33): results saved, seal checked, scored, notices
// queued, read every half second from public.round_finalizations while the finalize-round
// function works through them. The run's id is kept in localStorage per round, so an admin who
// leaves the page and comes back finds the last finalization of that round where it is.
import { useEffect, useState } from 'react';
import { getFinalization, type Finalization, type FinalizeStep } from '../api/get-finalization';

const POLL_MS = 500;
const storageKey = (roundId: number) => `quinielazo:admin-finalize:${roundId}`;
const count = new Intl.NumberFormat('es-MX');

/** The round's last finalization run id (kept on this browser), or null. */
export function savedFinalization(roundId: number): string | null {
  return localStorage.getItem(storageKey(roundId));
}

/** A new run id for the round, remembered for when the admin comes back. */
export function newFinalization(roundId: number): string {
  const id = crypto.randomUUID();
  localStorage.setItem(storageKey(roundId), id);
  return id;
}

type State = 'pending' | 'running' | 'done' | 'failed';

const STEPS: { step: FinalizeStep; label: string; detail: (run: Finalization) => string }[] = [
  { step: 'results', label: 'Resultados guardados', detail: (r) => `${r.matches} de ${r.matches} partidos` },
  { step: 'seal', label: 'Sello comprobado', detail: (r) => (r.sealed ? 'las predicciones coinciden con el sello' : 'la quiniela no tiene sello') },
  { step: 'scores', label: 'Puntos calculados', detail: (r) => `${count.format(r.players ?? 0)} ${r.players === 1 ? 'jugador' : 'jugadores'}` },
  { step: 'notices', label: 'Avisos de puntos en cola', detail: (r) => `${count.format(r.notices ?? 0)} por correo o aviso en el teléfono` },
];

const WORDS: Record<State, string> = { pending: 'Pendiente', running: 'En curso…', done: 'Listo', failed: 'Falló' };
const MARKS: Record<State, { mark: string; tone: string }> = {
  pending: { mark: '○', tone: 'text-slate-400' },
  running: { mark: '◐', tone: 'text-brand-700 motion-safe:animate-pulse' },
  done: { mark: '✓', tone: 'text-brand-700' },
  failed: { mark: '✕', tone: 'text-red-700' },
};

function stateOf(run: Finalization | null, step: FinalizeStep): State {
  if (run?.done[step]) return 'done';
  if (run?.failedStep === step) return 'failed';
  if (run?.failedStep || run?.finished) return 'pending';
  // The first step not yet done is the one running (the function goes in order).
  const next = STEPS.find((s) => !run?.done[s.step])?.step;
  return next === step ? 'running' : 'pending';
}

function summary(run: Finalization | null): string {
  if (!run) return 'Empezando la finalización…';
  if (run.finished) return 'Finalización terminada.';
  const failed = STEPS.find((s) => s.step === run.failedStep);
  if (failed) return `La finalización se detuvo en «${failed.label}».`;
  const running = STEPS.find((s) => !run.done[s.step]);
  return `Finalizando: ${running?.label.toLowerCase() ?? ''}…`;
}

/** `following`: the admin's own finalize request is still open (the row may not exist yet). */
export function FinalizeSteps({ runId, following }: { runId: string; following: boolean }) {
  const [run, setRun] = useState<Finalization | null>(null);

  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const read = await getFinalization(runId).catch(() => undefined);
      if (!current) return;
      if (read) setRun(read);
      const over = read ? read.finished || read.failedStep !== null : !following;
      if (!over) timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [runId, following]);

  if (!run && !following) return null;
  return (
    <div className="mt-4 rounded-lg border border-slate-200 p-3">
      <ol aria-label="Pasos de la finalización" className="flex flex-col gap-1.5 text-sm">
        {STEPS.map(({ step, label, detail }) => {
          const state = stateOf(run, step);
          return (
            <li key={step} data-state={state} className="flex items-start gap-2">
              <span aria-hidden="true" className={`w-4 shrink-0 text-center font-bold ${MARKS[state].tone}`}>
                {MARKS[state].mark}
              </span>
              <span className={state === 'pending' ? 'text-slate-500' : 'text-slate-900'}>
                <span className="font-semibold">{label}</span>
                {' — '}
                <span className={state === 'failed' ? 'font-semibold text-red-800' : undefined}>
                  {WORDS[state]}
                  {state === 'done' && run ? ` · ${detail(run)}` : ''}
                  {state === 'failed' && run?.error ? `: ${run.error}` : ''}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
      <p role="status" className="mt-2 text-sm text-slate-700">
        {summary(run)}
      </p>
    </div>
  );
}
