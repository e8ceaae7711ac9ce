// The slide-out menu's panel: a modal dialog with the navigation and account links. Escape
// or the backdrop closes it and focus stays inside while it is open. Loaded on the first tap
// of the hamburger (mobile-menu.tsx), so it is not part of the first load.
import { useEffect, useRef } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { InstallPrompt } from '@/components/pwa/install-prompt';
import type { PlayerProfile } from '@/lib/session';
import { accountLinks, isActivePath, PLAYER_NAV } from './nav-items';
import { PlayerAvatar } from './player-avatar';

interface MobileMenuPanelProps {
  open: boolean;
  profile: PlayerProfile | null;
  pathname: string;
  onClose: () => void;
  onSignOut: () => void;
}

export function MobileMenuPanel({ open, profile, pathname, onClose, onSignOut }: MobileMenuPanelProps) {
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      // Keep Tab inside the open panel.
      const focusable = [...panel.current.querySelectorAll<HTMLElement>('a, button:not([disabled])')];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [open, onClose]);

  const linkClass = (to: string) =>
    `flex min-h-12 items-center rounded-xl px-3 text-base font-semibold ${isActivePath(pathname, to) ? 'bg-brand-50 text-brand-800' : 'text-slate-800 hover:bg-slate-50'}`;

  return (
    <div className={`fixed inset-0 z-40 md:hidden ${open ? '' : 'pointer-events-none'}`} aria-hidden={!open}>
      <div onClick={onClose} className={`absolute inset-0 bg-slate-900/50 transition-opacity ${open ? 'opacity-100' : 'opacity-0'}`} />
      <div
        ref={panel}
        id="menu-movil"
        role="dialog"
        aria-modal="true"
        aria-label="Menú"
        inert={!open}
        className={`absolute inset-y-0 right-0 flex w-80 max-w-[85vw] flex-col bg-white text-slate-900 shadow-2xl transition-transform duration-200 ${open ? 'translate-x-0' : 'translate-x-full'}`}
      >
        <div className="flex items-center gap-3 border-b border-slate-100 px-4 py-4">
          <PlayerAvatar profile={profile} size="lg" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-bold">{profile?.username ?? ''}</p>
            {profile?.favoriteClub ? <p className="truncate text-xs text-slate-500">{profile.favoriteClub.name}</p> : null}
          </div>
          <button type="button" onClick={onClose} aria-label="Cerrar menú" className="grid size-10 place-items-center rounded-full text-slate-500 hover:bg-slate-100">
            <span aria-hidden="true" className="text-xl">✕</span>
          </button>
        </div>
        <nav aria-label="Menú principal" className="flex flex-col gap-1 px-3 py-3">
          {PLAYER_NAV.map((item) => (
            <AppLink key={item.to} to={item.to} className={linkClass(item.to)} aria-current={isActivePath(pathname, item.to) ? 'page' : undefined}>
              {item.label}
            </AppLink>
          ))}
        </nav>
        <div className="flex flex-col gap-1 border-t border-slate-100 px-3 py-3">
          {accountLinks(profile).map((item) => (
            <AppLink key={item.to} to={item.to} className={linkClass(item.to)}>
              {item.label}
            </AppLink>
          ))}
        </div>
        <div className="mt-auto flex flex-col gap-3 border-t border-slate-100 px-4 py-4">
          <InstallPrompt />
          <button
            type="button"
            onClick={onSignOut}
            className="min-h-11 rounded-full border border-red-200 px-4 text-sm font-semibold text-red-700 hover:bg-red-50"
          >
            Cerrar sesión
          </button>
        </div>
      </div>
    </div>
  );
}
