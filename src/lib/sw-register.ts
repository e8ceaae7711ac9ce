// Registers the service worker (production builds only: in `vite dev` it would cache
// modules under the developer's feet). `onUpdateReady` is how an update prompt hooks in.
import { Workbox } from 'workbox-window';

export interface ServiceWorkerOptions {
  /** Called when a new version is installed and waiting; call `apply` to switch to it (reloads). */
  onUpdateReady?: (apply: () => void) => void;
}

export function registerServiceWorker(options: ServiceWorkerOptions = {}): Workbox | undefined {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return undefined;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    options.onUpdateReady?.(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  wb.register().catch((error: unknown) => console.warn('No se pudo registrar el service worker', error));
  return wb;
}
