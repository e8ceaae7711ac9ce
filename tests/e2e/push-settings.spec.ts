// "Avisos en este teléfono" in each state a phone can be in (issue 10), through the real
// /settings screen: iPhone Safari in the browser gets the "Agregar a pantalla de inicio" steps
// and no switch; the same iPhone running the installed app (standalone) gets the switch; a browser
// that blocked notifications says so and how to unblock them; one whose push service refuses a
// subscription says that, not "check your connection".
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createPlayer, signInPage } from '../support/e2e-players.ts';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

async function openPushSettings(page: Page) {
  const player = await createPlayer('avisos');
  await signInPage(page, player);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Configuración', level: 1 })).toBeVisible();
  return page.getByRole('region', { name: 'Avisos en este teléfono' });
}

/** What the page says about the notification permission, as the app reads it. */
const permission = (page: Page) => page.evaluate(() => Notification.permission);

test.describe('on iPhone', () => {
  test.use({ userAgent: IPHONE_SAFARI });

  test('Safari in the browser shows the steps to add the app to the home screen instead of the switch', async ({ page }) => {
    const section = await openPushSettings(page);
    await expect(section.getByText('En iPhone los avisos llegan solo a la app instalada. Para activarlos:')).toBeVisible();
    const steps = section.getByRole('listitem');
    await expect(steps).toHaveText([
      'En Safari toca Compartir (el cuadro con la flecha hacia arriba).',
      'Elige Agregar a pantalla de inicio y toca Agregar.',
      'Abre Quinielazo desde el ícono de tu pantalla de inicio y vuelve aquí para activar los avisos.',
    ]);
    await expect(section.getByRole('switch')).toHaveCount(0);
    expect(await permission(page)).toBe('default'); // nothing was asked
  });

  test('the installed app (standalone) offers the switch', async ({ page }) => {
    // Chromium cannot emulate display-mode (DevTools' media emulation ignores it), so the page
    // gets what iOS gives an app opened from the home screen: navigator.standalone = true.
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true, configurable: true }));
    const section = await openPushSettings(page);
    const toggle = section.getByRole('switch', { name: 'Avisos en este teléfono' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(toggle).toBeEnabled();
    await expect(section.getByText('Desactivados: te avisamos por correo.')).toBeVisible();
    await expect(section.getByText('Agregar a pantalla de inicio')).toHaveCount(0);
  });
});

/** Sets the notification permission of the app's origin in this browser context to "denied". */
async function denyNotifications(context: BrowserContext, page: Page, origin: string) {
  const cdp = await context.newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  const browserCdp = await context.browser()!.newBrowserCDPSession();
  await browserCdp.send('Browser.setPermission', {
    permission: { name: 'notifications' },
    setting: 'denied',
    origin,
    browserContextId: targetInfo.browserContextId,
  });
}

test('notifications blocked by the browser: the screen says so and how to unblock them', async ({ page, context, baseURL }) => {
  await denyNotifications(context, page, new URL(baseURL!).origin);
  const section = await openPushSettings(page);
  expect(await permission(page)).toBe('denied');
  const toggle = section.getByRole('switch', { name: 'Avisos en este teléfono' });
  await expect(section.getByText('Bloqueados por el navegador: te avisamos por correo.')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(toggle).toBeDisabled();
  await expect(section.getByText(/^Para desbloquearlos, toca el candado/)).toHaveText(
    'Para desbloquearlos, toca el candado (o el ícono de ajustes) junto a la dirección, abre Notificaciones, elige Permitir y vuelve a cargar la página. En la app instalada del iPhone: Ajustes › Notificaciones › Quinielazo.',
  );
});

test('a browser whose push service refuses the subscription says so, instead of blaming the connection', async ({ page, context, baseURL }) => {
  // Notifications allowed, but this Chromium has no push service: subscribe() is refused, as on
  // a phone whose browser has push turned off. The save never starts, so the network is not the cause.
  await context.grantPermissions(['notifications'], { origin: new URL(baseURL!).origin });
  const section = await openPushSettings(page);
  expect(await permission(page)).toBe('granted');
  const toggle = section.getByRole('switch', { name: 'Avisos en este teléfono' });
  await expect(toggle).toBeEnabled();
  await toggle.click();
  await expect(section.getByText('Este navegador no pudo activar los avisos. Te seguiremos avisando por correo.')).toBeVisible();
  await expect(section.getByText(/Revisa tu conexión/)).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
});
