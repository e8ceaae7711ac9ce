/// <reference lib="webworker" />
// The service worker: precached app shell (the app opens offline), crests cached as they are
// seen, push notifications. Built by vite-plugin-pwa (injectManifest) into /sw.js.
import { ExpirationPlugin } from 'workbox-expiration';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { parsePushPayload } from './push-payload';
// Background sync of the picks outbox (service-worker/outbox-sync.ts).
import './outbox-sync';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every in-app navigation gets the precached shell, online or not; the router takes it from
// there. Paths that name a file (/sw.js, /manifest.webmanifest, /crests/…) are not app routes.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/\/[^/?]+\.[^/?]+$/] }));

// Crests never change under the same URL and there are hundreds: keep the ones a player has seen.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/crests/') && request.method === 'GET',
  new CacheFirst({
    cacheName: 'crests',
    plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 90 })],
  }),
);

// The update prompt (workbox-window's messageSkipWaiting) activates a waiting version on request.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

self.addEventListener('push', (event) => {
  const notification = parsePushPayload(event.data?.text(), self.location.origin);
  event.waitUntil(
    self.registration.showNotification(notification.title, {
      body: notification.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'es-MX',
      data: { url: notification.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | null)?.url ?? '/';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const exact = windows.find((client) => client.url === target);
      if (exact) return exact.focus();
      const open = windows[0];
      if (open) {
        const navigated = await open.navigate(target);
        return (navigated ?? open).focus();
      }
      return self.clients.openWindow(target);
    })(),
  );
});
