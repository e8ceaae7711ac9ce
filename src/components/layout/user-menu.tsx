// Avatar, username and club badge opening the account menu: Mi resumen, Configuración, Admin (admins only), Cerrar sesión.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { AppLink } from '@/components/ui/app-link';
import type { PlayerProfile } from '@/lib/session';
import { accountLinks } from './nav-items';
import { PlayerAvatar } from './player-avatar';
import { useDismiss } from './use-dismiss';

export function UserMenu({ profile, onSignOut }: { profile: PlayerProfile | null; onSignOut: () => void }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const refs = useMemo(() => [trigger, menu], []);
  useDismiss(open, close, refs, trigger);

  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  function onMenuKey(event: React.KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const next = event.key === 'ArrowDown' ? (index + 1) % items.length : (index - 1 + items.length) % items.length;
    items[next]?.focus();
  }

  return (
    // min-w-20: never narrower than the avatar and the chevron (and their padding), which
    // otherwise spill out of a squeezed button onto the menu button beside it.
    <div className="relative min-w-20">
      <button
        ref={trigger}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Menú de cuenta${profile ? ` de ${profile.username}` : ''}`}
        onClick={() => setOpen((o) => !o)}
        // w-full: the button takes its wrapper's width (which the header shrinks), so the name is
        // cut rather than the button running under the menu button (12 px at 390, 42 at 360).
        className="flex w-full max-w-56 items-center gap-2 rounded-full py-1 pl-1 pr-2 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
      >
        <PlayerAvatar profile={profile} />
        <span className="truncate text-sm font-semibold" data-testid="header-username">
          {profile?.username ?? ''}
        </span>
        {/* Not on a phone, where ☰ beside it is the menu's sign: its 24 px are the name's (issue 44). */}
        <svg aria-hidden="true" viewBox="0 0 20 20" className="hidden size-4 shrink-0 opacity-80 md:block" fill="currentColor">
          <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth={1.5} fill="none" />
        </svg>
      </button>
      {open ? (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label="Cuenta"
          onKeyDown={onMenuKey}
          className="absolute right-0 mt-2 w-56 overflow-hidden rounded-2xl bg-white py-1 text-slate-800 shadow-xl ring-1 ring-slate-200"
        >
          {profile ? (
            <div className="border-b border-slate-100 px-4 py-2.5">
              <p className="truncate text-sm font-bold">{profile.username}</p>
              {profile.favoriteClub ? <p className="truncate text-xs text-slate-500">{profile.favoriteClub.name}</p> : null}
            </div>
          ) : null}
          {accountLinks(profile).map((link) => (
            <AppLink key={link.to} to={link.to} role="menuitem" onClick={close} className="block px-4 py-2.5 text-sm font-medium hover:bg-slate-50 focus:bg-slate-50 focus:outline-none">
              {link.label}
            </AppLink>
          ))}
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              close();
              onSignOut();
            }}
            className="block w-full border-t border-slate-100 px-4 py-2.5 text-left text-sm font-semibold text-red-700 hover:bg-red-50 focus:bg-red-50 focus:outline-none"
          >
            Cerrar sesión
          </button>
        </div>
      ) : null}
    </div>
  );
}
