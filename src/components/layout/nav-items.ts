/** The signed-in navigation (docs/product.md#shell-and-navigation), shared by the desktop bar and the slide-out menu. */
export const PLAYER_NAV = [
  { to: '/inicio', label: 'Inicio' },
  { to: '/picks-selector', label: 'Quinielas' },
  { to: '/leaderboard', label: 'Ranking' },
  { to: '/ligas', label: 'Ligas' },
  { to: '/mis-quinielas', label: 'Mis quinielas' },
  { to: '/pro', label: 'Pro' },
] as const;

export const ACCOUNT_LINKS = [
  { to: '/dashboard', label: 'Mi perfil' },
  { to: '/settings', label: 'Configuración' },
] as const;

export function isActivePath(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
