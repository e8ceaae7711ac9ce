// The signed-in header (docs/product.md#shell-and-navigation): logo to /inicio, navigation, the countdown banner, the
// account menu with avatar, username and club badge, and the phone's slide-out menu.
import { useNavigate } from '@tanstack/react-router';
import { AppLink } from '@/components/ui/app-link';
import { signOut } from '@/lib/sign-out';
import { InstallButton } from '@/components/pwa';
import { useProfile } from '@/lib/session';
import { CountdownBanner } from './countdown-banner';
import { LogoLink } from './logo-link';
import { MobileMenu } from './mobile-menu';
import { ADMIN_LINK, isActivePath, PLAYER_NAV } from './nav-items';
import { UserMenu } from './user-menu';

export function PlayerHeader({ pathname }: { pathname: string }) {
  const profile = useProfile();
  const navigate = useNavigate();
  const onSignOut = () => {
    signOut()
      .catch((error: unknown) => console.warn('No se pudo cerrar la sesión en el servidor', error))
      .finally(() => void navigate({ to: '/' }));
  };

  return (
    <header className="sticky top-0 z-30 bg-brand-800 text-white shadow">
      <div className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-3 sm:px-4">
        <LogoLink to="/inicio" compact="narrow" />
        <nav aria-label="Principal" className="ml-4 hidden items-center gap-1 md:flex">
          {(profile?.isAdmin ? [...PLAYER_NAV, ADMIN_LINK] : PLAYER_NAV).map((item) => {
            const active = isActivePath(pathname, item.to);
            return (
              <AppLink
                key={item.to}
                to={item.to}
                aria-current={active ? 'page' : undefined}
                className={`rounded-full px-3 py-2 text-sm font-semibold ${active ? 'bg-white/15 text-white' : 'text-brand-50 hover:bg-white/10'}`}
              >
                {item.label}
              </AppLink>
            );
          })}
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-1">
          {/* Not on a phone (the slide-out menu offers it there): a class on the button itself lost
              to its own `inline-flex`, and where Chromium offers the install the button took the
              account menu's room, the name cut to nothing and its chevron over ☰ (issue 44). */}
          <div className="hidden md:contents">
            <InstallButton />
          </div>
          <UserMenu profile={profile} onSignOut={onSignOut} />
          <MobileMenu profile={profile} pathname={pathname} onSignOut={onSignOut} />
        </div>
      </div>
      <CountdownBanner />
    </header>
  );
}
