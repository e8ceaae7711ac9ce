import type { ReactNode } from 'react';

/** One section of the settings screen: a titled card with an optional action at the title's right. */
export function SettingsCard({ id, title, description, action, children }: { id: string; title: string; description?: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="flex items-start justify-between gap-3 border-b border-slate-100 px-4 py-3">
        <div className="min-w-0">
          <h2 id={id} className="font-bold">
            {title}
          </h2>
          {description ? <p className="text-xs text-slate-500">{description}</p> : null}
        </div>
        {action}
      </header>
      <div className="px-4 py-4">{children}</div>
    </section>
  );
}

/** A small secondary button (Editar, Cancelar, Cambiar club). */
export function LinkButton({ children, onClick, label }: { children: ReactNode; onClick: () => void; label?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="min-h-9 shrink-0 rounded-full px-3 text-sm font-semibold text-brand-700 ring-1 ring-brand-700/30 transition hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      {children}
    </button>
  );
}
