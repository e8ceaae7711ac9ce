// Pushes delivered to the app's real service worker through DevTools
// (ServiceWorker.deliverPushMessage), as a browser's push service would hand them over; and the
// registration id other DevTools service-worker commands (background sync) need.
import type { BrowserContext, CDPSession, Page } from '@playwright/test';

/** The DevTools id of the app's service worker registration (the one whose scope is `origin`). */
export async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(origin));
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

/** Delivers `message` to the service worker controlling `page`; returns a sender for more. */
export async function pushTo(context: BrowserContext, page: Page): Promise<(message: PushMessage) => Promise<void>> {
  const origin = new URL(page.url()).origin;
  const cdp = await context.newCDPSession(page);
  const id = await registrationId(cdp, origin);
  return async (message) => {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: JSON.stringify(message) });
  };
}
