// The signed-in slide-out menu for phones: the hamburger and its open/closed state. The panel
// itself (mobile-menu-panel.tsx) loads on the first tap and then stays mounted, so a visit that
// never opens the menu never downloads it.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { PlayerProfile } from '@/lib/session';

const MobileMenuPanel = lazy(() => import('./mobile-menu-panel').then((m) => ({ default: m.MobileMenuPanel })));

export function MobileMenu({ profile, pathname, onSignOut }: { profile: PlayerProfile | null; pathname: string; onSignOut: () => void }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    trigger.current?.focus();
  }, []);

  // A navigation from inside the menu closes it.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-label="Abrir menú"
        aria-expanded={open}
        aria-controls="menu-movil"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        className="grid size-11 shrink-0 place-items-center rounded-full hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white md:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round">
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <MobileMenuPanel
            open={open}
            profile={profile}
            pathname={pathname}
            onClose={close}
            onSignOut={() => {
              setOpen(false);
              onSignOut();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
