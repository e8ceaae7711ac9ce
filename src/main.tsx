import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfigError } from './components/ui/config-error';
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
  registerServiceWorker();
} else {
  root.render(<ConfigError problems={envCheck.problems} />);
}
