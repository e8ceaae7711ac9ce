// Small building blocks shared by the admin screens (desktop-first forms that still fit a phone).
import type { ReactNode } from 'react';

export const inputClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-600 disabled:bg-slate-100';

export const buttonClass =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-full bg-brand-700 px-5 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-50';

export const secondaryButtonClass =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-700 transition hover:bg-slate-100 disabled:opacity-50';

/**
 * The admin tables' one look: every cell keeps a gap to the next (headers and dates would run
 * into their neighbours otherwise), cells align at the top when a long text wraps.
 */
export const tableClasses = {
  table: 'w-full text-left text-sm',
  head: 'border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500',
  th: 'whitespace-nowrap py-2 pr-4 font-semibold last:pr-0',
  row: 'border-b border-slate-100 align-top last:border-b-0',
  td: 'py-2 pr-4 last:pr-0',
} as const;

export function AdminPage({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-5">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{title}</h1>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </header>
      {children}
    </section>
  );
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}>{children}</div>;
}

/** A card whose table may be wider than the screen: a scrolling region a keyboard can reach
 * (axe's scrollable-region-focusable), named for screen readers. */
export function TableCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      {children}
    </div>
  );
}

export type Notice = { kind: 'ok' | 'error'; text: string } | null;

/** A status line announced to screen readers; errors as alerts. */
export function NoticeLine({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return (
    <p
      role={notice.kind === 'error' ? 'alert' : 'status'}
      className={`rounded-lg px-3 py-2 text-sm font-medium ${notice.kind === 'error' ? 'bg-red-50 text-red-800' : 'bg-brand-50 text-brand-800'}`}
    >
      {notice.text}
    </p>
  );
}

export function Crest({ src, name }: { src: string | null; name: string }) {
  if (src) return <img src={src} alt="" width={24} height={24} loading="lazy" className="size-6 shrink-0 object-contain" />;
  return (
    <span aria-hidden="true" className="grid size-6 shrink-0 place-items-center rounded-full bg-slate-200 text-[10px] font-bold text-slate-600">
      {name.slice(0, 2).toUpperCase()}
    </span>
  );
}
