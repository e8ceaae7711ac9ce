import { Link } from '@tanstack/react-router';
import { AppLink } from '@/components/ui/app-link';
import { LogoLink } from './logo-link';

/** Header for visitors: how it works, log in, create account. `pending` hides the actions until the session is known. */
export function PublicHeader({ pending = false }: { pending?: boolean }) {
  return (
    <header className="sticky top-0 z-30 bg-brand-800 text-white shadow">
      <div className="mx-auto flex h-14 max-w-5xl items-center gap-3 px-4">
        <LogoLink to="/" />
        {pending ? null : (
          <nav aria-label="Principal" className="ml-auto flex items-center gap-1 sm:gap-2">
            <AppLink to="/#how-it-works" className="hidden rounded-full px-3 py-2 text-sm font-semibold text-brand-50 hover:bg-white/10 sm:inline-block">
              Cómo funciona
            </AppLink>
            <Link to="/login" className="rounded-full px-3 py-2 text-sm font-semibold text-brand-50 hover:bg-white/10">
              Iniciar sesión
            </Link>
            <Link to="/signup" className="rounded-full bg-gold-400 px-4 py-2 text-sm font-bold text-slate-900 shadow-sm hover:bg-amber-300">
              Crear cuenta
            </Link>
          </nav>
        )}
      </div>
    </header>
  );
}
