// Registers the service worker (production builds only: in `vite dev` it would cache
// modules under the developer's feet). A new version that is installed and waiting is
// announced to subscribers (the shell's update prompt) and applied on request.
// workbox-window is imported on call, not at start-up: registration waits for the page's
// `load` anyway, so it never needs to be in the first load.
import type { Workbox } from 'workbox-window';

export interface ServiceWorkerOptions {
  /** Called when a new version is installed and waiting; call `apply` to switch to it (reloads). */
  onUpdateReady?: (apply: () => void) => void;
}

type UpdateListener = (apply: () => void) => void;

let pendingUpdate: (() => void) | null = null;
const listeners = new Set<UpdateListener>();

/**
 * Subscribes to "a new version is waiting". Called at once when one is already waiting.
 * Returns the unsubscribe function.
 */
export function onServiceWorkerUpdate(listener: UpdateListener): () => void {
  listeners.add(listener);
  if (pendingUpdate) listener(pendingUpdate);
  return () => listeners.delete(listener);
}

export async function registerServiceWorker(options: ServiceWorkerOptions = {}): Promise<Workbox | undefined> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return undefined;
  const { Workbox } = await import('workbox-window').catch((error: unknown) => {
    console.warn('No se pudo cargar el registro del service worker', error);
    return { Workbox: null };
  });
  if (!Workbox) return undefined;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    const apply = () => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    };
    pendingUpdate = apply;
    options.onUpdateReady?.(apply);
    for (const listener of listeners) listener(apply);
  });
  wb.register().catch((error: unknown) => console.warn('No se pudo registrar el service worker', error));
  return wb;
}
