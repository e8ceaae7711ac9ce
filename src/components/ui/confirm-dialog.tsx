// The product's own "are you sure?" for actions that cannot be undone (issue 32: not the browser's
// confirm(), which looks like a warning from somewhere else and cannot be styled or announced).
// `useConfirm` gives a promise-returning ask() and the dialog to render.
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

interface Asking {
  question: string;
  confirmLabel: string;
}

export function useConfirm(): { ask: (question: string, confirmLabel?: string) => Promise<boolean>; dialog: ReactNode } {
  const [asking, setAsking] = useState<Asking | null>(null);
  const answer = useRef<(yes: boolean) => void>(undefined);
  const ask = useCallback(
    (question: string, confirmLabel = 'Sí, continuar') =>
      new Promise<boolean>((resolve) => {
        answer.current?.(false);
        answer.current = resolve;
        setAsking({ question, confirmLabel });
      }),
    [],
  );
  const settle = (yes: boolean) => {
    answer.current?.(yes);
    answer.current = undefined;
    setAsking(null);
  };
  const dialog = (
    <Dialog open={asking !== null} onClose={() => settle(false)} title="Confirmar">
      <p className="text-base text-slate-800">{asking?.question}</p>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={() => settle(false)}
          className="inline-flex min-h-11 items-center justify-center rounded-full border border-slate-300 px-5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          Cancelar
        </button>
        <Button onClick={() => settle(true)}>{asking?.confirmLabel}</Button>
      </div>
    </Dialog>
  );
  return { ask, dialog };
}
