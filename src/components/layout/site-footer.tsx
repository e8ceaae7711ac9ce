import { Link } from '@tanstack/react-router';
import { AppLink } from '@/components/ui/app-link';
import { BRAND } from '@/lib/brand';
import { gameClock } from '@/lib/time';

const LINKS = [
  { to: '/rules', label: 'Reglas' },
  { to: '/faq', label: 'Preguntas frecuentes' },
  { to: '/contactanos', label: 'Contacto' },
  { to: '/privacidad', label: 'Privacidad' },
  { to: '/blog', label: 'Blog' },
] as const;

const SOCIAL = [
  { href: `https://www.facebook.com/${BRAND.slug}`, label: 'Facebook', path: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v7h4v-7h3l1-4h-4V8.5c0-.3.2-.5.5-.5Z' },
  { href: `https://www.instagram.com/${BRAND.slug}`, label: 'Instagram', path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z' },
  { href: `https://x.com/${BRAND.slug}`, label: 'X', path: 'M4 4h4.5l4 5.6L17 4h3l-6.1 7.2L20.5 20H16l-4.3-6-5.2 6h-3l6.8-7.9L4 4Z' },
  { href: `https://www.tiktok.com/@${BRAND.slug}`, label: 'TikTok', path: 'M14 3h3a4.5 4.5 0 0 0 4 4v3a7.4 7.4 0 0 1-4-1.3V15a6 6 0 1 1-6-6v3.2a2.8 2.8 0 1 0 3 2.8V3Z' },
] as const;

/** Footer: game links, social links and, for visitors, the sign-up call (keeping the liga of an
 * invitation the visitor came from). */
export function SiteFooter({ signedIn, signUpSearch = {} }: { signedIn: boolean; signUpSearch?: { liga?: string } }) {
  return (
    <footer className="mt-8 bg-slate-900 text-slate-300">
      <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
        {signedIn ? null : (
          <div className="flex flex-col items-start gap-3 rounded-2xl bg-brand-800 p-5 text-white sm:flex-row sm:items-center sm:justify-between">
            <div>
              <p className="text-lg font-extrabold">¿Listo para jugar?</p>
              <p className="text-sm text-brand-100">Crea tu cuenta gratis y haz tus predicciones de esta semana.</p>
            </div>
            <Link to="/signup" search={signUpSearch} className="inline-flex min-h-11 items-center rounded-full bg-gold-400 px-5 text-sm font-bold text-slate-900 hover:bg-amber-300">
              Regístrate gratis
            </Link>
          </div>
        )}
        <nav aria-label="Pie de página">
          {/* Each link a finger-sized target (44 px, WCAG 2.5.5), not the text's 16 px. */}
          <ul className="flex flex-wrap gap-x-3 text-sm">
            {LINKS.map((link) => (
              <li key={link.to}>
                <AppLink to={link.to} className="inline-flex min-h-11 min-w-11 items-center px-1 hover:text-white hover:underline">
                  {link.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <ul aria-label="Redes sociales" className="flex gap-3">
          {SOCIAL.map((item) => (
            <li key={item.label}>
              <a
                href={item.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Síguenos en ${item.label}`}
                className="grid size-11 place-items-center rounded-full bg-white/10 text-white hover:bg-white/20"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
                  <path d={item.path} />
                </svg>
              </a>
            </li>
          ))}
        </ul>
        {/* The year in Mexico City, as every date in the game (the browser's zone said 2025 while
            the prerender said 2026 on New Year's Eve after 18:00). A page prerendered last year
            still differs from the reader's: that one text may, as React allows for timestamps. */}
        <p className="text-xs text-slate-400" suppressHydrationWarning>
          {BRAND.name} · Quinielas de fútbol gratis · © {gameClock().year}
        </p>
      </div>
    </footer>
  );
}
