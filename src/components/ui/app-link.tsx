// A link to an in-app path given as a plain string. The shell links to screens other issues
// build (FAQ, blog, settings…); TanStack's typed `to` would reject a path whose route file does
// not exist yet, while at runtime the router navigates (or shows 404) either way.
import { Link } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, ReactNode } from 'react';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path such as '/faq', '/#how-it-works' or '/picks?quiniela=current'. */
  to: string;
  children: ReactNode;
}

export function AppLink({ to, children, ...props }: AppLinkProps) {
  const url = new URL(to, 'http://app.local');
  const search = Object.fromEntries(url.searchParams);
  return (
    <Link
      to={url.pathname as '/'}
      search={(Object.keys(search).length ? search : undefined) as never}
      hash={url.hash ? url.hash.slice(1) : undefined}
      {...props}
    >
      {children}
    </Link>
  );
}
