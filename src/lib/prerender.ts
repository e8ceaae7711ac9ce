// Build-time prerendering of the public pages (scripts/prerender.ts, docs/decisions.md
// "Prerendered public pages"): the same route tree renders on the server and hydrates in the
// browser, so both sides must render the same first screen.
import type { AnyRouter } from '@tanstack/react-router';

/** The pages that do not depend on the visitor, written to dist/<path>/index.html at build time. */
export const PRERENDERED_PATHS = ['/', '/rules', '/faq', '/privacidad', '/blog', '/contactanos', '/login', '/signup', '/leaderboard', '/quinielazo-de-la-semana'];

/** Routes whose data belongs to the moment of the visit: they are prerendered as their skeleton,
 * and the first client render shows the same skeleton; their loader runs after hydration. */
const DATA_ROUTE_IDS = ['/leaderboard', '/quinielazo-de-la-semana', '/blog/'];

type Loader = (...args: unknown[]) => unknown;

/**
 * Swaps each data route's screen for its skeleton and drops its loader, for the server render
 * and the first client render. Returns the function that brings the loaders back (run it after
 * hydration, then invalidate the router): the screen comes back with the loader's first data.
 */
export function skeletonsFirst(router: AnyRouter): () => void {
  const restores = DATA_ROUTE_IDS.flatMap((id) => {
    const route = router.routesById[id] as { options: { loader?: Loader; component?: unknown; pendingComponent?: unknown } } | undefined;
    const { loader, component, pendingComponent } = route?.options ?? {};
    if (!route || !loader || !pendingComponent) return [];
    route.options.loader = undefined;
    route.options.component = pendingComponent;
    return [
      () => {
        route.options.loader = async (...args: unknown[]) => {
          const data = await loader(...args);
          // The screen replaces the skeleton in the same commit that brings its data.
          route.options.component = component;
          route.options.loader = loader;
          return data;
        };
      },
    ];
  });
  return () => restores.forEach((restore) => restore());
}
