import { createRootRoute, Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { BRAND } from '@/lib/brand';

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // The spec: every path change scrolls to the top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-10 bg-brand-800 text-white shadow">
        <div className="mx-auto flex h-14 max-w-3xl items-center px-4">
          <Link to="/" className="flex items-center gap-2 text-lg font-extrabold tracking-tight">
            <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
            {BRAND.name}
          </Link>
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-5">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto max-w-3xl px-4 py-5 text-center text-xs text-slate-500">
          <p>
            {BRAND.name} · Juego gratuito de pronósticos de fútbol · © {new Date().getFullYear()}
          </p>
        </div>
      </footer>
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
