// What a screen shows while it loads: a status that screen readers announce by its label,
// around the screen's own skeleton blocks.
import type { ReactNode } from 'react';

export function LoadingState({ label, className, children }: { label: string; className?: string; children?: ReactNode }) {
  return (
    <div role="status" aria-live="polite" className={className}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

/** A round's card while it loads (the picks screens and Pro's round pages): header, then six matches. */
export function RoundSkeleton() {
  return (
    <LoadingState label="Cargando la quiniela…" className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="h-28 animate-pulse bg-brand-800/80" />
      <ul className="divide-y divide-slate-100">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className="flex items-center gap-3 px-4 py-4">
            <div className="h-4 flex-1 animate-pulse rounded bg-slate-200" />
            <div className="size-8 animate-pulse rounded-full bg-slate-200" />
            <div className="size-8 animate-pulse rounded-full bg-slate-200" />
            <div className="h-4 flex-1 animate-pulse rounded bg-slate-200" />
          </li>
        ))}
      </ul>
    </LoadingState>
  );
}
