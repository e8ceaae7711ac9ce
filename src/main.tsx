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
} else {
  // Only a misconfigured build shows this screen, so its code stays out of everyone's first load.
  const { problems } = envCheck;
  void import('./components/ui/config-error').then(({ ConfigError }) => root.render(<ConfigError problems={problems} />));
}
