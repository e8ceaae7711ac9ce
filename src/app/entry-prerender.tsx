// Server entry of the build-time prerender (scripts/prerender.ts): renders one public page of
// the app's own route tree with React's server renderer, as a visitor's first screen.
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode, Suspense, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { PRERENDERED_PATHS, skeletonsFirst } from '@/lib/prerender';
import { routeTree } from '@/routeTree.gen';

export { PRERENDERED_PATHS };

let skeletons = false;

/** The browser's router puts its matches in a Suspense boundary; the server's does not. The same
 * boundary here gives the markup the same boundary markers, so hydration lines up. */
function BrowserBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/** The markup of `path` for <div id="root">, and the routes it matched (their lazy chunks are
 * preloaded with the page). */
export async function renderPage(path: string): Promise<{ markup: string; routeIds: string[] }> {
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    isServer: true,
    InnerWrap: BrowserBoundary,
  });
  // The route tree is shared by every render: swap the data routes once.
  if (!skeletons) skeletonsFirst(router);
  skeletons = true;
  await router.load();
  // The server load sends a path to its canonical URL when its search gets a default; the
  // browser's router does the same, so the page is rendered at that URL.
  const result = (router as unknown as { _serverResult?: { type: string; redirect?: { options: { href?: string } } } })._serverResult;
  const href = result?.type === 'redirect' ? result.redirect?.options.href : undefined;
  if (href && href !== path && new URL(href, 'http://app.local').pathname === path) return renderPage(href);
  // prerender (not renderToString) waits for lazy route chunks instead of leaving a fallback;
  // an unbounded chunk size keeps every boundary in place (no streaming scripts).
  const { prelude } = await prerender(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return { markup: await new Response(prelude).text(), routeIds: router.state.matches.map((match) => match.routeId) };
}
