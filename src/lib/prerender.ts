// Build-time prerendering of the public pages (scripts/prerender.ts, docs/decisions/speed.md,
// "Prerendered public pages"): the same route tree renders on the server and hydrates in the
// browser, so both sides must render the same first screen.
import type { AnyRouter } from '@tanstack/react-router';
import { createElement, useEffect, type ComponentType } from 'react';

/** The liga invitation page (`/liga/<code>`) for every code: its skeleton, which the app server
 * serves at each code with the liga's preview tags in its head and the invitation in place of the
 * skeleton (scripts/liga-preview.ts). `_` is no code (codes are letters and digits). */
const LIGA_INVITE_TEMPLATE = '/liga/_';

/** The pages that do not depend on the visitor, written to dist/<path>/index.html at build time. */
export const PRERENDERED_PATHS = ['/', '/rules', '/faq', '/privacidad', '/blog', '/contactanos', '/login', '/signup', '/leaderboard', '/quinielazo-de-la-semana', LIGA_INVITE_TEMPLATE];

/** Routes whose data belongs to the moment of the visit: they are prerendered as their skeleton,
 * and the first client render shows the same skeleton; their loader runs after hydration. */
const DATA_ROUTE_IDS = ['/leaderboard', '/quinielazo-de-la-semana', '/blog/', '/liga/$code'];

type Loader = (context: { deps?: unknown; location?: { pathname: string } }) => unknown;

/** What makes two loads of a route the same load: its path and its loader's dependencies (a
 * route whose search gets a default is loaded again at its canonical URL). */
const loadKey = (context: Parameters<Loader>[0]) => JSON.stringify([context.location?.pathname, context.deps]);

/** What the browser does with the prerendered skeletons (see skeletonsFirst). */
export interface Skeletons {
  /** Brings the loaders back (call it after the first commit); true when a data route is on screen. */
  restore: () => boolean;
  /** Settles when a data route's skeleton has hydrated: only then may its screen replace it. */
  hydrated: Promise<void>;
}

/**
 * Swaps each data route's screen for its skeleton and drops its loader, for the server render
 * and the first client render.
 *
 * In the browser (`startEarly`), the first load still starts the loader, without waiting for it,
 * and the loader brought back by `restore` takes over that read: the data is on its way while the
 * scripts hydrate the page instead of after. Invalidate the router once `restore` returned true
 * and `hydrated` settled: the screen comes back with the loader's first data. Not before: the
 * route's boundary hydrates after the shell's first commit (its lazy chunk suspends once), and a
 * screen swapped in before that is hydrated against the skeleton's markup (a mismatch, and the
 * whole page drawn again in one long task).
 */
export function skeletonsFirst(router: AnyRouter, { startEarly = false } = {}): Skeletons {
  let skeletonHydrated!: () => void;
  const hydrated = new Promise<void>((resolve) => (skeletonHydrated = resolve));
  const restores = DATA_ROUTE_IDS.flatMap((id) => {
    const route = router.routesById[id] as { options: { loader?: Loader; component?: unknown; pendingComponent?: ComponentType } } | undefined;
    const { loader, component, pendingComponent } = route?.options ?? {};
    if (!route || !loader || !pendingComponent) return [];
    let started: { key: string; data: Promise<unknown> } | undefined;
    route.options.loader = startEarly
      ? (context) => {
          // The router may load the first location twice (start-up, then its provider's mount).
          if (started?.key === loadKey(context)) return undefined;
          const data = Promise.resolve().then(() => loader(context));
          data.catch(() => undefined); // read again after hydration if it failed
          started = { key: loadKey(context), data };
          return undefined;
        }
      : undefined;
    route.options.component = startEarly
      ? function HydratingSkeleton() {
          useEffect(skeletonHydrated, []);
          return createElement(pendingComponent);
        }
      : pendingComponent;
    return [
      () => {
        route.options.loader = async (context) => {
          const early = started?.key === loadKey(context) ? started.data : undefined;
          started = undefined;
          const data = await (early ? early.catch(() => loader(context)) : loader(context));
          // The screen replaces the skeleton in the same commit that brings its data.
          route.options.component = component;
          route.options.loader = loader;
          return data;
        };
      },
    ];
  });
  return {
    restore: () => {
      restores.forEach((restore) => restore());
      // Only a data route on screen has anything to load; the static pages need no second load.
      return router.state.matches.some((match) => DATA_ROUTE_IDS.includes(match.routeId));
    },
    hydrated,
  };
}
