import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/field';
import type { Notice } from './use-notice';

export interface SaveBarProps {
  canSave: boolean;
  saving: boolean;
  error: Notice | null;
  onSave: () => void;
  onCancel: () => void;
}

/** Pending profile edits: sticks to the bottom of the screen while the player scrolls. */
export function SaveBar({ canSave, saving, error, onSave, onCancel }: SaveBarProps) {
  return (
    <div role="region" aria-label="Cambios sin guardar" className="sticky bottom-0 z-20 -mx-4 mt-2 border-t border-slate-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur">
      {error ? (
        <div className="mb-3">
          <FormMessage tone="error">{error.text}</FormMessage>
        </div>
      ) : null}
      <div className="flex items-center gap-3">
        <p className="hidden flex-1 text-sm font-medium text-slate-600 sm:block">Tienes cambios sin guardar.</p>
        <button
          type="button"
          onClick={onCancel}
          disabled={saving}
          className="min-h-11 flex-1 rounded-full px-5 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-50 sm:flex-none"
        >
          Cancelar
        </button>
        <Button onClick={onSave} disabled={!canSave || saving} aria-busy={saving} className="flex-1 sm:flex-none">
          {saving ? 'Guardando…' : 'Guardar'}
        </Button>
      </div>
    </div>
  );
}
