// The homes' card frame and their "could not load" line, shared by player-home.tsx and the
// chunk of what is below the fold (home-lower.tsx).
import type { ReactNode } from 'react';

/** /dashboard (profile-style: stats first) or /inicio (this week first). */
export type HomeVariant = 'dashboard' | 'inicio';

export function Card({ title, children, action, labelledBy }: { title: string; children: ReactNode; action?: ReactNode; labelledBy: string }) {
  return (
    <section aria-labelledby={labelledBy} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
        <h2 id={labelledBy} className="font-bold">
          {title}
        </h2>
        {action}
      </header>
      {children}
    </section>
  );
}

export function LoadFailed({ message }: { message: string }) {
  return <p className="px-4 py-6 text-center text-sm text-slate-600">{message}</p>;
}
