import { Link } from '@tanstack/react-router';
import { AppLink } from '@/components/ui/app-link';
import { LogoLink } from './logo-link';

/** Where a visitor's sign-up and sign-in lead when he came from a liga's invitation: they keep
 *  it (the shell reads it from the URL, features/leagues/invite-roads.ts). */
export interface InviteRoads {
  signUp: { liga: string };
  logIn: { redirect: string };
}

/** Header for visitors: how it works, log in, create account. `pending` hides the actions until
 *  the session is known, keeping their room: shown later, a row that wraps (a narrow phone, a
 *  large font) would push the page down (CLS 0.05 on every visitor page in Lighthouse). */
export function PublicHeader({ pending = false, invite = null }: { pending?: boolean; invite?: InviteRoads | null }) {
  return (
    <header className="@container sticky top-0 z-30 bg-brand-800 text-white shadow">
      {/* Never a wrapped button (issue 32): each keeps its words on one line; on a 320 px phone
          with a large font the buttons move to a row of their own instead. */}
      <div className="mx-auto flex min-h-14 max-w-5xl flex-wrap items-center gap-x-2 px-3 py-1.5 sm:px-4">
        <LogoLink to="/" compact />
        <nav aria-label="Principal" className={`ml-auto flex flex-wrap items-center justify-end gap-1 whitespace-nowrap sm:gap-2 ${pending ? 'invisible' : ''}`}>
          <AppLink to="/#how-it-works" className="hidden rounded-full px-3 py-2 text-sm font-semibold text-brand-50 hover:bg-white/10 sm:inline-block">
            Cómo funciona
          </AppLink>
          <Link to="/login" search={invite?.logIn ?? {}} className="inline-flex min-h-11 items-center rounded-full px-2.5 text-sm font-semibold text-brand-50 hover:bg-white/10 @min-[25rem]:px-3">
            Iniciar sesión
          </Link>
          <Link to="/signup" search={invite?.signUp ?? {}} className="inline-flex min-h-11 items-center rounded-full bg-gold-400 px-3.5 text-sm font-bold text-slate-900 shadow-sm hover:bg-amber-300 @min-[25rem]:px-4">
            Crear cuenta
          </Link>
        </nav>
      </div>
    </header>
  );
}
