/** The signed-in navigation (docs/product.md#shell-and-navigation), shared by the desktop bar and the slide-out menu. */
export const PLAYER_NAV = [
  { to: '/inicio', label: 'Inicio' },
  { to: '/picks-selector', label: 'Quinielas' },
  { to: '/leaderboard', label: 'Ranking' },
  { to: '/ligas', label: 'Ligas' },
  { to: '/mis-quinielas', label: 'Mis quinielas' },
  { to: '/pro', label: 'Pro' },
] as const;

const ACCOUNT_LINKS = [
  { to: '/dashboard', label: 'Mi resumen' },
  { to: '/settings', label: 'Configuración' },
] as const;

/** Shown to admins only (the profile says so; the admin routes ask the database themselves). */
export const ADMIN_LINK = { to: '/admin', label: 'Admin' } as const;

/** The account links for this profile: an admin also gets the way to /admin (issue 32). */
export function accountLinks(profile: { isAdmin: boolean } | null): readonly { to: string; label: string }[] {
  return profile?.isAdmin ? [...ACCOUNT_LINKS, ADMIN_LINK] : ACCOUNT_LINKS;
}

export function isActivePath(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
