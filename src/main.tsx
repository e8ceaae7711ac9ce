import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { envCheck } from './lib/env';
import { registerServiceWorker } from './lib/sw-register';
import { routeTree } from './routeTree.gen';
import './styles.css';

const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  // Show a skeleton quickly on a slow phone network instead of a frozen screen.
  defaultPendingMs: 150,
  defaultPendingMinMs: 300,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const root = createRoot(document.getElementById('root')!);

if (envCheck.ok) {
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  void registerServiceWorker();
  // This phone's push subscription is re-checked at each start and saved again when it changed.
  void import('./features/push').then((m) => m.startPushSync()).catch(() => undefined);
  // The outbox (picks and Boost answers) runs in every tab from start-up, not only on the picks screens: waiting
  // picks flush (online, visibility, the service worker's request) and a sign-out from any
  // screen clears the offline cache. Loaded lazily after the first render, outside the first load.
  // Players' analytics start the same way (lib/start-activity.ts); the screens seen before it
  // loads are remembered here, so a quick first tap does not lose a page view.
  const seen = [window.location.pathname];
  const stopRemembering = router.subscribe('onResolved', ({ toLocation }) => void seen.push(toLocation.pathname));
  const startOutbox = () => {
    void import('./outbox').then((m) => m.startAppOutbox()).catch(() => undefined);
    void import('./lib/start-activity')
      .then((m) => m.startActivity(router, seen, stopRemembering))
      .catch(() => undefined);
  };
  const whenIdle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(startOutbox, { timeout: 2000 }) : setTimeout(startOutbox, 200));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
} else {
  // Only a misconfigured build shows this screen, so its code stays out of everyone's first load.
  const { problems } = envCheck;
  void import('./components/ui/config-error').then(({ ConfigError }) => root.render(<ConfigError problems={problems} />));
}
