import { createRootRoute, Link, Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { PlayerHeader } from '@/components/layout/player-header';
import { PublicHeader } from '@/components/layout/public-header';
import { SiteFooter } from '@/components/layout/site-footer';
import { captureReferral } from '@/features/auth/referral';
import { inviteCodeOf, inviteRoads } from '@/features/leagues/invite-roads';
import { OfflineIndicator, UpdatePrompt } from '@/components/pwa';
import { useHydrated } from '@/components/ui/use-hydrated';
import { BRAND } from '@/lib/brand';
import { loadSession, useSessionStore } from '@/lib/session';

// Start reading the session (and any auth redirect in the URL fragment) before the first route loads.
void loadSession();

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The screen's name in the browser tab and history ("Tabla de Posiciones · Quinielazo");
     * null: the app's own title (index.html's). Absent: the screen names itself
     * (useDocumentTitle: the blog, FAQ, contact and privacy pages), or its parent route does. */
    title?: string | null;
  }
}

/** index.html's title, for the screens that take the app's own. */
const APP_TITLE = `${BRAND.name} · Quinielas de fútbol gratis`;

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  // Strings, not the location object: each router load makes a new object, and the whole shell
  // (header, footer and their links) re-rendered with it when a screen's data arrived.
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  // A visitor on the road from a liga's invitation: sign-up and sign-in keep it (issue 44). Not
  // while a prerendered page hydrates (it was rendered with no invitation; hydration keeps the
  // page's links as they are): the render right after it puts the invitation in them.
  const hydrated = useHydrated();
  const inviteCode = useRouterState({ select: (state) => inviteCodeOf(state.location.pathname, state.location.search) });
  const invite = hydrated && inviteCode ? inviteRoads(inviteCode) : null;
  const ready = useSessionStore((s) => s.ready);
  const signedIn = useSessionStore((s) => s.session !== null);
  const lastEvent = useSessionStore((s) => s.lastEvent);
  const router = useRouter();

  // docs/product.md#screens: every path change scrolls to the top. Not the first render: a visitor
  // may have scrolled the prerendered page before the app hydrated it.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);

  // The deepest route that names its screen: one string, so the shell does not re-render per load.
  const title = useRouterState({ select: (state) => state.matches.findLast((m) => m.staticData.title !== undefined)?.staticData.title });
  useEffect(() => {
    if (title !== undefined) document.title = title === null ? APP_TITLE : `${title} · ${BRAND.name}`;
  }, [title]);

  // A referral link (?ref=CODE) may arrive on any page.
  useEffect(() => {
    captureReferral(searchStr);
  }, [searchStr]);

  // Signed out (another tab, expiry): the guards run again, so a player screen goes to /login.
  useEffect(() => {
    if (lastEvent === 'SIGNED_OUT') void router.invalidate();
  }, [lastEvent, router]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#contenido" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-brand-800">
        Saltar al contenido
      </a>
      {signedIn ? <PlayerHeader pathname={pathname} /> : <PublicHeader pending={!ready} invite={invite} />}
      <OfflineIndicator />
      {/* At least a screen tall, so the footer starts below the fold: a screen shorter than that
          while it loads (before its skeleton, or a short one) would show the footer, and the data
          would push it away (on /inicio a layout shift of 0.08–0.17 in half the cold loads). */}
      <main id="contenido" className="mx-auto min-h-svh w-full max-w-3xl flex-1 px-4 py-5">
        <Outlet />
      </main>
      <SiteFooter signedIn={signedIn} signUpSearch={invite?.signUp} />
      <UpdatePrompt />
    </div>
  );
}

function NotFound() {
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <p className="text-5xl font-extrabold text-brand-700">404</p>
      <h1 className="text-xl font-bold">Página no encontrada</h1>
      <p className="text-sm text-slate-600">La página que buscas no existe o cambió de dirección.</p>
      <Link to="/" className="mt-2 rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800">
        Volver al inicio
      </Link>
    </div>
  );
}
