import type { ReactNode } from 'react';

/** The frame of every auth screen: a centred card with the screen's title. `notice` comes last,
 * under the footer's links: it appears once the app runs (InviteNotice), and anything it pushed
 * down could move under a finger about to tap it (a tap on "Inicia sesión" landed on the card
 * when the notice appeared above it). */
export function AuthCard({ title, subtitle, children, footer, notice }: { title: string; subtitle?: string; children: ReactNode; footer?: ReactNode; notice?: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md py-2">
      <div className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7">
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
        <div className="mt-5">{children}</div>
      </div>
      {footer ? <div className="mt-4 text-center text-sm text-slate-600">{footer}</div> : null}
      {notice}
    </section>
  );
}
