// "Avisos en este teléfono" on a phone: the switch subscribes this browser and saves the
// subscription on the server, then unsubscribes and removes it, with the notification
// permission granted by the browser context (the app asks only on the tap). A push delivered to
// the real service worker through DevTools (ServiceWorker.deliverPushMessage) shows a Spanish
// notification with its title and the round's tag.
//
// Chromium's push service (Google's FCM) cannot be reached from this machine, so the real
// pushManager.subscribe() fails here. This file replaces only the subscription machinery of
// PushManager (subscribe, and getSubscription answering what subscribe made) with a
// subscription of real P-256 keys to an unreachable endpoint; the permission, the service
// worker, the app's code and the server are the real ones.
import { expect, test, type Page } from '@playwright/test';
import { createPlayer, serviceWorkerInControl, signInPage, type E2ePlayer } from '../support/e2e-players.ts';
import { pushTo, type PushMessage } from '../support/sw-push.ts';

test.describe.configure({ timeout: 60_000 });

async function replacePushSubscribe(page: Page) {
  await page.addInitScript(() => {
    const b64url = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    let current: PushSubscription | null = null;
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
      const p256dh = await crypto.subtle.exportKey('raw', pair.publicKey);
      const auth = crypto.getRandomValues(new Uint8Array(16)).buffer;
      const endpoint = `https://push.invalid/e2e/${crypto.randomUUID()}`;
      const sub = {
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: options?.applicationServerKey ?? null },
        getKey: (name: string) => (name === 'p256dh' ? p256dh : name === 'auth' ? auth : null),
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: b64url(p256dh), auth: b64url(auth) } }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      } as unknown as PushSubscription;
      current = sub;
      return sub;
    };
    PushManager.prototype.getSubscription = async () => current;
  });
}

async function serverEndpoints(player: E2ePlayer): Promise<string[]> {
  const { data, error } = await player.api.from('push_subscriptions').select('endpoint');
  if (error) throw error;
  return data.map((r) => r.endpoint);
}

test('the settings switch subscribes this phone and unsubscribes it', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await replacePushSubscribe(page);
  const player = await createPlayer('avisos');
  await signInPage(page, player);
  await page.goto('/settings');
  await serviceWorkerInControl(page);

  const section = page.getByRole('region', { name: 'Avisos en este teléfono' });
  const toggle = section.getByRole('switch', { name: 'Avisos en este teléfono' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(section.getByText('Desactivados: te avisamos por correo.')).toBeVisible();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(section.getByText('Activados: los recordatorios llegan a este teléfono.')).toBeVisible();
  await expect.poll(() => serverEndpoints(player)).toEqual([expect.stringMatching(/^https:\/\/push\.invalid\/e2e\//)]);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect.poll(() => serverEndpoints(player)).toEqual([]);
});

test('a push reaches the service worker and shows the notification with its title and tag', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await page.goto('/');
  await serviceWorkerInControl(page);
  const push = await pushTo(context, page);

  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, lang: n.lang })),
    );
  // Delivered again when it has not shown after a while, as a push service re-sends a message
  // the browser did not take: DevTools' delivery was once lost on a loaded CI machine (the same
  // build passed before and after). A service worker that never shows it still fails.
  const pushUntilShown = (message: PushMessage) =>
    expect(async () => {
      await push(message);
      await expect.poll(shown, { timeout: 5_000 }).toEqual([{ title: message.title, body: message.body, tag: 'quiniela-47', lang: 'es-MX' }]);
    }).toPass({ timeout: 30_000 });

  const message = { title: '⏰ Quiniela 47 cierra en menos de 2 horas', body: 'Te faltan 3 predicciones.', url: '/picks?quiniela=47', tag: 'quiniela-47' };
  await pushUntilShown(message);

  // A newer reminder of the same round replaces the first instead of stacking.
  await pushUntilShown({ ...message, title: '⏰ Quiniela 47 cierra mañana', body: 'Te falta 1 predicción.' });
});
