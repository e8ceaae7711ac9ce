// The heading block of a content page (blog, FAQ, contact, terms): a small eyebrow, the page's
// one h1 and an optional intro line, laid out like the rules page.
import type { ReactNode } from 'react';

export function PageHeader({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <header>
      <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p>
      <h1 className="text-2xl font-extrabold tracking-tight text-balance">{title}</h1>
      {children ? <div className="mt-1 text-sm text-slate-600">{children}</div> : null}
    </header>
  );
}
