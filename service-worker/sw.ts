/// <reference lib="webworker" />
// The service worker: precached app shell (the app opens offline), crests cached as they are
// seen, push notifications. Built by vite-plugin-pwa (injectManifest) into /sw.js.
import { ExpirationPlugin } from 'workbox-expiration';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { parsePushPayload } from './push-payload';
// Background sync of the outbox: picks, Boost answers and Pro picks (service-worker/outbox-sync.ts).
import './outbox-sync';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const appShell = createHandlerBoundToURL('app-shell.html');

// A liga's invitation (/liga/<code>) is the page the server wrote with the liga in it
// (scripts/liga-preview.ts): a visitor reads it without the app, so the app's read cache never
// holds it. The page itself is kept, one per code, and opens offline after a visit (issue 44,
// item 6); with signal the server's page is asked for first (a renamed liga shows at once), and
// with neither the app shell takes over as on every other route.
const INVITATION_PATH = /^\/liga\/[A-Za-z0-9]{4,16}\/?$/;
const invitations = new NetworkFirst({
  cacheName: 'liga-invitations',
  networkTimeoutSeconds: 5,
  plugins: [
    // One copy per liga, whatever the link carried (?unirme=1, ?ref=…).
    { cacheKeyWillBeUsed: async ({ request }) => `${new URL(request.url).origin}${new URL(request.url).pathname}` },
    new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 60 * 60 * 24 * 7 }),
  ],
});
const isInvitation = (url: URL) => url.origin === self.location.origin && INVITATION_PATH.test(url.pathname);
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isInvitation(url),
  async (options) => (await invitations.handle(options).catch(() => undefined)) ?? appShell(options),
);

// The invitation a visitor opened before this worker existed (the page registers it at load):
// kept as soon as the worker activates, so it too opens offline next time.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) {
        const url = new URL(client.url);
        if (isInvitation(url)) await invitations.handle({ event, request: new Request(url.href) }).catch(() => undefined);
      }
    })(),
  );
});

// Every other in-app navigation gets the precached empty shell, online or not; the router takes
// it from there (index.html is the prerendered home page, scripts/prerender.ts). Paths that name
// a file (/sw.js, /manifest.webmanifest, /crests/…) are not app routes.
registerRoute(new NavigationRoute(appShell, { denylist: [/\/[^/?]+\.[^/?]+$/] }));

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

// Every push shows a visible notification (iPhone revokes subscriptions that get silent ones);
// notices about the same round share a tag, so a newer reminder replaces the older one.
self.addEventListener('push', (event) => {
  const notification = parsePushPayload(event.data?.text(), self.location.origin);
  event.waitUntil(
    self.registration.showNotification(notification.title, {
      body: notification.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      lang: 'es-MX',
      ...(notification.tag ? { tag: notification.tag, renotify: true } : {}),
      data: { url: notification.url },
    } as NotificationOptions),
  );
});

// The browser replaced (or dropped) the subscription: subscribe again with the same key when
// it says which, and tell open windows, which save it (src/features/push/index.ts);
// with no window open, the app saves it at its next start.
self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as Event & { oldSubscription?: PushSubscription | null; waitUntil(p: Promise<unknown>): void };
  change.waitUntil(
    (async () => {
      const key = change.oldSubscription?.options.applicationServerKey;
      if (key && !(await self.registration.pushManager.getSubscription())) {
        await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }).catch(() => undefined);
      }
      for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) client.postMessage({ type: 'PUSH_SUBSCRIPTION_CHANGED' });
    })(),
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
