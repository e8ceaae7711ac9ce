// skeletonsFirst (src/lib/prerender.ts) on a real TanStack router: the server and the first
// browser render show a data route's skeleton; in the browser its read starts during that first
// load, and the loader brought back after hydration takes that read over instead of reading again.
// (That the screen waits for its skeleton's hydration is the E2E tier's: tests/e2e/prerender.spec.ts.)
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { skeletonsFirst } from '../../src/lib/prerender';

function appWith(path: string) {
  const reads: string[] = [];
  let answer = 0;
  const root = createRootRoute();
  const Screen = () => null;
  const Skeleton = () => null;
  const leaderboard = createRoute({
    getParentRoute: () => root,
    path: '/leaderboard',
    loader: async () => {
      reads.push('leaderboard');
      return { answer: ++answer };
    },
    component: Screen,
    pendingComponent: Skeleton,
  });
  const rules = createRoute({ getParentRoute: () => root, path: '/rules', component: Screen });
  const router = createRouter({ routeTree: root.addChildren([leaderboard, rules]), history: createMemoryHistory({ initialEntries: [path] }) });
  return { router, reads, leaderboard, Screen, Skeleton };
}

describe('skeletonsFirst', () => {
  it('on the server, shows the skeleton and reads nothing', async () => {
    const { router, reads, leaderboard, Skeleton } = appWith('/leaderboard');
    skeletonsFirst(router);
    await router.load();
    expect(leaderboard.options.component).toBe(Skeleton);
    expect(reads).toEqual([]);
  });

  it('in the browser, starts the read during the first load and hands it to the loader after hydration', async () => {
    const { router, reads, leaderboard, Screen } = appWith('/leaderboard');
    const skeletons = skeletonsFirst(router, { startEarly: true });
    await router.load();
    // The first render is still the skeleton (which tells when it hydrated), while the read is
    // already on its way.
    expect(leaderboard.options.component).not.toBe(Screen);
    expect((leaderboard.options.component as { name: string }).name).toBe('HydratingSkeleton');
    await expect.poll(() => reads).toEqual(['leaderboard']);

    expect(skeletons.restore()).toBe(true);
    await router.invalidate();
    expect(reads).toEqual(['leaderboard']);
    expect(router.state.matches.at(-1)?.loaderData).toEqual({ answer: 1 });
    expect(leaderboard.options.component).toBe(Screen);

    // From then on the route reads as usual.
    await router.invalidate();
    expect(reads).toEqual(['leaderboard', 'leaderboard']);
  });

  it('asks for no second load when no data route is on screen', async () => {
    const { router, reads } = appWith('/rules');
    const skeletons = skeletonsFirst(router, { startEarly: true });
    await router.load();
    expect(skeletons.restore()).toBe(false);
    expect(reads).toEqual([]);
  });
});
