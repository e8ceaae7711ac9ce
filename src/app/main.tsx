import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { envCheck } from '@/lib/env';
import { skeletonsFirst } from '@/lib/prerender';
import { DB_NAME } from '@/lib/db-name';
import { loadSession, useSessionStore } from '@/lib/session';
import { registerServiceWorker } from '@/lib/sw-register';
import { routeTree } from '@/routeTree.gen';
import '@/styles.css';

const createAppRouter = () =>
  createRouter({
    routeTree,
    defaultPreload: 'intent',
    // Show a skeleton quickly on a slow phone network instead of a frozen screen.
    defaultPendingMs: 150,
    defaultPendingMinMs: 300,
  });

type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

/** Ends the current task. Start-up runs as several short tasks instead of one long one: on a
 * phone, a task over 50 ms holds back any tap in the meantime (Lighthouse counts it as blocking
 * time), and between tasks the browser can paint and answer input. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const container = document.getElementById('root')!;

/** Runs `run` after the first commit (hydration done). It wraps the app instead of sitting
 * beside it: a sibling would change the tree positions useId counts from (a mismatch). */
function AfterFirstCommit({ run, children }: { run: () => void; children: ReactNode }) {
  useEffect(run, [run]);
  return children;
}

/** A visitor can scroll a prerendered page before it hydrates (seconds, on a slow phone); the
 * router's first render would then put him back at the top, as it does for every new location,
 * the first included (at 20× CPU slowdown, a tap on /rules' footer in its first second landed
 * on an empty spot, the footer gone). He stays where he is instead. */
function keepScrollThroughHydration(router: AppRouter) {
  let x = window.scrollX;
  let y = window.scrollY;
  const track = () => {
    x = window.scrollX;
    y = window.scrollY;
  };
  window.addEventListener('scroll', track, { passive: true });
  // After the router's own handler (subscribed when it was created), in the same task: no
  // frame is drawn at the top in between.
  const stop = router.subscribe('onRendered', () => {
    stop();
    window.removeEventListener('scroll', track);
    if (window.scrollX !== x || window.scrollY !== y) window.scrollTo(x, y);
  });
}

/** A prerendered page (scripts/prerender.ts) is hydrated for a visitor: the same route, the
 * data routes' skeletons, then their loaders. A signed-in player gets his own render instead
 * (his header and shortcuts), which replaces the visitor's markup at its first commit. */
async function start(router: AppRouter) {
  if (container.hasAttribute('data-app-on-demand')) return takeOver(router);
  if (!container.hasChildNodes() || (await loadSession())) {
    // In a transition, as hydration is: the shell and the first screen's skeleton render in slices
    // (a player's /dashboard drew them in one 30–50 ms task, ×4 on a phone); only the commit is whole.
    startTransition(() => {
      createRoot(container).render(
        <StrictMode>
          <RouterProvider router={router} />
        </StrictMode>,
      );
    });
    return;
  }
  keepScrollThroughHydration(router);
  const skeletons = skeletonsFirst(router, { startEarly: true });
  let loaded = false;
  const loadData = () => {
    if (loaded) return;
    loaded = true;
    if (skeletons.restore()) void skeletons.hydrated.then(() => router.invalidate());
  };
  await router.load();
  await nextTask();
  // In a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (a slow phone's taps are not blocked meanwhile).
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <AfterFirstCommit run={loadData}>
          <RouterProvider router={router} />
        </AfterFirstCommit>
      </StrictMode>,
    );
  });
}

/** A page the server completed (the liga invitation, scripts/liga-preview.ts) is not the markup
 * the build rendered, so it is not hydrated: the app draws the page anew once the session and the
 * route's data are in, so its first commit replaces the server's page with the same page (or the
 * player's own state) in one go, nothing in between. Rendered in a transition, in slices. */
async function takeOver(router: AppRouter) {
  keepScrollThroughHydration(router);
  // A visitor offline reads the page the service worker kept (the liga's invitation, issue 44
  // item 6), its links plain links: the app, which would only say it cannot read the liga, waits
  // for the signal. A player's copy is in the app's read cache, so his app takes over at once.
  if (!(await loadSession()) && !navigator.onLine) await new Promise((resolve) => window.addEventListener('online', resolve, { once: true }));
  await router.load();
  await nextTask();
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}

/** A visitor's phone loads the offline layer (Dexie, the outbox) only when it has something for
 * it to do: the app's database exists (a player's waiting picks or copies to forget), or he signs
 * in (issue 12: visitors never download what only players use). */
async function needsOutbox(): Promise<boolean> {
  if (await loadSession()) return true;
  const stored = 'databases' in indexedDB ? await indexedDB.databases().catch(() => null) : null;
  if (!stored || stored.some((db) => db.name === DB_NAME)) return true;
  return new Promise((resolve) => {
    const stop = useSessionStore.subscribe((state) => {
      if (!state.session) return;
      stop();
      resolve(true);
    });
  });
}

/** Everything after the scripts' own evaluation, each step in a task of its own. */
async function startApp() {
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  void start(router);
  startOutboxWhenIdle(router);
}

/** The outbox (picks, Boost answers, Pro picks) runs in every tab from start-up, not only on the picks
 * screens: waiting picks flush (online, visibility, the service worker's request) and a sign-out
 * from any screen clears the offline cache. Loaded lazily after the first render, outside the
 * first load. Players' analytics start the same way (lib/start-activity.ts); the screens seen
 * before it loads are remembered here, so a quick first tap does not lose a page view. */
function startOutboxWhenIdle(router: AppRouter) {
  const seen = [window.location.pathname];
  const stopRemembering = router.subscribe('onResolved', ({ toLocation }) => void seen.push(toLocation.pathname));
  const startOutbox = () => {
    void needsOutbox()
      .then((needed) => (needed ? import('@/lib/outbox-runner').then((m) => m.startOutboxRunner()) : undefined))
      .catch(() => undefined);
    void import('@/lib/start-activity')
      .then((m) => m.startActivity(router, seen, stopRemembering))
      .catch(() => undefined);
  };
  const whenIdle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(startOutbox, { timeout: 2000 }) : setTimeout(startOutbox, 200));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

if (envCheck.ok) {
  void startApp();
  void registerServiceWorker();
  // This phone's push subscription is re-checked at each start and saved again when it changed.
  // Without the notification permission there is none to check (turning push on in the settings
  // loads the module there), so most phones skip loading it.
  if ('Notification' in window && Notification.permission === 'granted') void import('@/features/push').then((m) => m.startPushSync()).catch(() => undefined);
} else {
  // Only a misconfigured build shows this screen, so its code stays out of everyone's first load.
  const { problems } = envCheck;
  void import('@/components/ui/config-error').then(({ ConfigError }) => createRoot(container).render(<ConfigError problems={problems} />));
}
